/** Per network: its sample statistics, its grid and its coverage within its layer. */
import type { TrackNetwork } from '../import/sample-table.js';
import { NO_DATA } from './grid.js';
import type { NetworkGrids } from './interpolate-networks.js';
import type { LayerWork } from './layers.js';
import type { LayerResult, NetworkResult } from './result-types.js';
import { round2 } from './rounding.js';
import type { SampleStats } from './sample-stats.js';

/** Cells where each network reaches its layer's minimum signal; zero for networks outside every layer or without a grid. */
export function networkCoveredCells(layers: readonly LayerWork[], grids: readonly (Int8Array | null)[], cells: number): Uint32Array {
  const covered = new Uint32Array(grids.length);
  for (const layer of layers) {
    const min = layer.thresholds.minSignalDbm;
    for (const n of layer.networks) {
      const g = grids[n];
      if (!g) continue;
      let k = 0;
      for (let c = 0; c < cells; c++) if (g[c] !== NO_DATA && g[c]! >= min) k++;
      covered[n] = k;
    }
  }
  return covered;
}

/** A network's coverage is a share of its layer's surveyed cells, so its figures wait until every layer is done. */
export function networkResults(
  nets: readonly TrackNetwork[],
  stats: SampleStats,
  networkGrids: NetworkGrids,
  covered: Uint32Array,
  layerResults: readonly LayerResult[],
): Omit<NetworkResult, 'predicted' | 'predictedSigma'>[] {
  const surveyedOf = new Map(layerResults.map((l) => [l.technology, l.coverage.surveyedCells]));
  return nets.map((net, n) => {
    const surveyed = surveyedOf.get(net.technology) ?? 0;
    const grid = networkGrids.grids[n] ?? null;
    return {
      ...net,
      index: n,
      samples: stats.count[n]!,
      minSignalDbm: round2(stats.min[n]!),
      meanSignalDbm: round2(stats.sum[n]! / stats.count[n]!),
      maxSignalDbm: round2(stats.max[n]!),
      meanNoiseDbm: stats.noiseCount[n] ? round2(stats.noiseSum[n]! / stats.noiseCount[n]) : null,
      meanThroughputMbps: stats.tputCount[n] ? round2(stats.tputSum[n]! / stats.tputCount[n]) : null,
      cells: networkGrids.cells[n]!,
      coveredCells: covered[n]!,
      coveragePercent: surveyed && grid ? round2((100 * covered[n]!) / surveyed) : 0,
      grid,
    };
  });
}
