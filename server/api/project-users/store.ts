/** Project members: an identity's role in one project (manager, surveyor, viewer), shown with the profile copy. */
import type { Queryable } from '../../db/database.js';
import { limitOffset, type Page, type PageArgs } from '../http/list-query.js';

import { PROJECT_ROLES, type ProjectMember, type ProjectRole } from './member-schema.js';

export { PROJECT_ROLES, type ProjectMember, type ProjectRole };

interface Row {
  project_id: string;
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: ProjectRole;
  created_at: Date;
  updated_at: Date;
}

function toMember(r: Row): ProjectMember {
  return {
    projectId: r.project_id,
    userId: r.user_id,
    email: r.email ?? '',
    firstName: r.first_name ?? '',
    lastName: r.last_name ?? '',
    role: r.role,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** People by name as a reader finds them: the name when the profile has one, else the address. */
const BY_NAME = `lower(coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email, ''))`;
const SELECT = 'SELECT m.*, u.email, u.first_name, u.last_name FROM project_members m LEFT JOIN users u ON u.identity_id = m.user_id';

export async function listMembers(db: Queryable, projectId: string, role: ProjectRole | undefined, page: PageArgs): Promise<Page<ProjectMember>> {
  const params: unknown[] = [projectId];
  let where = 'm.project_id = $1';
  if (role) {
    params.push(role);
    where += ` AND m.role = $${params.length}`;
  }
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_members m WHERE ${where}`, params);
  const rows = await db.query<Row>(`${SELECT} WHERE ${where} ORDER BY ${BY_NAME}, m.user_id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toMember), total: total.rows[0]!.n, ...page };
}

export async function getMember(db: Queryable, projectId: string, userId: string): Promise<ProjectMember | undefined> {
  const r = await db.query<Row>(`${SELECT} WHERE m.project_id = $1 AND m.user_id = $2`, [projectId, userId]);
  return r.rows[0] && toMember(r.rows[0]);
}

/** Undefined when the identity is already a member (the caller answers 409). */
export async function addMember(db: Queryable, projectId: string, userId: string, role: ProjectRole, now: Date): Promise<ProjectMember | undefined> {
  const r = await db.query(
    `INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (project_id, user_id) DO NOTHING`,
    [projectId, userId, role, now],
  );
  return r.rowCount > 0 ? getMember(db, projectId, userId) : undefined;
}

export async function setMemberRole(db: Queryable, projectId: string, userId: string, role: ProjectRole, now: Date): Promise<ProjectMember | undefined> {
  const r = await db.query('UPDATE project_members SET role = $3, updated_at = $4 WHERE project_id = $1 AND user_id = $2', [projectId, userId, role, now]);
  return r.rowCount > 0 ? getMember(db, projectId, userId) : undefined;
}

export async function removeMember(db: Queryable, projectId: string, userId: string): Promise<boolean> {
  return (await db.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [projectId, userId])).rowCount > 0;
}

export async function countManagers(db: Queryable, projectId: string): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_members WHERE project_id = $1 AND role = 'manager'`, [projectId]);
  return r.rows[0]!.n;
}
