/**
 * Project statistics, read from stored processing results (never recomputed on read). Each query
 * spans the project's processed tracks, optionally narrowed to a floor, a track, a technology or
 * a band. Across tracks: samples add up, means are weighted by samples, coverage is covered
 * cells over surveyed cells summed over the tracks.
 */
import type { Queryable } from '../../db/database.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { ProjectStatsResponse } from '../http/response-schemas.js';
import type { ChannelStatistics, NamedNetwork, NetworkStatistics } from './statistics-schema.js';

export interface StatisticsFilter {
  floorId?: string;
  /** Only these floors (a share link limited to some). */
  floorIds?: readonly string[];
  trackId?: string;
  technology?: string;
  band?: string;
  /** Network name (SSID/operator) or id contains. */
  q?: string;
}

function scope(projectId: string, f: StatisticsFilter, alias: string): { where: string; params: unknown[] } {
  const params: unknown[] = [projectId];
  const where = [`t.status = 'processed'`, `fl.project_id = $1`];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.floorId) add('t.floor_id = ?', f.floorId);
  if (f.floorIds) add('t.floor_id = ANY(?::uuid[])', f.floorIds);
  if (f.trackId) add('t.id = ?', f.trackId);
  if (f.technology) add(`${alias}.technology = ?`, f.technology);
  if (f.band) add(`${alias}.band = ?`, f.band);
  if (f.q && alias === 'n') add(`(n.name ILIKE ? OR n.network_id ILIKE $${params.length + 1})`, likePattern(f.q));
  return { where: `${where.join(' AND ')}`, params };
}

const NETWORK_SORT = {
  signal: 'max_signal_dbm DESC',
  samples: 'samples DESC',
  coverage: 'coverage_percent DESC',
  name: 'lower(name)',
  channel: 'band, channel',
} as const;
export type NetworkSort = keyof typeof NETWORK_SORT;

