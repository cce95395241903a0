/** Organisations: their rows, lists (query by name), and the caller's role in each. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { OrgRole } from '../permissions/roles.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { OrgInput } from './org-input.js';
import type { OrgResponse } from '../http/response-schemas.js';

/** The wire shape, derived from its response schema so the two cannot drift. */
export type Org = OrgResponse;

interface Row {
  id: string;
  name: string;
  legal_name: string;
  vat_id: string;
  email: string;
  phone: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  members: number;
  role: OrgRole | null;
  created_at: Date;
  updated_at: Date;
}

function toOrg(r: Row): Org {
  return {
    id: r.id,
    name: r.name,
    legalName: r.legal_name,
    vatId: r.vat_id,
    email: r.email,
    phone: r.phone,
    address: { street: r.street, postalCode: r.postal_code, city: r.city, country: r.country },
    members: r.members,
    role: r.role,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** Columns set from a body; absent fields are left alone. */
function columns(input: Partial<OrgInput>): [string, unknown][] {
  const set: [string, unknown][] = [];
  const put = (column: string, value: unknown) => value !== undefined && set.push([column, value]);
  put('name', input.name?.trim());
  put('legal_name', input.legalName);
  put('vat_id', input.vatId?.replace(/[\s.]/g, '').toUpperCase());
  put('email', input.email);
  put('phone', input.phone);
  put('street', input.address?.street);
  put('postal_code', input.address?.postalCode);
  put('city', input.address?.city);
  put('country', input.address?.country);
  return set;
}

const SELECT = `SELECT o.*, (SELECT count(*)::int FROM org_members c WHERE c.org_id = o.id) AS members, m.role
  FROM orgs o LEFT JOIN org_members m ON m.org_id = o.id AND m.user_id = $1`;

export async function getOrg(db: Queryable, id: string, callerId: string): Promise<Org | undefined> {
  const r = await db.query<Row>(`${SELECT} WHERE o.id = $2`, [callerId, id]);
  return r.rows[0] && toOrg(r.rows[0]);
}

export async function createOrg(db: Queryable, input: OrgInput, now: Date): Promise<string> {
  const id = randomUUID();
  const set = columns(input);
  const names = ['id', 'created_at', 'updated_at', ...set.map(([c]) => c)];
  const values = [id, now, now, ...set.map(([, v]) => v)];
  await db.query(`INSERT INTO orgs (${names.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})`, values);
  return id;
}

/** False when there is no such organisation. */
export async function updateOrg(db: Queryable, id: string, input: Partial<OrgInput>, now: Date): Promise<boolean> {
  const set = columns(input);
  const params: unknown[] = [id, now, ...set.map(([, v]) => v)];
  const assignments = ['updated_at = $2', ...set.map(([c], i) => `${c} = $${i + 3}`)];
  const r = await db.query(`UPDATE orgs SET ${assignments.join(', ')} WHERE id = $1`, params);
  return r.rowCount > 0;
}

export async function deleteOrg(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM orgs WHERE id = $1', [id])).rowCount > 0;
}

export interface OrgFilter {
  q?: string;
  /** Only organisations this identity belongs to. */
  memberOnly?: boolean;
  sort?: 'name' | 'created';
}

export async function listOrgs(db: Queryable, callerId: string, filter: OrgFilter, page: PageArgs): Promise<Page<Org>> {
  const params: unknown[] = [callerId];
  const where: string[] = [];
  if (filter.memberOnly) where.push('m.role IS NOT NULL');
  if (filter.q) {
    params.push(likePattern(filter.q));
    where.push(`(o.name ILIKE $${params.length} OR o.legal_name ILIKE $${params.length})`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = filter.sort === 'created' ? 'o.created_at DESC, o.id' : 'lower(o.name), o.id';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orgs o LEFT JOIN org_members m ON m.org_id = o.id AND m.user_id = $1 ${clause}`, params);
  const rows = await db.query<Row>(`${SELECT} ${clause} ORDER BY ${order} ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toOrg), total: total.rows[0]!.n, ...page };
}
