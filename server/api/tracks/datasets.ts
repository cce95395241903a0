/**
 * A processed track's datasets: one signal grid per network, and per technology layer the
 * best-server signal, best-server network, SNR, serving count and co-channel count. Grids are
 * served as base64 of their typed array (little-endian) when asked with `include=values`.
 */
import { round2 } from './processing/rounding.js';
import type { Queryable } from '../../db/database.js';
import type { TechnologyThresholds } from '../reporting/thresholds.js';
import { NO_DATA } from './processing/grid.js';
import type { Dataset, DatasetKind } from './dataset-schema.js';
import type { TrackResultSummary } from './store.js';

const LAYER_KINDS: { kind: DatasetKind; column: string; unit: Dataset['unit']; encoding: Dataset['encoding']; noData: number | null }[] = [
  { kind: 'best', column: 'best', unit: 'dBm', encoding: 'int8', noData: NO_DATA },
  { kind: 'second', column: 'second', unit: 'dBm', encoding: 'int8', noData: NO_DATA },
  { kind: 'bestNetwork', column: 'best_network', unit: 'index', encoding: 'uint16le', noData: 0xffff },
  { kind: 'snr', column: 'snr', unit: 'dB', encoding: 'int8', noData: NO_DATA },
  { kind: 'serving', column: 'serving', unit: 'count', encoding: 'uint8', noData: null },
  { kind: 'coChannel', column: 'co_channel', unit: 'count', encoding: 'uint8', noData: null },
];

export interface DatasetFilter {
  kind?: DatasetKind;
  technology?: string;
  band?: string;
  includeValues: boolean;
}

export type DatasetSource = { table: 'layer'; technology: string; column: string } | { table: 'network'; idx: number; column: 'grid' | 'predicted' | 'predicted_sigma' };

/** Where a dataset of the list is stored, from its id (`<kind>:<technology>` or `signal:<network index>`). */
export function datasetSource(d: Pick<Dataset, 'id' | 'kind' | 'technology' | 'network'>): DatasetSource {
  if (d.kind === 'signal') return { table: 'network', idx: d.network!.index, column: 'grid' };
  if (d.kind === 'predicted') return { table: 'network', idx: d.network!.index, column: 'predicted' };
  if (d.kind === 'predictedSigma') return { table: 'network', idx: d.network!.index, column: 'predicted_sigma' };
  return { table: 'layer', technology: d.technology, column: LAYER_KINDS.find((k) => k.kind === d.kind)!.column };
}

/** One stored grid as its bytes. */
export async function datasetBytes(db: Queryable, trackId: string, source: DatasetSource): Promise<Uint8Array> {
  const r =
    source.table === 'layer'
      ? await db.query<{ v: Uint8Array }>(`SELECT ${source.column} AS v FROM track_layers WHERE track_id = $1 AND technology = $2`, [trackId, source.technology])
      : await db.query<{ v: Uint8Array }>(`SELECT ${source.column} AS v FROM track_networks WHERE track_id = $1 AND idx = $2`, [trackId, source.idx]);
  return r.rows[0]!.v;
}

/**
 * The stored grids of a page's datasets, read in at most two statements (one per table) rather
 * than one per grid: a page holds up to dozens, and each round trip costs more than its bytes.
 * Column names come from the fixed lists above, never from the request.
 */
async function pageValues(db: Queryable, trackId: string, sources: DatasetSource[]): Promise<(source: DatasetSource) => Uint8Array | undefined> {
  const layerColumns = new Set<string>();
  const technologies = new Set<string>();
  const networkColumns = new Set<string>();
  const indexes = new Set<number>();
  for (const s of sources) {
    if (s.table === 'layer') {
      layerColumns.add(s.column);
      technologies.add(s.technology);
    } else {
      networkColumns.add(s.column);
      indexes.add(s.idx);
    }
  }
  const layers = new Map<string, Record<string, Uint8Array>>();
  const networks = new Map<number, Record<string, Uint8Array>>();
  if (layerColumns.size > 0) {
    const r = await db.query<Record<string, Uint8Array> & { technology: string }>(
      `SELECT technology, ${[...layerColumns].join(', ')} FROM track_layers WHERE track_id = $1 AND technology = ANY($2::text[])`,
      [trackId, [...technologies]],
    );
    for (const row of r.rows) layers.set(row.technology, row);
  }
  if (networkColumns.size > 0) {
    const r = await db.query<Record<string, Uint8Array> & { idx: number }>(
      `SELECT idx, ${[...networkColumns].join(', ')} FROM track_networks WHERE track_id = $1 AND idx = ANY($2::int[])`,
      [trackId, [...indexes]],
    );
    for (const row of r.rows) networks.set(row.idx, row);
  }
  return (s) => (s.table === 'layer' ? layers.get(s.technology)?.[s.column] : networks.get(s.idx)?.[s.column]);
}

