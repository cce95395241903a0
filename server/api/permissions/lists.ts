/**
 * A caller's three permission lists (specification section 6), computed from roles: their own
 * (global role), an organisation's (their role in it) and a project's (their role in it). The
 * gateway caches them; the API checks every call again, keeping an answer until its next change
 * (on PostgreSQL, where other instances change roles too, five seconds at most: until-next-write.ts).
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

/** Where a checked call acts: an organisation, or a project (whose organisation counts too). */
export type CheckedScope = { orgId: string; projectId?: undefined } | { projectId: string; orgId?: undefined } | null;

/** `missing`: the organisation or project named does not exist. */
export type HeldPermissions = { missing: 'organisation' | 'project'; id: string } | { permissions: Set<PermissionId> };

/**
 * The union of the caller's lists where a call acts, in one statement: the API checks every
 * call, and three round trips per call (user, organisation, project) cost more than the read
 * being checked.
 */
export async function heldPermissions(db: Queryable, userId: string, scope: CheckedScope): Promise<HeldPermissions> {
  const r = await db.query<{ global_role: GlobalRole | null; org_id: string | null; org_role: OrgRole | null; project_id: string | null; project_role: ProjectRole | null }>(
    `SELECT (SELECT global_role FROM users WHERE identity_id = $1) AS global_role,
       o.id AS org_id, om.role AS org_role, p.id AS project_id, pm.role AS project_role
     FROM (SELECT $2::uuid AS org_id, $3::uuid AS project_id) wanted
     LEFT JOIN projects p ON p.id = wanted.project_id
     LEFT JOIN orgs o ON o.id = coalesce(p.org_id, wanted.org_id)
     LEFT JOIN org_members om ON om.org_id = o.id AND om.user_id = $1
     LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $1`,
    [userId, scope?.orgId ?? null, scope?.projectId ?? null],
  );
  const row = r.rows[0]!;
  if (scope?.projectId && !row.project_id) return { missing: 'project', id: scope.projectId };
  if (scope && !row.org_id) return { missing: 'organisation', id: scope.orgId ?? scope.projectId };
  const permissions = new Set<PermissionId>(GLOBAL_ROLE_PERMISSIONS[row.global_role ?? 'user']);
  if (row.org_role) for (const id of ORG_ROLE_PERMISSIONS[row.org_role]) permissions.add(id);
  if (row.project_role) for (const id of PROJECT_ROLE_PERMISSIONS[row.project_role]) permissions.add(id);
  return { permissions };
}

/** The answer shape of the three permission routes: entries carry an id. */
export const asEntries = (ids: readonly PermissionId[]) => ids.map((id) => ({ id }));
