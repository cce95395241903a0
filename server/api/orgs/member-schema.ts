/**
 * An organisation member on the wire: the response schema, the type the store returns derived
 * from it, and a role as requests name it.
 */
import { Type, type Static } from 'typebox';
import { DateTime } from '../http/response-schemas.js';
import { TextEnum } from '../http/schemas.js';
import { ORG_ROLES } from '../permissions/roles.js';

export const OrgMemberSchema = Type.Object({
  orgId: Type.String(),
  userId: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: Type.Enum(ORG_ROLES),
  joinedAt: DateTime,
  updatedAt: DateTime,
});
export type OrgMember = Static<typeof OrgMemberSchema>;

export const OrgRoleInput = TextEnum(ORG_ROLES);
