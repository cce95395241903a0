/**
 * A project's permissions grouped the way people think of them: seeing the project, surveying it,
 * managing it. An id the table does not know (a newer API's) is still shown, under "other".
 */
import type { PermissionAccess } from '../../lib/api-types.js';

export const PERMISSION_GROUPS = {
  read: ['project:read', 'project:users:read'],
  survey: ['project:survey:write', 'project:contacts:manage'],
  manage: ['project:update', 'project:users:manage', 'project:reporting:manage', 'project:shares:manage', 'project:delete'],
} as const satisfies Record<string, readonly PermissionAccess['id'][]>;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS | 'other';

/** The permissions of an answer by group, in the table's order; empty groups left out. */
export function groupPermissions(permissions: readonly PermissionAccess[]): { group: PermissionGroup; permissions: PermissionAccess[] }[] {
  const byId = new Map(permissions.map((p) => [p.id, p]));
  const placed = new Set<string>();
  const groups: { group: PermissionGroup; permissions: PermissionAccess[] }[] = [];
  for (const [group, ids] of Object.entries(PERMISSION_GROUPS) as [keyof typeof PERMISSION_GROUPS, readonly string[]][]) {
    const found = ids.flatMap((id) => {
      const permission = byId.get(id as PermissionAccess['id']);
      if (!permission) return [];
      placed.add(id);
      return [permission];
    });
    if (found.length > 0) groups.push({ group, permissions: found });
  }
  const other = permissions.filter((p) => !placed.has(p.id));
  if (other.length > 0) groups.push({ group: 'other', permissions: other });
  return groups;
}
