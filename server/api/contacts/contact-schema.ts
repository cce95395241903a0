/** A contact on the wire: the response schema, and the type the store returns derived from it. */
import { Type, type Static } from 'typebox';
import { DateTime } from '../http/response-schemas.js';

export const ContactSchema = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  name: Type.String(),
  role: Type.String(),
  company: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  notes: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Contact = Static<typeof ContactSchema>;

const ContactFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  role: Type.String({ maxLength: 200 }),
  company: Type.String({ maxLength: 200 }),
  // An address, or empty to clear it.
  email: Type.Union([Type.String({ format: 'email', maxLength: 320 }), Type.String({ maxLength: 0 })]),
  phone: Type.String({ maxLength: 50, pattern: '^[0-9+()./\\s-]*$' }),
  notes: Type.String({ maxLength: 5000 }),
};
const { name, ...optional } = ContactFields;
export const NewContactBody = Type.Object({ name, ...Type.Partial(Type.Object(optional)).properties }, { additionalProperties: false });
export const ContactChangeBody = Type.Partial(Type.Object(ContactFields), { additionalProperties: false, minProperties: 1 });
