/** A project member on the wire: the response schema, and the type the store returns derived from it. */
import { Type, type Static } from 'typebox';
import { DateTime } from '../http/response-schemas.js';

export const PROJECT_ROLES = ['manager', 'surveyor', 'viewer'] as const;
export const ProjectRoleSchema = Type.Enum(PROJECT_ROLES);
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const ProjectMemberSchema = Type.Object({
  projectId: Type.String(),
  userId: Type.String(),
  // The profile copy, as organisation members carry it: a list of ids alone names nobody.
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: ProjectRoleSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type ProjectMember = Static<typeof ProjectMemberSchema>;
