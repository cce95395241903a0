/**
 * A caller's three permission lists (specification section 6), computed from roles: their own
 * (global role), an organisation's (their role in it) and a project's (their role in it). The
 * gateway caches them; the API computes them again on every call it checks.
 */
import type { Queryable } from '../../db/database.js';
import type { PermissionId } from '../../../shared/permission-ids.js';
import { GLOBAL_ROLE_PERMISSIONS, ORG_ROLE_PERMISSIONS, PROJECT_ROLE_PERMISSIONS, type GlobalRole, type OrgRole, type ProjectRole } from './roles.js';

/** `undefined`: the organisation or project does not exist. */
export interface ScopedList {
  role: string | null;
  permissions: readonly PermissionId[];
}

export async function userPermissions(db: Queryable, userId: string): Promise<readonly PermissionId[]> {
  const r = await db.query<{ global_role: GlobalRole }>('SELECT global_role FROM users WHERE identity_id = $1', [userId]);
  return GLOBAL_ROLE_PERMISSIONS[r.rows[0]?.global_role ?? 'user'];
}

export async function orgPermissions(db: Queryable, orgId: string, userId: string): Promise<ScopedList | undefined> {
  const r = await db.query<{ role: OrgRole | null }>('SELECT m.role FROM orgs o LEFT JOIN org_members m ON m.org_id = o.id AND m.user_id = $2 WHERE o.id = $1', [orgId, userId]);
  const row = r.rows[0];
  if (!row) return undefined;
  return { role: row.role, permissions: row.role ? ORG_ROLE_PERMISSIONS[row.role] : [] };
}

export async function projectPermissions(db: Queryable, projectId: string, userId: string): Promise<(ScopedList & { orgId: string }) | undefined> {
  const r = await db.query<{ org_id: string; role: ProjectRole | null }>(
    'SELECT p.org_id, m.role FROM projects p LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $2 WHERE p.id = $1',
    [projectId, userId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  return { orgId: row.org_id, role: row.role, permissions: row.role ? PROJECT_ROLE_PERMISSIONS[row.role] : [] };
}

/** The answer shape of the three permission routes: entries carry an id. */
export const asEntries = (ids: readonly PermissionId[]) => ids.map((id) => ({ id }));
