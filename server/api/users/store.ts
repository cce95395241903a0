/**
 * User profiles: what the API keeps about an identity (a copy of its e-mail address and names
 * for lists and invites, its state, and its global role). The identity service stays the owner
 * of the identity; the copy is refreshed whenever the API reads or changes it there.
 */
import type { Queryable } from '../../db/database.js';
import type { GlobalRole } from '../permissions/roles.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { IdentityProfile } from '../identity/identity-admin.js';
import type { User } from './user-schema.js';

export type { User };

interface Row {
  identity_id: string;
  email: string;
  first_name: string;
  last_name: string;
  state: 'active' | 'inactive';
  global_role: GlobalRole;
  created_at: Date;
  updated_at: Date;
}

export function toUser(r: Row): User {
  return {
    id: r.identity_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    state: r.state,
    globalRole: r.global_role,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function getUser(db: Queryable, id: string): Promise<User | undefined> {
  const r = await db.query<Row>('SELECT * FROM users WHERE identity_id = $1', [id]);
  return r.rows[0] && toUser(r.rows[0]);
}

/** Inserts the profile or refreshes its copy of the identity; the global role is kept. */
export async function saveProfile(db: Queryable, profile: IdentityProfile, now: Date, roleIfNew: GlobalRole = 'user'): Promise<User> {
  const r = await db.query<Row>(
    `INSERT INTO users (identity_id, email, first_name, last_name, state, global_role, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (identity_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name,
       last_name = EXCLUDED.last_name, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [profile.id, profile.email, profile.firstName, profile.lastName, profile.state, roleIfNew, now],
  );
  return toUser(r.rows[0]!);
}

export async function setGlobalRole(db: Queryable, id: string, role: GlobalRole, now: Date): Promise<void> {
  await db.query('UPDATE users SET global_role = $2, updated_at = $3 WHERE identity_id = $1', [id, role, now]);
}

export async function countAdmins(db: Queryable): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE global_role = 'admin'`);
  return r.rows[0]!.n;
}

/** The global administrators, the earliest appointed first. */
export async function listAdmins(db: Queryable): Promise<User[]> {
  const r = await db.query<Row>(`SELECT * FROM users WHERE global_role = 'admin' ORDER BY created_at, identity_id`);
  return r.rows.map(toUser);
}

/** The administrators' ids, their rows locked until the transaction ends. */
export async function lockAdmins(db: Queryable): Promise<string[]> {
  const r = await db.query<{ identity_id: string }>(`SELECT identity_id FROM users WHERE global_role = 'admin' FOR UPDATE`);
  return r.rows.map((row) => row.identity_id);
}

export interface UserFilter {
  q?: string;
  globalRole?: GlobalRole;
  state?: 'active' | 'inactive';
}

export async function listUsers(db: Queryable, filter: UserFilter, page: PageArgs): Promise<Page<User>> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.q) {
    params.push(likePattern(filter.q));
    where.push(`(email ILIKE $${params.length} OR (first_name || ' ' || last_name) ILIKE $${params.length})`);
  }
  if (filter.globalRole) {
    params.push(filter.globalRole);
    where.push(`global_role = $${params.length}`);
  }
  if (filter.state) {
    params.push(filter.state);
    where.push(`state = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users ${clause}`, params);
  const rows = await db.query<Row>(`SELECT * FROM users ${clause} ORDER BY lower(email), identity_id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toUser), total: total.rows[0]!.n, ...page };
}
