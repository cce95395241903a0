/**
 * Blobs that go with rows: collected inside the deleting transaction, removed after it commits.
 * A crash in between leaves an unreferenced file (harmless, and found by key prefix), never a
 * row pointing at a missing file.
 */
import type { Queryable } from '../../db/database.js';
import type { SurveyContext } from './context.js';

async function keys(db: Queryable, sql: string, id: string): Promise<string[]> {
  const r = await db.query<{ key: string }>(sql, [id]);
  return r.rows.map((row) => row.key);
}

const FLOORPLAN_KEYS = `SELECT original_key AS key FROM floorplans p WHERE %W UNION ALL SELECT display_key FROM floorplans p WHERE %W`;
const PHOTO_KEYS = `SELECT blob_key AS key FROM photos ph WHERE %W`;

export async function blobKeysOfFloor(db: Queryable, floorId: string): Promise<string[]> {
  return [...(await keys(db, FLOORPLAN_KEYS.replaceAll('%W', 'p.floor_id = $1'), floorId)), ...(await keys(db, PHOTO_KEYS.replace('%W', 'ph.floor_id = $1'), floorId))];
}

export async function blobKeysOfProject(db: Queryable, projectId: string): Promise<string[]> {
  const inProject = (alias: string) => `${alias}.floor_id IN (SELECT id FROM floors WHERE project_id = $1)`;
  return [...(await keys(db, FLOORPLAN_KEYS.replaceAll('%W', inProject('p')), projectId)), ...(await keys(db, PHOTO_KEYS.replace('%W', inProject('ph')), projectId))];
}

export async function deleteSurveyBlobs(ctx: SurveyContext, blobKeys: string[]): Promise<void> {
  await Promise.all(blobKeys.map((key) => ctx.blobs.delete(key)));
}
