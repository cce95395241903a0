/**
 * The permission id catalogue. The gateway's route policy, the API's own enforcement and the
 * client's "may I show this button" checks all use these names, so a typo is a type error.
 *
 * Where an id is granted: `admin:*` ids come in the user's own list (global administrators);
 * `org:*` ids in an organisation's list (per organisation role); `project:*` ids in a project's
 * list, and an organisation role may also grant `project:*` ids for every project of that
 * organisation by listing them in the organisation's list (the check takes the union).
 */
export const PERMISSION_IDS = [
  // Global administration (user list).
  'admin:orgs',
  'admin:users',
  'admin:firmware',
  'admin:oauth2',
  // The audit trail: every event, its export and the chain check.
  'admin:audit',
  // The identity platform's project: its configuration and API keys (the project API under /.ory).
  'admin:platform',
  // Organisation (organisation list).
  'org:read',
  'org:update',
  'org:delete',
  'org:users:read',
  'org:users:manage',
  'org:invites:read',
  'org:invites:manage',
  'org:devices:read',
  'org:devices:manage',
  'org:billing:read',
  'org:billing:manage',
  'org:notifications:read',
  'org:projects:read',
  'org:projects:create',
  // The organisation's own audit events.
  'org:audit:read',
  // Project (project list, or granted organisation-wide through the organisation list).
  'project:read',
  'project:update',
  'project:delete',
  'project:survey:write',
  'project:users:read',
  'project:users:manage',
  'project:contacts:manage',
  'project:reporting:manage',
  'project:shares:manage',
] as const;

export type PermissionId = (typeof PERMISSION_IDS)[number];

const known: ReadonlySet<string> = new Set(PERMISSION_IDS);

export function isPermissionId(value: string): value is PermissionId {
  return known.has(value);
}