export async function networkStatistics(db: Queryable, projectId: string, f: StatisticsFilter, sort: NetworkSort, page: PageArgs): Promise<Page<NetworkStatistics>> {
  const { where, params } = scope(projectId, f, 'n');
  const from = `FROM track_networks n JOIN tracks t ON t.id = n.track_id JOIN floors fl ON fl.id = t.floor_id
    LEFT JOIN track_layers l ON l.track_id = n.track_id AND l.technology = n.technology WHERE ${where}`;
  const group = 'n.technology, n.network_id, n.channel, n.band';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${from} GROUP BY ${group}) g`, params);
  const rows = await db.query<{
    technology: string;
    network_id: string;
    name: string;
    band: string;
    channel: number;
    frequency_mhz: number;
    tracks: number;
    samples: number;
    min_signal_dbm: number;
    mean_signal_dbm: number;
    max_signal_dbm: number;
    mean_noise_dbm: number | null;
    mean_throughput_mbps: number | null;
    coverage_percent: number;
  }>(
    `SELECT * FROM (SELECT n.technology, n.network_id, max(n.name) AS name, n.band, n.channel, max(n.frequency_mhz) AS frequency_mhz,
       count(DISTINCT n.track_id)::int AS tracks, sum(n.samples)::int AS samples, round(min(n.min_signal_dbm)::numeric, 2)::float8 AS min_signal_dbm,
       round((sum(n.mean_signal_dbm * n.samples) / sum(n.samples))::numeric, 2)::float8 AS mean_signal_dbm, round(max(n.max_signal_dbm)::numeric, 2)::float8 AS max_signal_dbm,
       round(avg(n.mean_noise_dbm)::numeric, 2)::float8 AS mean_noise_dbm, round(avg(n.mean_throughput_mbps)::numeric, 2)::float8 AS mean_throughput_mbps,
       coalesce(round((100.0 * sum(n.covered_cells) / nullif(sum((l.coverage->>'surveyedCells')::int), 0))::numeric, 2)::float8, 0) AS coverage_percent
     ${from} GROUP BY ${group}) s ORDER BY ${NETWORK_SORT[sort]}, technology, network_id, channel ${limitOffset(page, params)}`,
    params,
  );
  return {
    items: rows.rows.map((r) => ({
      technology: r.technology,
      networkId: r.network_id,
      name: r.name,
      band: r.band,
      channel: r.channel,
      frequencyMHz: r.frequency_mhz,
      tracks: r.tracks,
      samples: r.samples,
      minSignalDbm: r.min_signal_dbm,
      meanSignalDbm: r.mean_signal_dbm,
      maxSignalDbm: r.max_signal_dbm,
      meanNoiseDbm: r.mean_noise_dbm,
      meanThroughputMbps: r.mean_throughput_mbps,
      coveragePercent: r.coverage_percent,
    })),
    total: total.rows[0]!.n,
    ...page,
  };
}

export async function channelStatistics(db: Queryable, projectId: string, f: StatisticsFilter, page: PageArgs): Promise<Page<ChannelStatistics>> {
  const { where, params } = scope(projectId, f, 'c');
  const from = `FROM track_channels c JOIN tracks t ON t.id = c.track_id JOIN floors fl ON fl.id = t.floor_id WHERE ${where}`;
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${from} GROUP BY c.technology, c.band, c.channel) g`, params);
  const rows = await db.query<{
    technology: string;
    band: string;
    channel: number;
    samples: number;
    mean_signal_dbm: number;
    max_signal_dbm: number;
    max_overlap: number;
    mean_overlap: number;
  }>(
    `SELECT c.technology, c.band, c.channel, sum(c.samples)::int AS samples,
       round((sum(c.mean_signal_dbm * c.samples) / nullif(sum(c.samples), 0))::numeric, 2)::float8 AS mean_signal_dbm, round(max(c.max_signal_dbm)::numeric, 2)::float8 AS max_signal_dbm,
       max(c.max_overlap)::int AS max_overlap,
       coalesce(round((sum(c.mean_overlap * c.cells_heard) / nullif(sum(c.cells_heard), 0))::numeric, 2)::float8, 0) AS mean_overlap
     ${from} GROUP BY c.technology, c.band, c.channel ORDER BY c.technology, c.band, c.channel ${limitOffset(page, params)}`,
    params,
  );
  // Distinct networks per channel across tracks: one small query rather than a double aggregation.
  const nets = await db.query<{ technology: string; band: string; channel: number; n: number }>(
    `SELECT n.technology, n.band, n.channel, count(DISTINCT n.network_id)::int AS n FROM track_networks n JOIN tracks t ON t.id = n.track_id
       JOIN floors fl ON fl.id = t.floor_id WHERE ${scope(projectId, f, 'n').where} GROUP BY n.technology, n.band, n.channel`,
    scope(projectId, f, 'n').params,
  );
  const count = new Map(nets.rows.map((r) => [`${r.technology}|${r.band}|${r.channel}`, r.n]));
  return {
    items: rows.rows.map((r) => ({
      technology: r.technology,
      band: r.band,
      channel: r.channel,
      networks: count.get(`${r.technology}|${r.band}|${r.channel}`) ?? 0,
      samples: r.samples,
      meanSignalDbm: r.mean_signal_dbm,
      maxSignalDbm: r.max_signal_dbm,
      maxOverlap: r.max_overlap,
      meanOverlap: r.mean_overlap,
    })),
    total: total.rows[0]!.n,
    ...page,
  };
}

