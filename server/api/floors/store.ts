/** Floors of a project. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { FloorResponse } from '../http/response-schemas.js';

/** The wire shape, derived from its response schema so the two cannot drift. */
export type Floor = FloorResponse;

export interface FloorInput {
  name: string;
  level: number;
  heightM?: number | null;
}

interface Row {
  id: string;
  project_id: string;
  name: string;
  level: number;
  height_m: number | null;
  floorplans: number;
  tracks: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `SELECT f.id, f.project_id, f.name, f.level, f.height_m, f.created_at, f.updated_at,
  (SELECT count(*)::int FROM floorplans p WHERE p.floor_id = f.id) AS floorplans,
  (SELECT count(*)::int FROM tracks t WHERE t.floor_id = f.id) AS tracks
  FROM floors f`;

function toFloor(r: Row): Floor {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    level: r.level,
    heightM: r.height_m,
    floorplans: r.floorplans,
    tracks: r.tracks,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function listFloors(db: Queryable, projectId: string, q: string | undefined, page: PageArgs): Promise<Page<Floor>> {
  const params: unknown[] = [projectId];
  let where = 'f.project_id = $1';
  if (q) {
    params.push(likePattern(q));
    where += ` AND f.name ILIKE $${params.length}`;
  }
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM floors f WHERE ${where}`, params);
  const rows = await db.query<Row>(`${SELECT} WHERE ${where} ORDER BY f.level, f.id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toFloor), total: total.rows[0]!.n, ...page };
}

export async function getFloor(db: Queryable, id: string): Promise<Floor | undefined> {
  const r = await db.query<Row>(`${SELECT} WHERE f.id = $1`, [id]);
  return r.rows[0] && toFloor(r.rows[0]);
}

export async function createFloor(db: Queryable, projectId: string, input: FloorInput, now: Date): Promise<Floor> {
  const id = randomUUID();
  await db.query(`INSERT INTO floors (id, project_id, name, level, height_m, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, [
    id,
    projectId,
    input.name,
    input.level,
    input.heightM ?? null,
    now,
  ]);
  return (await getFloor(db, id))!;
}

export async function updateFloor(db: Queryable, id: string, input: Partial<FloorInput>, now: Date): Promise<Floor | undefined> {
  const r = await db.query(
    `UPDATE floors SET name = coalesce($2, name), level = coalesce($3, level),
       height_m = CASE WHEN $4::boolean THEN $5::double precision ELSE height_m END, updated_at = $6 WHERE id = $1`,
    [id, input.name ?? null, input.level ?? null, input.heightM !== undefined, input.heightM ?? null, now],
  );
  return r.rowCount ? getFloor(db, id) : undefined;
}

export async function deleteFloor(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM floors WHERE id = $1', [id])).rowCount > 0;
}
