/** Projects of an organisation, in the API schema. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { countBound, likePattern, limitOffset, totalWithoutCounting, type Page, type PageArgs } from '../http/list-query.js';
import type { ProjectResponse } from '../http/response-schemas.js';

/** The wire shape, derived from its response schema so the two cannot drift. */
export type Project = ProjectResponse;
export type ProjectStatus = Project['status'];

export type ProjectInput = Pick<Project, 'name'> & Partial<Pick<Project, 'description' | 'status' | 'customer' | 'address'>>;

export interface ProjectFilter {
  q?: string;
  status?: ProjectStatus;
  /** Only these projects (those the caller holds a role in). */
  projectIds?: readonly string[];
  sort?: 'name' | 'created' | 'updated';
  /** The total an earlier page of the same query answered (`known_total`). */
  knownTotal?: number;
}

const COLUMNS = `id, org_id, name, description, status, customer, address, created_by, created_at, updated_at`;
const PAGE_COLUMNS = COLUMNS.split(', ')
  .map((c) => `p.${c}`)
  .join(', ');

interface Row {
  id: string;
  org_id: string;
  name: string;
  description: string;
  status: ProjectStatus;
  customer: string;
  address: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

function toProject(r: Row): Project {
  return {
    id: r.id,
    orgId: r.org_id,
    name: r.name,
    description: r.description,
    status: r.status,
    customer: r.customer,
    address: r.address,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * `lower(text)` as PostgreSQL answers it in every locale, when that is sure: printable ASCII
 * without the one letter whose lower case is the locale's (Turkish I). Undefined otherwise, and
 * the database lowers it.
 */
function lowerAsPostgres(text: string): string | undefined {
  return /^[\x20-\x7e]*$/.test(text) && !text.includes('I') ? text.toLowerCase() : undefined;
}

export async function listProjects(db: Queryable, orgId: string, filter: ProjectFilter, page: PageArgs): Promise<Page<Project>> {
  const params: unknown[] = [orgId];
  const where = ['org_id = $1'];
  if (filter.q) {
    // What ILIKE does on a multi-byte database, spelled so the trigram index on lower(name) serves it.
    // A pattern lowered here is compared as it is: PostgreSQL's plan for a prepared statement
    // (generic, the pattern a parameter) would otherwise call lower() on it once per row it tests.
    const pattern = likePattern(filter.q);
    const lowered = lowerAsPostgres(pattern);
    params.push(lowered ?? pattern);
    where.push(lowered === undefined ? `lower(name) LIKE lower($${params.length})` : `lower(name) LIKE $${params.length}`);
  }
  if (filter.status) {
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  if (filter.projectIds) {
    params.push(filter.projectIds);
    where.push(`id = ANY($${params.length}::uuid[])`);
  }
  const conditions = where.join(' AND ');
  if (filter.sort === 'name' && !(page.page > 1 && filter.knownTotal !== undefined)) return listByName(db, conditions, params, page);
  // Names are unique per organisation (lower(name)), so the name alone orders a page completely
  // (here a later page by name whose total the client knows: nothing to count).
  const order = filter.sort === 'name' ? 'lower(name)' : filter.sort === 'updated' ? 'updated_at DESC, id' : 'created_at DESC, id';
  const filterParams = [...params];
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM projects WHERE ${conditions} ORDER BY ${order} ${limitOffset(page, params)}`, params);
  const items = rows.rows.map(toProject);
  const known = totalWithoutCounting(page, rows.rows.length, filter.knownTotal);
  if (known !== undefined) return { items, total: known, totalIsLowerBound: false, ...page };
  return withCount(items, await countMatches(db, conditions, filterParams, countBound(page)), page);
}

/**
 * A page by name together with its count, in one statement. The (org_id, lower(name)) index
 * carries name and id, so the first `bound + 1` matches come off it in name order without
 * visiting the table (their lower(name) is tested as the index holds it); the page is a slice of
 * those, counted as it is cut, and only its rows are read from the table. A name query on a
 * large organisation thus passes over the non-matching names once, in the index, instead of
 * fetching each from the table for the page and again for the count.
 */
async function listByName(db: Queryable, conditions: string, params: unknown[], page: PageArgs): Promise<Page<Project>> {
  const filterParams = [...params];
  const bound = countBound(page);
  params.push(bound + 1);
  const matches = `SELECT id, lower(name) AS k FROM projects WHERE ${conditions} ORDER BY lower(name) LIMIT $${params.length}`;
  const rows = await db.query<Row & { n: number }>(
    `SELECT ${PAGE_COLUMNS}, s.n FROM (SELECT id, k, count(*) OVER ()::int AS n FROM (${matches}) AS matches ORDER BY k ${limitOffset(page, params)}) AS s
     JOIN projects p ON p.id = s.id ORDER BY s.k`,
    params,
  );
  const items = rows.rows.map(toProject);
  const known = totalWithoutCounting(page, rows.rows.length);
  if (known !== undefined) return { items, total: known, totalIsLowerBound: false, ...page };
  // Past the end of the matches the page is empty and carries no count: count on its own.
  return withCount(items, rows.rows[0]?.n ?? (await countMatches(db, conditions, filterParams, bound)), page);
}

/** Matches up to `bound + 1`: one more than the bound means "more than the bound". */
async function countMatches(db: Queryable, conditions: string, params: unknown[], bound: number): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM projects WHERE ${conditions} LIMIT $${params.length + 1}) AS matches`, [
    ...params,
    bound + 1,
  ]);
  return r.rows[0]!.n;
}

/** The page says "more than the bound" rather than counting on. */
function withCount(items: Project[], counted: number, page: PageArgs): Page<Project> {
  const bound = countBound(page);
  return { items, total: Math.min(counted, bound), totalIsLowerBound: counted > bound, ...page };
}

export async function getProject(db: Queryable, id: string): Promise<Project | undefined> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM projects WHERE id = $1`, [id]);
  return r.rows[0] && toProject(r.rows[0]);
}

export async function createProject(db: Queryable, orgId: string, input: ProjectInput, createdBy: string | null, now: Date): Promise<Project> {
  const r = await db.query<Row>(
    `INSERT INTO projects (id, org_id, name, description, status, customer, address, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
    [randomUUID(), orgId, input.name, input.description ?? '', input.status ?? 'running', input.customer ?? '', input.address ?? '', createdBy, now],
  );
  return toProject(r.rows[0]!);
}

export async function updateProject(db: Queryable, id: string, input: Partial<ProjectInput>, now: Date): Promise<Project | undefined> {
  const r = await db.query<Row>(
    `UPDATE projects SET name = coalesce($2, name), description = coalesce($3, description), status = coalesce($4, status),
       customer = coalesce($5, customer), address = coalesce($6, address), updated_at = $7
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, input.name ?? null, input.description ?? null, input.status ?? null, input.customer ?? null, input.address ?? null, now],
  );
  return r.rows[0] && toProject(r.rows[0]);
}

export async function deleteProject(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM projects WHERE id = $1', [id])).rowCount > 0;
}
