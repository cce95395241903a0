/** Photos pinned to a floor plan position, optionally taken during a track. Files live in the blob store. */
import type { Queryable } from '../../db/database.js';
import { limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { Photo } from './photo-schema.js';

export type { Photo };

export interface PhotoRow {
  id: string;
  floor_id: string;
  track_id: string | null;
  x: number;
  y: number;
  caption: string;
  file_name: string;
  media_type: string;
  byte_size: string | number;
  width: number;
  height: number;
  blob_key: string;
  created_by: string | null;
  created_at: Date;
}

export function toPhoto(r: PhotoRow): Photo {
  return {
    id: r.id,
    floorId: r.floor_id,
    trackId: r.track_id,
    x: r.x,
    y: r.y,
    caption: r.caption,
    fileName: r.file_name,
    mediaType: r.media_type,
    byteSize: Number(r.byte_size),
    width: r.width,
    height: r.height,
    url: `/api/photos/${r.id}/image`,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
  };
}

export async function listPhotos(db: Queryable, by: { floorId: string } | { trackId: string }, page: PageArgs): Promise<Page<Photo>> {
  const [column, value] = 'floorId' in by ? ['floor_id', by.floorId] : ['track_id', by.trackId];
  const params: unknown[] = [value];
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM photos WHERE ${column} = $1`, params);
  const rows = await db.query<PhotoRow>(`SELECT * FROM photos WHERE ${column} = $1 ORDER BY created_at DESC, id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toPhoto), total: total.rows[0]!.n, ...page };
}

export async function getPhotoRow(db: Queryable, id: string): Promise<PhotoRow | undefined> {
  return (await db.query<PhotoRow>('SELECT * FROM photos WHERE id = $1', [id])).rows[0];
}

export async function insertPhoto(db: Queryable, p: Omit<PhotoRow, 'created_at'>, now: Date): Promise<Photo> {
  const r = await db.query<PhotoRow>(
    `INSERT INTO photos (id, floor_id, track_id, x, y, caption, file_name, media_type, byte_size, width, height, blob_key, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
    [p.id, p.floor_id, p.track_id, p.x, p.y, p.caption, p.file_name, p.media_type, p.byte_size, p.width, p.height, p.blob_key, p.created_by, now],
  );
  return toPhoto(r.rows[0]!);
}

export interface PhotoChange {
  x?: number;
  y?: number;
  caption?: string;
}

/** Only the fields given change; undefined when there is no such photo. */
export async function updatePhoto(db: Queryable, id: string, change: PhotoChange): Promise<Photo | undefined> {
  const r = await db.query<PhotoRow>(`UPDATE photos SET x = coalesce($2, x), y = coalesce($3, y), caption = coalesce($4, caption) WHERE id = $1 RETURNING *`, [
    id,
    change.x ?? null,
    change.y ?? null,
    change.caption ?? null,
  ]);
  return r.rows[0] ? toPhoto(r.rows[0]) : undefined;
}

/** Returns the deleted row, so the caller removes its blob. */
export async function deletePhoto(db: Queryable, id: string): Promise<PhotoRow | undefined> {
  return (await db.query<PhotoRow>('DELETE FROM photos WHERE id = $1 RETURNING *', [id])).rows[0];
}
