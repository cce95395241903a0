/** Every network's predicted layer, from its samples binned at 1 m (or the cell size, if coarser). */
import type { Wall } from '../../../../../shared/heatmap/walls.js';
import type { SampleTable } from '../../import/sample-table.js';
import type { GridSpec } from '../grid.js';
import type { SampleStats } from '../sample-stats.js';
import { predictNetwork, type PredictedGrid } from './predict-network.js';
import { BinAccumulator } from './sample-bins.js';
import { WallSet } from './wall-loss.js';

export function predictNetworks(samples: SampleTable, stats: SampleStats, grid: GridSpec, walls: readonly Wall[], wanted: (network: number) => boolean): (PredictedGrid | null)[] {
  const mpp = grid.metresPerPixel;
  const widthM = grid.cols * grid.cellSizeM;
  const heightM = grid.rows * grid.cellSizeM;
  const wallSet = new WallSet(walls, mpp);
  const acc = new BinAccumulator(widthM, heightM, Math.max(1, grid.cellSizeM));
  const out: (PredictedGrid | null)[] = [];
  for (let n = 0; n < samples.networks.length; n++) {
    if (!wanted(n)) {
      out.push(null);
      continue;
    }
    for (let k = stats.start[n]!; k < stats.start[n + 1]!; k++) {
      const i = stats.order[k]!;
      acc.add(samples.x[i]! * mpp, samples.y[i]! * mpp, samples.signalDbm[i]!);
    }
    out.push(predictNetwork(acc.take(), { grid, widthM, heightM, walls: wallSet, frequencyMHz: samples.networks[n]!.frequencyMHz }));
  }
  return out;
}
