/**
 * Organisation members: an identity's role in one organisation, shown with the profile copy.
 * An organisation keeps at least one owner; callers check `countOwners` inside the transaction
 * that would change the last one.
 */
import type { Queryable } from '../../db/database.js';
import type { OrgRole } from '../permissions/roles.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { OrgMember } from './member-schema.js';

export type { OrgMember };

interface Row {
  org_id: string;
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: OrgRole;
  created_at: Date;
  updated_at: Date;
}

function toMember(r: Row): OrgMember {
  return {
    orgId: r.org_id,
    userId: r.user_id,
    email: r.email ?? '',
    firstName: r.first_name ?? '',
    lastName: r.last_name ?? '',
    role: r.role,
    joinedAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const SELECT = `SELECT m.*, u.email, u.first_name, u.last_name FROM org_members m LEFT JOIN users u ON u.identity_id = m.user_id`;

export async function getMember(db: Queryable, orgId: string, userId: string): Promise<OrgMember | undefined> {
  const r = await db.query<Row>(`${SELECT} WHERE m.org_id = $1 AND m.user_id = $2`, [orgId, userId]);
  return r.rows[0] && toMember(r.rows[0]);
}

/** Undefined when the identity already belongs to the organisation. */
export async function addMember(db: Queryable, orgId: string, userId: string, role: OrgRole, now: Date): Promise<OrgMember | undefined> {
  const r = await db.query(`INSERT INTO org_members (org_id, user_id, role, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT DO NOTHING`, [
    orgId,
    userId,
    role,
    now,
  ]);
  return r.rowCount > 0 ? getMember(db, orgId, userId) : undefined;
}

export async function setMemberRole(db: Queryable, orgId: string, userId: string, role: OrgRole, now: Date): Promise<void> {
  await db.query('UPDATE org_members SET role = $3, updated_at = $4 WHERE org_id = $1 AND user_id = $2', [orgId, userId, role, now]);
}

/** Leaving an organisation also leaves its projects, and it stops being the default one. */
export async function removeMember(db: Queryable, orgId: string, userId: string): Promise<void> {
  await db.query('DELETE FROM project_members WHERE user_id = $2 AND project_id IN (SELECT id FROM projects WHERE org_id = $1)', [orgId, userId]);
  await db.query('UPDATE user_settings SET default_org_id = NULL WHERE user_id = $2 AND default_org_id = $1', [orgId, userId]);
  await db.query('DELETE FROM org_members WHERE org_id = $1 AND user_id = $2', [orgId, userId]);
}

/** Locks the organisation's owner rows, so two concurrent demotions cannot both pass the check. */
export async function countOwners(db: Queryable, orgId: string): Promise<number> {
  const r = await db.query(`SELECT user_id FROM org_members WHERE org_id = $1 AND role = 'owner' FOR UPDATE`, [orgId]);
  return r.rowCount;
}

export async function isMember(db: Queryable, orgId: string, userId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM org_members WHERE org_id = $1 AND user_id = $2', [orgId, userId])).rowCount > 0;
}

export interface MemberFilter {
  q?: string;
  role?: OrgRole;
}

export async function listMembers(db: Queryable, orgId: string, filter: MemberFilter, page: PageArgs): Promise<Page<OrgMember>> {
  const params: unknown[] = [orgId];
  const where = ['m.org_id = $1'];
  if (filter.role) {
    params.push(filter.role);
    where.push(`m.role = $${params.length}`);
  }
  if (filter.q) {
    params.push(likePattern(filter.q));
    where.push(`(u.email ILIKE $${params.length} OR (u.first_name || ' ' || u.last_name) ILIKE $${params.length})`);
  }
  const clause = `WHERE ${where.join(' AND ')}`;
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM org_members m LEFT JOIN users u ON u.identity_id = m.user_id ${clause}`, params);
  const rows = await db.query<Row>(`${SELECT} ${clause} ORDER BY lower(coalesce(u.email, '')), m.user_id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toMember), total: total.rows[0]!.n, ...page };
}
