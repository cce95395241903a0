/** Track rows and their stored samples. Processing results: see processing/results-store.ts. */
import type { Queryable } from '../../db/database.js';
import { limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { Track, TrackFormat, TrackResultSummary, TrackStatus } from './track-schema.js';

export type { Track, TrackResultSummary, TrackStatus };

export interface TrackRow {
  id: string;
  floor_id: string;
  floorplan_id: string;
  name: string;
  source: 'upload' | 'device';
  device_id: string | null;
  file_name: string;
  format: TrackFormat;
  sample_count: number;
  network_count: number;
  path_points: number;
  placed: boolean;
  start_time: number;
  end_time: number;
  status: TrackStatus;
  failure_reason: string | null;
  queued_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  processing_ms: number | null;
  input_hash: string | null;
  result: TrackResultSummary | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTrack(r: TrackRow): Track {
  return {
    id: r.id,
    floorId: r.floor_id,
    floorplanId: r.floorplan_id,
    name: r.name,
    source: r.source,
    deviceId: r.device_id,
    fileName: r.file_name,
    format: r.format,
    sampleCount: r.sample_count,
    networkCount: r.network_count,
    pathPoints: r.path_points,
    placed: r.placed,
    startTime: r.start_time,
    endTime: r.end_time,
    durationS: Math.round((r.end_time - r.start_time) * 1000) / 1000,
    status: r.status,
    failureReason: r.failure_reason,
    queuedAt: iso(r.queued_at),
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    processingMs: r.processing_ms,
    result: r.result,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const COLUMNS = `id, floor_id, floorplan_id, name, source, device_id, file_name, format, sample_count, network_count, path_points, placed,
  start_time, end_time, status, failure_reason, queued_at, started_at, finished_at, processing_ms, input_hash, result, created_by, created_at, updated_at`;

export async function listTracks(db: Queryable, floorId: string, status: TrackStatus | undefined, page: PageArgs): Promise<Page<Track>> {
  const params: unknown[] = [floorId];
  let where = 'floor_id = $1';
  if (status) {
    params.push(status);
    where += ` AND status = $${params.length}`;
  }
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tracks WHERE ${where}`, params);
  const rows = await db.query<TrackRow>(`SELECT ${COLUMNS} FROM tracks WHERE ${where} ORDER BY created_at DESC, id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toTrack), total: total.rows[0]!.n, ...page };
}

export async function getTrackRow(db: Queryable, id: string, lock = false): Promise<TrackRow | undefined> {
  return (await db.query<TrackRow>(`SELECT ${COLUMNS} FROM tracks WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])).rows[0];
}

/** What an import knows of a track before it is stored: its descriptive fields, no state yet. */
export type NewTrack = Pick<
  Track,
  'id' | 'floorId' | 'floorplanId' | 'name' | 'source' | 'deviceId' | 'fileName' | 'format' | 'sampleCount' | 'networkCount' | 'pathPoints' | 'startTime' | 'endTime' | 'createdBy'
> & { placed?: boolean };

/** The track and its samples in one transaction: there is never a track without samples. */
export async function insertTrack(tx: Queryable, t: NewTrack, samples: Buffer, now: Date): Promise<Track> {
  const r = await tx.query<TrackRow>(
    `INSERT INTO tracks (id, floor_id, floorplan_id, name, source, device_id, file_name, format, sample_count, network_count, path_points,
       start_time, end_time, status, created_by, created_at, updated_at, placed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'imported', $14, $15, $15, $16) RETURNING ${COLUMNS}`,
    [
      t.id,
      t.floorId,
      t.floorplanId,
      t.name,
      t.source,
      t.deviceId,
      t.fileName,
      t.format,
      t.sampleCount,
      t.networkCount,
      t.pathPoints,
      t.startTime,
      t.endTime,
      t.createdBy,
      now,
      t.placed ?? true,
    ],
  );
  await tx.query('INSERT INTO track_samples (track_id, data) VALUES ($1, $2)', [t.id, samples]);
  return toTrack(r.rows[0]!);
}

export async function loadSamples(db: Queryable, trackId: string): Promise<Uint8Array | undefined> {
  return (await db.query<{ data: Uint8Array }>('SELECT data FROM track_samples WHERE track_id = $1', [trackId])).rows[0]?.data;
}
