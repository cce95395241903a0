/** What the report reads besides the grids: the project, its organisation, who surveyed, each floor's walks and plans. */
import type { Queryable } from '../../db/database.js';
import { getFloorplanRow, latestFloorplanRow, type FloorplanRow } from '../floorplans/store.js';
import type { Project } from '../projects/store.js';
import type { TrackResultSummary } from '../tracks/store.js';

export interface Walk {
  id: string;
  name: string;
  floorplanId: string;
  result: TrackResultSummary;
}

/** The organisation's name, for the cover. */
export async function organisationName(db: Queryable, project: Project): Promise<string> {
  return (await db.query<{ name: string }>('SELECT name FROM orgs WHERE id = $1', [project.orgId])).rows[0]?.name ?? '';
}

/**
 * Who surveyed: the people who uploaded the walks in the report, by name; when devices uploaded
 * them all, the project's surveyors (the people sent on site).
 */
export async function surveyors(db: Queryable, projectId: string, floorIds: readonly string[]): Promise<string[]> {
  const name = `coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email)`;
  const uploaders = await db.query<{ name: string }>(
    `SELECT DISTINCT ${name} AS name FROM tracks t JOIN users u ON u.identity_id = t.created_by
      WHERE t.floor_id = ANY($1) AND t.status = 'processed' AND ${name} IS NOT NULL ORDER BY 1`,
    [floorIds],
  );
  if (uploaders.rows.length > 0) return uploaders.rows.map((r) => r.name);
  const members = await db.query<{ name: string }>(
    `SELECT DISTINCT ${name} AS name FROM project_members m JOIN users u ON u.identity_id = m.user_id
      WHERE m.project_id = $1 AND m.role = 'surveyor' AND ${name} IS NOT NULL ORDER BY 1`,
    [projectId],
  );
  return members.rows.map((r) => r.name);
}

/** A floor's processed walks, oldest first (the order they were walked in). */
export async function processedWalks(db: Queryable, floorId: string): Promise<Walk[]> {
  const r = await db.query<{ id: string; name: string; floorplan_id: string; result: TrackResultSummary }>(
    `SELECT id, name, floorplan_id, result FROM tracks WHERE floor_id = $1 AND status = 'processed' AND result IS NOT NULL ORDER BY start_time, created_at, id`,
    [floorId],
  );
  return r.rows.map((t) => ({ id: t.id, name: t.name, floorplanId: t.floorplan_id, result: t.result }));
}

export async function planOf(db: Queryable, floorplanId: string): Promise<FloorplanRow | undefined> {
  return getFloorplanRow(db, floorplanId);
}

/** The plan photos are pinned on: the floor's newest. */
export async function photoPlan(db: Queryable, floorId: string): Promise<FloorplanRow | undefined> {
  return latestFloorplanRow(db, floorId);
}