/** Networks by name (SSID or operator): how many radios/cells carry each, where and how strong. */
export async function namedNetworks(db: Queryable, projectId: string, f: StatisticsFilter, page: PageArgs): Promise<Page<NamedNetwork>> {
  const { where, params } = scope(projectId, f, 'n');
  const from = `FROM track_networks n JOIN tracks t ON t.id = n.track_id JOIN floors fl ON fl.id = t.floor_id WHERE ${where}`;
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${from} GROUP BY n.technology, n.name) g`, params);
  const rows = await db.query<{
    technology: string;
    name: string;
    network_ids: number;
    bands: string[];
    channels: number[];
    samples: number;
    max_signal_dbm: number;
    floors: number;
  }>(
    `SELECT n.technology, n.name, count(DISTINCT n.network_id)::int AS network_ids, array_agg(DISTINCT n.band ORDER BY n.band) AS bands,
       array_agg(DISTINCT n.channel ORDER BY n.channel) AS channels, sum(n.samples)::int AS samples, max(n.max_signal_dbm) AS max_signal_dbm,
       count(DISTINCT t.floor_id)::int AS floors
     ${from} GROUP BY n.technology, n.name ORDER BY sum(n.samples) DESC, n.technology, n.name ${limitOffset(page, params)}`,
    params,
  );
  return {
    items: rows.rows.map((r) => ({
      technology: r.technology,
      name: r.name,
      networkIds: r.network_ids,
      bands: r.bands,
      channels: r.channels,
      samples: r.samples,
      maxSignalDbm: r.max_signal_dbm,
      floors: r.floors,
    })),
    total: total.rows[0]!.n,
    ...page,
  };
}

/** The wire shape, derived from its response schema so the two cannot drift. */
export type ProjectStats = ProjectStatsResponse;

/** `floorIds` limits every count to those floors (a share link limited to some). */
export async function projectStats(db: Queryable, projectId: string, floorIds: readonly string[] | null = null): Promise<ProjectStats> {
  // $2 is null for the whole project; the floors alias is \`f\` in every query below.
  const onFloors = '($2::uuid[] IS NULL OR f.id = ANY($2::uuid[]))';
  const counts = await db.query<{
    floors: number;
    floorplans: number;
    calibrated: number;
    photos: number;
    contacts: number;
    members: number;
  }>(
    `SELECT (SELECT count(*)::int FROM floors f WHERE f.project_id = $1 AND ${onFloors}) AS floors,
       (SELECT count(*)::int FROM floorplans p JOIN floors f ON f.id = p.floor_id WHERE f.project_id = $1 AND ${onFloors}) AS floorplans,
       (SELECT count(*)::int FROM floorplans p JOIN floors f ON f.id = p.floor_id WHERE f.project_id = $1 AND ${onFloors} AND p.calibration IS NOT NULL) AS calibrated,
       (SELECT count(*)::int FROM photos ph JOIN floors f ON f.id = ph.floor_id WHERE f.project_id = $1 AND ${onFloors}) AS photos,
       (SELECT count(*)::int FROM contacts WHERE project_id = $1) AS contacts,
       (SELECT count(*)::int FROM project_members WHERE project_id = $1) AS members`,
    [projectId, floorIds],
  );
  const tracks = await db.query<{ status: string; n: number; samples: number; last: Date | null }>(
    `SELECT t.status, count(*)::int AS n, sum(t.sample_count)::int AS samples, max(t.created_at) AS last FROM tracks t JOIN floors f ON f.id = t.floor_id
     WHERE f.project_id = $1 AND ${onFloors} GROUP BY t.status`,
    [projectId, floorIds],
  );
  const networks = await db.query<{ n: number }>(
    `SELECT count(DISTINCT (n.technology, n.network_id))::int AS n FROM track_networks n JOIN tracks t ON t.id = n.track_id JOIN floors f ON f.id = t.floor_id
     WHERE f.project_id = $1 AND ${onFloors} AND t.status = 'processed'`,
    [projectId, floorIds],
  );
  const coverage = await db.query<{ technology: string; surveyed: number; covered: number; area: number }>(
    `WITH latest AS (
       SELECT DISTINCT ON (t.floor_id) t.id FROM tracks t JOIN floors f ON f.id = t.floor_id
       WHERE f.project_id = $1 AND ${onFloors} AND t.status = 'processed' ORDER BY t.floor_id, t.finished_at DESC, t.id)
     SELECT l.technology, sum((l.coverage->>'surveyedCells')::int)::int AS surveyed,
       sum((l.coverage->>'percent')::float8 * (l.coverage->>'surveyedCells')::int / 100.0)::float8 AS covered,
       sum((l.coverage->>'surveyedAreaM2')::float8)::float8 AS area
     FROM track_layers l JOIN latest ON latest.id = l.track_id GROUP BY l.technology ORDER BY l.technology`,
    [projectId, floorIds],
  );
  const byStatus = Object.fromEntries(tracks.rows.map((r) => [r.status, r.n]));
  const lastSurvey = tracks.rows.reduce<Date | null>((a, r) => (r.last && (!a || r.last > a) ? r.last : a), null);
  const c = counts.rows[0]!;
  const coverageRows = coverage.rows.map((r) => ({
    technology: r.technology,
    percent: r.surveyed ? Math.round((10000 * r.covered) / r.surveyed) / 100 : 0,
    surveyedAreaM2: Math.round(r.area * 100) / 100,
  }));
  return {
    projectId,
    floors: c.floors,
    floorplans: c.floorplans,
    calibratedFloorplans: c.calibrated,
    tracks: {
      total: tracks.rows.reduce((a, r) => a + r.n, 0),
      imported: byStatus.imported ?? 0,
      queued: byStatus.queued ?? 0,
      processing: byStatus.processing ?? 0,
      processed: byStatus.processed ?? 0,
      failed: byStatus.failed ?? 0,
    },
    samples: tracks.rows.reduce((a, r) => a + (r.samples ?? 0), 0),
    networks: networks.rows[0]!.n,
    photos: c.photos,
    contacts: c.contacts,
    members: c.members,
    surveyedAreaM2: Math.max(0, ...coverageRows.map((r) => r.surveyedAreaM2)),
    coverage: coverageRows,
    lastSurveyAt: lastSurvey ? lastSurvey.toISOString() : null,
  };
}
