/**
 * Response bodies of the public schema endpoints, `GET /schemas` and `GET /schemas/{id}`, as
 * Kratos answers them. Identities link to their schema as `<public>/schemas/<base64url(id)>`
 * (`schema_url`), so a lookup accepts the plain id and, failing that, its base64url form.
 */
import { errorEnvelope, type ErrorEnvelope } from '../../../shared/error-envelope.js';
import type { IdentitySchemaEntry, JsonSchema } from './identity-schema.js';

export const SCHEMAS_PATH = '/schemas';

export type SchemaLookup = { status: 200; body: JsonSchema } | { status: 404; body: ErrorEnvelope };

/** `GET /schemas`: every configured schema as `{id, schema}`, in configuration order. */
export function listSchemasBody(schemas: readonly IdentitySchemaEntry[]): { id: string; schema: JsonSchema }[] {
  return schemas.map(({ id, schema }) => ({ id, schema }));
}

/** `GET /schemas/{id}`: the raw schema document. An empty id means the default schema. */
export function getSchemaBody(schemas: readonly IdentitySchemaEntry[], id: string, defaultId = 'default'): SchemaLookup {
  const wanted = id === '' ? defaultId : id;
  const entry = findSchema(schemas, wanted);
  if (entry) return { status: 200, body: entry.schema };
  return {
    status: 404,
    body: errorEnvelope(404, `Identity schema \`${wanted}\` could not be found.`),
  };
}

export function findSchema(schemas: readonly IdentitySchemaEntry[], id: string): IdentitySchemaEntry | undefined {
  const direct = schemas.find((entry) => entry.id === id);
  if (direct) return direct;
  const decoded = decodeSchemaId(id);
  return decoded === undefined ? undefined : schemas.find((entry) => entry.id === decoded);
}

/** `schema_url` of an identity: the public base URL plus `/schemas/<base64url(id)>`. */
export function schemaUrl(publicBaseUrl: string, schemaId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${SCHEMAS_PATH}/${encodeSchemaId(schemaId)}`;
}

/** Unpadded base64url, as Kratos encodes it. */
export function encodeSchemaId(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

/** Strict: Node's decoder skips invalid characters, which would make unrelated ids match. */
export function decodeSchemaId(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) return undefined;
  const decoded = Buffer.from(encoded, 'base64url');
  if (decoded.toString('base64url') !== encoded) return undefined;
  const text = decoded.toString('utf8');
  return Buffer.from(text, 'utf8').equals(decoded) ? text : undefined;
}
