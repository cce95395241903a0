/**
 * Request schema fragments several routes share, built with TypeBox so that a route's parameter,
 * query and body types follow from the schema it is validated with.
 */
import { Type, type Static, type TObject, type TSchemaOptions } from 'typebox';
import { UUID_PATTERN } from '../../../shared/uuid.js';

export { UUID_PATTERN };

/** An e-mail address; surrounding spaces are allowed and trimmed by the handler. */
export const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$' });

/** An id sent in a body; handlers lowercase it. */
export const Uuid = Type.String({ pattern: UUID_PATTERN });

/** A first or last name. */
export const PersonName = Type.String({ maxLength: 100 });

/** The path of every `/api/orgs/:orgId/…` route; routes with more parameters spread its properties. */
export const OrgParams = Type.Object({ orgId: Type.String() });

/**
 * One of a list of texts. `type` beside `enum`: a value of the wrong type is answered
 * "must be string", as for any text field, rather than "must be equal to one of the allowed values".
 */
export const TextEnum = <const Values extends string[]>(values: readonly [...Values], options?: TSchemaOptions) => Type.Enum(values, { ...options, type: 'string' });

/**
 * A body a client may leave out or send as `null`. One `type: ['object', 'null']` rather than a
 * union with null, so a refused field is answered about that field, not about the union.
 */
export const ObjectOrNull = <T extends TObject>(object: T) => Type.Unsafe<Static<T> | null>({ ...object, type: ['object', 'null'] });
