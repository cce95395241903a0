/**
 * The roles of the API and the permission ids each grants (shared/permission-ids.ts). One table,
 * so what a role may do is read in one place; the route policy says which id a call needs.
 *
 * An organisation role also grants `project:*` ids for every project of that organisation
 * (owners and admins manage all projects, members and viewers read them); a project role adds
 * ids for one project (a member who surveys one site is its surveyor).
 */
import { PERMISSION_IDS, type PermissionId } from '../../../shared/permission-ids.js';
import { PROJECT_ROLES, type ProjectRole } from '../project-users/store.js';

export const GLOBAL_ROLES = ['admin', 'user'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

export const ORG_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export { PROJECT_ROLES, type ProjectRole };

const withPrefix = (prefix: string) => PERMISSION_IDS.filter((id) => id.startsWith(prefix));
const except = (ids: readonly PermissionId[], ...left: PermissionId[]) => ids.filter((id) => !left.includes(id));

const ORG_READ: PermissionId[] = ['org:read', 'org:users:read', 'org:devices:read', 'org:notifications:read', 'org:projects:read', 'project:read', 'project:users:read'];

export const GLOBAL_ROLE_PERMISSIONS: Record<GlobalRole, readonly PermissionId[]> = {
  admin: withPrefix('admin:'),
  user: [],
};

export const ORG_ROLE_PERMISSIONS: Record<OrgRole, readonly PermissionId[]> = {
  owner: [...withPrefix('org:'), ...withPrefix('project:')],
  // Only an owner may delete the organisation.
  admin: except([...withPrefix('org:'), ...withPrefix('project:')], 'org:delete'),
  member: [...ORG_READ, 'org:invites:read', 'org:projects:create'],
  viewer: ORG_READ,
};

export const PROJECT_ROLE_PERMISSIONS: Record<ProjectRole, readonly PermissionId[]> = {
  manager: withPrefix('project:'),
  surveyor: ['project:read', 'project:users:read', 'project:survey:write', 'project:contacts:manage'],
  viewer: ['project:read', 'project:users:read'],
};
