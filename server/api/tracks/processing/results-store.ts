/**
 * Stored processing results: per-network statistics and grids, per-layer grids and coverage,
 * channel usage. Grids are kept as the bytes of their typed arrays (little-endian), so a read
 * serves them without recomputation.
 */
import type { Queryable } from '../../../db/database.js';
import type { TrackResultSummary } from '../store.js';
import type { ProcessingResult } from './result-types.js';

const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

export function summarise(result: ProcessingResult): TrackResultSummary {
  return {
    method: result.method,
    grid: result.grid,
    calibrated: result.calibrated,
    layers: result.layers.map((l) => ({ technology: l.technology, networks: l.networks.length, noiseAssumed: l.noiseAssumed, coverage: l.coverage })),
  };
}

/** Rows per INSERT: keeps statements few without exceeding PostgreSQL's 65535 parameters. */
const BATCH = 200;

async function insertMany(tx: Queryable, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    const params: unknown[] = [];
    const values = chunk.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}

export async function replaceResults(tx: Queryable, trackId: string, result: ProcessingResult): Promise<void> {
  for (const table of ['track_networks', 'track_layers', 'track_channels']) await tx.query(`DELETE FROM ${table} WHERE track_id = $1`, [trackId]);
  await insertMany(
    tx,
    'track_networks',
    [
      'track_id',
      'idx',
      'technology',
      'network_id',
      'name',
      'channel',
      'frequency_mhz',
      'band',
      'samples',
      'min_signal_dbm',
      'mean_signal_dbm',
      'max_signal_dbm',
      'mean_noise_dbm',
      'mean_throughput_mbps',
      'cells',
      'covered_cells',
      'coverage_percent',
      'grid',
      'predicted',
      'predicted_sigma',
    ],
    result.networks.map((n) => [
      trackId,
      n.index,
      n.technology,
      n.networkId,
      n.name,
      n.channel,
      n.frequencyMHz,
      n.band,
      n.samples,
      n.minSignalDbm,
      n.meanSignalDbm,
      n.maxSignalDbm,
      n.meanNoiseDbm,
      n.meanThroughputMbps,
      n.cells,
      n.coveredCells,
      n.coveragePercent,
      n.grid ? bytes(n.grid) : null,
      n.predicted ? bytes(n.predicted) : null,
      n.predictedSigma ? bytes(n.predictedSigma) : null,
    ]),
  );
  await insertMany(
    tx,
    'track_layers',
    ['track_id', 'technology', 'thresholds', 'coverage', 'noise_assumed', 'best', 'second', 'best_network', 'snr', 'serving', 'co_channel'],
    result.layers.map((l) => [
      trackId,
      l.technology,
      JSON.stringify(l.thresholds),
      JSON.stringify(l.coverage),
      l.noiseAssumed,
      bytes(l.best),
      bytes(l.second),
      bytes(l.bestNetwork),
      bytes(l.snr),
      bytes(l.serving),
      bytes(l.coChannel),
    ]),
  );
  await insertMany(
    tx,
    'track_channels',
    ['track_id', 'technology', 'band', 'channel', 'networks', 'samples', 'mean_signal_dbm', 'max_signal_dbm', 'cells_heard', 'max_overlap', 'mean_overlap'],
    result.channels.map((c) => [trackId, c.technology, c.band, c.channel, c.networks, c.samples, c.meanSignalDbm, c.maxSignalDbm, c.cellsHeard, c.maxOverlap, c.meanOverlap]),
  );
}
