/**
 * The roles of the API. What each may do is not here: it is sitewave's permission model
 * (shared/permission-model.ts), where each role is a relation and each permission id a permit.
 */
import { PROJECT_ROLES, type ProjectRole } from '../project-users/store.js';

export const GLOBAL_ROLES = ['admin', 'user'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

export const ORG_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export { PROJECT_ROLES, type ProjectRole };
