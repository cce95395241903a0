/**
 * Every network's predicted layer: samples binned at 1 m (or the cell size, if coarser), each access
 * point located from all its radios together, then each radio's model fitted and its residuals kriged.
 *
 * Radios are taken for one access point when their BSSIDs differ only in the last octet, as vendors
 * derive a dual-band access point's BSSIDs from one base address; any other network stands alone.
 */
import type { Wall } from '../../../../../shared/heatmap/walls.js';
import type { SampleTable, TrackNetwork } from '../../import/sample-table.js';
import type { GridSpec } from '../grid.js';
import type { SampleStats } from '../sample-stats.js';
import { fitPathLossAt, locate, priorFor, type RadioEvidence } from './path-loss-fit.js';
import { cellPaths, predictNetwork, unheardBins, type CellPaths, type PredictedGrid } from './predict-network.js';
import { BinAccumulator, coarsen, type Bins } from './sample-bins.js';
import { WallSet } from './wall-loss.js';

/** Bins this few cannot place an access point. */
const MIN_BINS = 3;

function accessPointKey(net: TrackNetwork, n: number): string {
  const mac = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(net.networkId);
  return mac ? `${net.technology}|${net.networkId.slice(0, 14)}` : `#${n}`;
}

export function predictNetworks(samples: SampleTable, stats: SampleStats, grid: GridSpec, walls: readonly Wall[], wanted: (network: number) => boolean): (PredictedGrid | null)[] {
  const mpp = grid.metresPerPixel;
  const widthM = grid.cols * grid.cellSizeM;
  const heightM = grid.rows * grid.cellSizeM;
  const floor = { widthM, heightM };
  const wallSet = new WallSet(walls, mpp);
  const acc = new BinAccumulator(widthM, heightM, Math.max(1, grid.cellSizeM));
  const walkedAcc = new BinAccumulator(widthM, heightM, 2);
  for (let i = 0; i < samples.count; i++) walkedAcc.add(samples.x[i]! * mpp, samples.y[i]! * mpp, 0);
  const walked = walkedAcc.take();

  const nets = samples.networks;
  const bins: (Bins | null)[] = [];
  const evidence: (RadioEvidence | null)[] = [];
  const groups = new Map<string, number[]>();
  for (let n = 0; n < nets.length; n++) {
    if (!wanted(n)) {
      bins.push(null);
      evidence.push(null);
      continue;
    }
    for (let k = stats.start[n]!; k < stats.start[n + 1]!; k++) {
      const i = stats.order[k]!;
      acc.add(samples.x[i]! * mpp, samples.y[i]! * mpp, samples.signalDbm[i]!);
    }
    const b = acc.take();
    if (b.count < MIN_BINS) {
      bins.push(null);
      evidence.push(null);
      continue;
    }
    const search = coarsen(b, widthM, heightM, 2);
    bins.push(b);
    evidence.push({ search, prior: priorFor(nets[n]!.frequencyMHz), unheard: unheardBins(walked, search, widthM, stats.min[n]!) });
    const key = accessPointKey(nets[n]!, n);
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }

  const out: (PredictedGrid | null)[] = nets.map(() => null);
  let paths: CellPaths | undefined;
  for (const members of groups.values()) {
    const at = locate(
      members.map((n) => evidence[n]!),
      wallSet,
      floor,
    );
    // Every radio of the access point is fitted at `at`: the paths to the cells are computed once for all.
    paths = cellPaths(grid, wallSet, at.x, at.y, paths);
    for (const n of members) {
      const model = fitPathLossAt(bins[n]!, wallSet, evidence[n]!.prior, at);
      out[n] = predictNetwork(bins[n]!, model, { grid, widthM, heightM, walls: wallSet, paths });
    }
  }
  return out;
}
