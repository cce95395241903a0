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
  /** Only projects this identity is a member of. */
  memberId?: string;
  sort?: 'name' | 'created' | 'updated';
  /** The total an earlier page of the same query answered (`known_total`). */
  knownTotal?: number;
}

const COLUMNS = `id, org_id, name, description, status, customer, address, created_by, created_at, updated_at`;

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

export async function listProjects(db: Queryable, orgId: string, filter: ProjectFilter, page: PageArgs): Promise<Page<Project>> {
  const params: unknown[] = [orgId];
  const where = ['org_id = $1'];
  if (filter.q) {
    params.push(likePattern(filter.q));
    // What ILIKE does on a multi-byte database, spelled so the trigram index on lower(name) serves it.
    where.push(`lower(name) LIKE lower($${params.length})`);
  }
  if (filter.status) {
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  if (filter.memberId) {
    params.push(filter.memberId);
    where.push(`EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = projects.id AND m.user_id = $${params.length})`);
  }
  // Names are unique per organisation (lower(name)), so the name alone orders a page completely
  // and the (org_id, lower(name)) index hands the first page over in order, stopping early.
  const order = filter.sort === 'name' ? 'lower(name)' : filter.sort === 'updated' ? 'updated_at DESC, id' : 'created_at DESC, id';
  const filterParams = [...params];
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM projects WHERE ${where.join(' AND ')} ORDER BY ${order} ${limitOffset(page, params)}`, params);
  const items = rows.rows.map(toProject);
  const known = totalWithoutCounting(page, rows.rows.length, filter.knownTotal);
  if (known !== undefined) return { items, total: known, totalIsLowerBound: false, ...page };
  const bound = countBound(page);
  filterParams.push(bound + 1);
  const counted = (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM projects WHERE ${where.join(' AND ')} LIMIT $${filterParams.length}) AS matches`, filterParams)
  ).rows[0]!.n;
  // One more than the bound means "more than the bound": the page says so rather than counting on.
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
