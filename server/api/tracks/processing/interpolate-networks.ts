/** Each network's signal grid, and its part in its layer's best-server, serving and channel counts. */
import type { SampleTable } from '../import/sample-table.js';
import { NO_DATA, type GridSpec } from './grid.js';
import { IdwInterpolator, type IdwOptions } from './idw.js';
import type { LayerWork } from './layers.js';
import { clampDb } from './rounding.js';
import type { SampleStats } from './sample-stats.js';

export interface NetworkGrids {
  /** Whole dBm per cell, null where dropped for size. */
  grids: (Int8Array | null)[];
  /** Cells with an interpolated value, per network. */
  cells: Uint32Array;
}

export interface InterpolationSetup {
  grid: GridSpec;
  idw: IdwOptions;
  metresPerPixel: number;
  /** Per-network grids beyond this many bytes in all are dropped, smallest networks first. */
  maxNetworkGridBytes: number;
}

/** Folds each network into its layer as soon as it is interpolated, so one float grid serves every network. */
export function interpolateNetworks(samples: SampleTable, stats: SampleStats, layerOf: readonly (LayerWork | undefined)[], setup: InterpolationSetup): NetworkGrids {
  const { grid, idw } = setup;
  const nets = samples.networks;
  const cells = grid.cols * grid.rows;
  const mpp = setup.metresPerPixel;
  const keepGrid = gridsToKeep(stats.count, cells, setup.maxNetworkGridBytes);
  const interpolator = new IdwInterpolator(grid, idw);
  const scratch = new Float32Array(cells);
  const grids: (Int8Array | null)[] = [];
  const networkCells = new Uint32Array(nets.length);
  for (let n = 0; n < nets.length; n++) {
    const layer = layerOf[n];
    for (let k = stats.start[n]!; k < stats.start[n + 1]!; k++) {
      const i = stats.order[k]!;
      const xm = samples.x[i]! * mpp;
      const ym = samples.y[i]! * mpp;
      interpolator.add(xm, ym, samples.signalDbm[i]!);
      const noise = samples.noiseDbm[i]!;
      if (layer && !Number.isNaN(noise)) {
        layer.noise ??= new IdwInterpolator(grid, idw);
        layer.noise.add(xm, ym, noise);
        layer.noiseSamples++;
      }
    }
    networkCells[n] = interpolator.interpolate(scratch);
    const kept = keepGrid[n] ? new Int8Array(cells).fill(NO_DATA) : null;
    let channelCount: Uint8Array | undefined;
    if (layer) {
      const key = `${nets[n]!.band}|${nets[n]!.channel}`;
      channelCount = layer.channelCounts.get(key);
      if (!channelCount) layer.channelCounts.set(key, (channelCount = new Uint8Array(cells)));
    }
    for (let c = 0; c < cells; c++) {
      const v = scratch[c]!;
      if (Number.isNaN(v)) continue;
      if (kept) kept[c] = clampDb(v);
      if (!layer) continue;
      if (v > layer.best[c]!) {
        layer.second[c] = layer.best[c]!;
        layer.best[c] = v;
        layer.bestNetwork[c] = n;
      } else if (v > layer.second[c]!) layer.second[c] = v;
      if (v >= layer.thresholds.minSignalDbm && layer.serving[c]! < 255) layer.serving[c]!++;
      if (v >= layer.thresholds.coChannelDbm && channelCount![c]! < 255) channelCount![c]!++;
    }
    grids.push(kept);
  }
  return { grids, cells: networkCells };
}

/** The budget bounds memory on huge surveys; the networks with the most samples keep their grids. */
function gridsToKeep(count: Uint32Array, cells: number, budget: number): Uint8Array {
  const keepGrid = new Uint8Array(count.length);
  const bySize = [...count.keys()].sort((a, b) => count[b]! - count[a]!);
  for (const [rank, n] of bySize.entries()) keepGrid[n] = (rank + 1) * cells <= budget ? 1 : 0;
  return keepGrid;
}
