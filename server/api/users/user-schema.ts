/** A user profile on the wire, and a recovery grant: response schemas and the types derived from them. */
import { Type, type Static } from 'typebox';
import { DateTime } from '../http/response-schemas.js';
import { GLOBAL_ROLES } from '../permissions/roles.js';

export const UserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  state: Type.Enum(['active', 'inactive']),
  globalRole: Type.Enum(GLOBAL_ROLES),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type User = Static<typeof UserSchema>;

export const RecoveryGrantSchema = Type.Object({
  link: Type.String({ description: 'Opens the recovery flow; shown to the administrator once' }),
  code: Type.Optional(Type.String({ description: 'For the code method: typed on the recovery page the link opens' })),
  expiresAt: Type.Optional(DateTime),
});