export async function trackDatasets(db: Queryable, trackId: string, summary: TrackResultSummary, f: DatasetFilter, page: { page: number; perPage: number }) {
  const layers = await db.query<{ technology: string; thresholds: TechnologyThresholds; has_second: boolean }>(
    'SELECT technology, thresholds, second IS NOT NULL AS has_second FROM track_layers WHERE track_id = $1 ORDER BY technology',
    [trackId],
  );
  const nets = await db.query<{
    idx: number;
    technology: string;
    network_id: string;
    name: string;
    channel: number;
    frequency_mhz: number;
    band: string;
    samples: number;
    min_signal_dbm: number;
    mean_signal_dbm: number;
    max_signal_dbm: number;
    mean_noise_dbm: number | null;
    mean_throughput_mbps: number | null;
    cells: number;
    covered_cells: number;
    coverage_percent: number;
    has_grid: boolean;
    has_predicted: boolean;
  }>(
    `SELECT idx, technology, network_id, name, channel, frequency_mhz, band, samples, min_signal_dbm, mean_signal_dbm, max_signal_dbm,
       mean_noise_dbm, mean_throughput_mbps, cells, covered_cells, coverage_percent, grid IS NOT NULL AS has_grid,
       predicted IS NOT NULL AND predicted_sigma IS NOT NULL AS has_predicted
     FROM track_networks WHERE track_id = $1 ORDER BY idx`,
    [trackId],
  );
  const scale = new Map(layers.rows.map((l) => [l.technology, l.thresholds.colourScale]));
  const all: (Dataset & { source: DatasetSource })[] = [];
  for (const l of layers.rows) {
    for (const k of LAYER_KINDS) {
      if (k.kind === 'second' && !l.has_second) continue;
      all.push({
        id: `${k.kind}:${l.technology}`,
        kind: k.kind,
        technology: l.technology,
        unit: k.unit,
        encoding: k.encoding,
        noData: k.noData,
        ...(k.unit === 'dBm' ? { colourScale: l.thresholds.colourScale } : {}),
        source: { table: 'layer', technology: l.technology, column: k.column },
      });
    }
  }
  for (const n of nets.rows) {
    if (!n.has_grid) continue;
    const network = {
      index: n.idx,
      networkId: n.network_id,
      name: n.name,
      band: n.band,
      channel: n.channel,
      frequencyMHz: n.frequency_mhz,
      samples: n.samples,
      // Results stored before processing rounded them may hold 32-bit float noise.
      minSignalDbm: round2(n.min_signal_dbm),
      meanSignalDbm: n.mean_signal_dbm,
      maxSignalDbm: round2(n.max_signal_dbm),
      meanNoiseDbm: n.mean_noise_dbm,
      meanThroughputMbps: n.mean_throughput_mbps,
      cells: n.cells,
      coveredCells: n.covered_cells,
      coveragePercent: n.coverage_percent,
    };
    const common = { technology: n.technology, network, noData: NO_DATA };
    all.push({
      id: `signal:${n.idx}`,
      kind: 'signal',
      unit: 'dBm',
      encoding: 'int8',
      ...common,
      colourScale: scale.get(n.technology),
      source: { table: 'network', idx: n.idx, column: 'grid' },
    });
    if (!n.has_predicted) continue;
    all.push({
      id: `predicted:${n.idx}`,
      kind: 'predicted',
      unit: 'dBm',
      encoding: 'int8',
      ...common,
      colourScale: scale.get(n.technology),
      source: { table: 'network', idx: n.idx, column: 'predicted' },
    });
    // σ has no "no data": every cell of a predicted layer states one.
    all.push({
      id: `predictedSigma:${n.idx}`,
      kind: 'predictedSigma',
      unit: '0.1dB',
      encoding: 'uint8',
      ...common,
      noData: null,
      source: { table: 'network', idx: n.idx, column: 'predicted_sigma' },
    });
  }
  const bandOf = new Map(nets.rows.map((n) => [n.idx, n.band]));
  const filtered = all.filter(
    (d) => (!f.kind || d.kind === f.kind) && (!f.technology || d.technology === f.technology) && (!f.band || (d.source.table === 'network' && bandOf.get(d.source.idx) === f.band)),
  );
  const slice = filtered.slice((page.page - 1) * page.perPage, page.page * page.perPage);
  const values = f.includeValues
    ? await pageValues(
        db,
        trackId,
        slice.map((d) => d.source),
      )
    : undefined;
  const items: Dataset[] = [];
  for (const { source, ...d } of slice) {
    const v = values?.(source);
    if (v) d.values = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
    items.push(d);
  }
  return { grid: summary.grid, method: summary.method, calibrated: summary.calibrated, items, total: filtered.length, ...page };
}
