/** Floor plan rows. The image files live in the blob store under the keys kept here. */
import type { Queryable } from '../../db/database.js';
import { limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import { metresPerPixel, type Calibration } from './calibration.js';
import type { Floorplan } from './floorplan-schema.js';
import type { ControlPoint } from '../../../shared/geo/georeference.js';

export type { Floorplan };

export interface FloorplanRow {
  id: string;
  floor_id: string;
  file_name: string;
  media_type: string;
  byte_size: string | number;
  sha256: string;
  width: number;
  height: number;
  original_key: string;
  display_key: string;
  display_width: number;
  display_height: number;
  rendered_at: Date;
  calibration: Calibration | null;
  /** The georeference's control points (empty when the plan has none). */
  control_points: ControlPoint[];
  metres_per_pixel: number | null;
  created_at: Date;
  updated_at: Date;
}

export function toFloorplan(r: FloorplanRow): Floorplan {
  return {
    id: r.id,
    floorId: r.floor_id,
    fileName: r.file_name,
    mediaType: r.media_type,
    byteSize: Number(r.byte_size),
    sha256: r.sha256,
    width: r.width,
    height: r.height,
    display: { width: r.display_width, height: r.display_height, url: `/api/floorplans/${r.id}/image` },
    imageUrl: `/api/floorplans/${r.id}/original`,
    renderedAt: r.rendered_at.toISOString(),
    calibration: r.calibration,
    metresPerPixel: r.metres_per_pixel,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function listFloorplans(db: Queryable, floorId: string, page: PageArgs): Promise<Page<Floorplan>> {
  const params: unknown[] = [floorId];
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM floorplans WHERE floor_id = $1', params);
  const rows = await db.query<FloorplanRow>(`SELECT * FROM floorplans WHERE floor_id = $1 ORDER BY created_at DESC, id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toFloorplan), total: total.rows[0]!.n, ...page };
}

export async function getFloorplanRow(db: Queryable, id: string): Promise<FloorplanRow | undefined> {
  return (await db.query<FloorplanRow>('SELECT * FROM floorplans WHERE id = $1', [id])).rows[0];
}

/** The plan tracks of a floor are placed on when the upload names none: the newest. */
export async function latestFloorplanRow(db: Queryable, floorId: string): Promise<FloorplanRow | undefined> {
  return (await db.query<FloorplanRow>('SELECT * FROM floorplans WHERE floor_id = $1 ORDER BY created_at DESC, id LIMIT 1', [floorId])).rows[0];
}

export interface NewFloorplan {
  id: string;
  floorId: string;
  fileName: string;
  mediaType: string;
  byteSize: number;
  sha256: string;
  width: number;
  height: number;
  originalKey: string;
  displayKey: string;
  displayWidth: number;
  displayHeight: number;
}

export async function insertFloorplan(db: Queryable, f: NewFloorplan, now: Date): Promise<Floorplan> {
  const r = await db.query<FloorplanRow>(
    `INSERT INTO floorplans (id, floor_id, file_name, media_type, byte_size, sha256, width, height, original_key, display_key,
       display_width, display_height, rendered_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $13) RETURNING *`,
    [f.id, f.floorId, f.fileName, f.mediaType, f.byteSize, f.sha256, f.width, f.height, f.originalKey, f.displayKey, f.displayWidth, f.displayHeight, now],
  );
  return toFloorplan(r.rows[0]!);
}

export async function setCalibration(db: Queryable, id: string, calibration: Calibration, now: Date): Promise<Floorplan | undefined> {
  const r = await db.query<FloorplanRow>('UPDATE floorplans SET calibration = $2::jsonb, metres_per_pixel = $3, updated_at = $4 WHERE id = $1 RETURNING *', [
    id,
    JSON.stringify(calibration),
    metresPerPixel(calibration),
    now,
  ]);
  return r.rows[0] && toFloorplan(r.rows[0]);
}

export async function setDisplay(db: Queryable, id: string, display: { key: string; width: number; height: number }, now: Date): Promise<Floorplan | undefined> {
  const r = await db.query<FloorplanRow>(
    'UPDATE floorplans SET display_key = $2, display_width = $3, display_height = $4, rendered_at = $5, updated_at = $5 WHERE id = $1 RETURNING *',
    [id, display.key, display.width, display.height, now],
  );
  return r.rows[0] && toFloorplan(r.rows[0]);
}
