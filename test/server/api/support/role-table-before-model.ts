/**
 * The role table sitewave's permission model replaced, as it was: each role and the permission
 * ids it granted. Kept only so a test can prove the model grants exactly the same.
 */
import { PERMISSION_IDS, type PermissionId } from '../../../../shared/permission-ids.js';

const withPrefix = (prefix: string) => PERMISSION_IDS.filter((id) => id.startsWith(prefix));
const except = (ids: readonly PermissionId[], ...left: PermissionId[]) => ids.filter((id) => !left.includes(id));

const ORG_READ: PermissionId[] = ['org:read', 'org:users:read', 'org:devices:read', 'org:notifications:read', 'org:projects:read', 'project:read', 'project:users:read'];

export const GLOBAL_ROLE_PERMISSIONS = {
  admin: withPrefix('admin:'),
  user: [],
} satisfies Record<string, readonly PermissionId[]>;

export const ORG_ROLE_PERMISSIONS = {
  owner: [...withPrefix('org:'), ...withPrefix('project:')],
  admin: except([...withPrefix('org:'), ...withPrefix('project:')], 'org:delete'),
  member: [...ORG_READ, 'org:invites:read', 'org:projects:create'],
  viewer: ORG_READ,
} satisfies Record<string, readonly PermissionId[]>;

export const PROJECT_ROLE_PERMISSIONS = {
  manager: withPrefix('project:'),
  surveyor: ['project:read', 'project:users:read', 'project:survey:write', 'project:contacts:manage'],
  viewer: ['project:read', 'project:users:read'],
} satisfies Record<string, readonly PermissionId[]>;
