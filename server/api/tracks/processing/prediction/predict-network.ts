/**
 * One network's predicted layer (regression kriging): the fitted path-loss model (path-loss-fit.ts)
 * as the trend, plus the residuals kriged (kriging.ts) — or, with too few bins for a variogram,
 * spread by inverse distance. Everything is in dB.
 *
 * Kriging runs on a support lattice of 2 m (or the cell size, if coarser) and is interpolated bilinearly to the
 * cells, because the residual is smooth over metres while the trend, which jumps at walls, is
 * evaluated at every cell. The stated σ per cell is √(kriging variance + trend variance + rounding),
 * where the trend variance grows with the walls crossed beyond those the nearest data crossed: a drawn
 * material's loss is a preset, and a real wall's loss is commonly some 30 % off it either way; and with
 * the distance ratio to the nearest data, as the exponent is uncertain (about ±0.5).
 */
import { distance } from './distance.js';
import { NO_DATA, type GridSpec } from '../grid.js';
import { clampDb } from '../rounding.js';
import { NeighbourIndex, OrdinaryKriging } from './kriging.js';
import type { PathLossModel, Unheard } from './path-loss-fit.js';
import type { Bins } from './sample-bins.js';
import { fitVariogram, type Variogram } from './variogram.js';
import type { WallSet } from './wall-loss.js';

export interface PredictedGrid {
  /** Whole dBm per cell; NO_DATA only where the model could not be fitted. */
  values: Int8Array;
  /** Stated standard deviation per cell in tenths of a dB (255 = 25.5 dB or more). */
  sigma: Uint8Array;
  model: PathLossModel;
  variogram: Variogram | null;
}

export const SIGMA_SCALE = 10;
/** Below this many bins a variogram is noise: the residuals are spread by inverse distance instead. */
const MIN_KRIGING_BINS = 20;
const NEIGHBOURS = 12;
/** The kriging lattice's step, m: under the shadowing's correlation length, so bilinear interpolation loses little. */
const SUPPORT_M = 2;
/** Standard deviation of a wall's real loss around its preset, as a share of the loss. */
const WALL_LOSS_SPREAD = 0.3;
/** Standard error of a fitted path-loss exponent from one corridor's samples. */
const EXPONENT_SPREAD = 0.5;

export interface PredictSetup {
  grid: GridSpec;
  widthM: number;
  heightM: number;
  walls: WallSet;
  /** The paths from the access point to every cell, when its radios share them (see cellPaths()). */
  paths?: CellPaths;
}

/** Per cell, from one position: log10 of the distance (at least 1 m) and the loss of the walls on the way. */
export interface CellPaths {
  x: number;
  y: number;
  distance: Float64Array;
  logDistance: Float64Array;
  wallLoss: Float64Array;
}

/**
 * The paths from (x, y) to every cell's centre. An access point's radios are all fitted at its one
 * position, so they share these; `reuse` are the arrays of a previous access point, overwritten.
 */
export function cellPaths(grid: GridSpec, walls: WallSet, x: number, y: number, reuse?: CellPaths): CellPaths {
  const cells = grid.cols * grid.rows;
  const paths: CellPaths = reuse ? { ...reuse, x, y } : { x, y, distance: new Float64Array(cells), logDistance: new Float64Array(cells), wallLoss: new Float64Array(cells) };
  for (let r = 0; r < grid.rows; r++) {
    const cy = (r + 0.5) * grid.cellSizeM;
    for (let c = 0; c < grid.cols; c++) {
      const cx = (c + 0.5) * grid.cellSizeM;
      const d = distance(cx - x, cy - y);
      const cell = r * grid.cols + c;
      paths.distance[cell] = d > 1 ? d : 1;
      paths.logDistance[cell] = Math.log10(d > 1 ? d : 1);
      paths.wallLoss[cell] = walls.lossAlong(x, y, cx, cy);
    }
  }
  return paths;
}

/** `model` is the radio's fitted path-loss model (path-loss-fit.ts); `bins` its samples. */
export function predictNetwork(bins: Bins, model: PathLossModel, setup: PredictSetup): PredictedGrid {
  const { grid, widthM, heightM, walls } = setup;
  const paths = setup.paths && setup.paths.x === model.x && setup.paths.y === model.y ? setup.paths : cellPaths(grid, walls, model.x, model.y);
  const residual = new Float64Array(bins.count);
  const binWallLoss = new Float64Array(bins.count);
  for (let i = 0; i < bins.count; i++) {
    // predictDb()'s model, with the wall loss computed once for both uses.
    const wallLoss = walls.lossAlong(model.x, model.y, bins.x[i]!, bins.y[i]!);
    const d = distance(bins.x[i]! - model.x, bins.y[i]! - model.y);
    binWallLoss[i] = wallLoss;
    residual[i] = bins.value[i]! - (model.p0Dbm - 10 * model.exponent * Math.log10(d > 1 ? d : 1) - wallLoss);
  }

  const supportM = Math.max(SUPPORT_M, grid.cellSizeM);
  const sCols = Math.ceil(widthM / supportM) + 1;
  const sRows = Math.ceil(heightM / supportM) + 1;
  const sEst = new Float32Array(sCols * sRows);
  const sVar = new Float32Array(sCols * sRows);
  /** Per lattice node, the wall loss on the way to its nearest bin: walls the data already saw. */
  const sSeenLoss = new Float32Array(sCols * sRows);
  /** ... and its distance from the access point. */
  const sSeenDist = new Float32Array(sCols * sRows);
  const apDistance = (i: number) => Math.max(1, distance(bins.x[i]! - model.x, bins.y[i]! - model.y));
  const index = new NeighbourIndex(bins, 2, widthM, heightM);
  let variogram: Variogram | null = null;
  const out = new Float64Array(2);
  if (bins.count >= MIN_KRIGING_BINS) {
    variogram = fitVariogram(bins, residual);
    const krige = new OrdinaryKriging(bins, residual, variogram, index, NEIGHBOURS);
    for (let r = 0; r < sRows; r++) {
      for (let c = 0; c < sCols; c++) {
        krige.estimate(c * supportM, r * supportM, out);
        sEst[r * sCols + c] = out[0]!;
        sVar[r * sCols + c] = out[1]!;
        sSeenLoss[r * sCols + c] = krige.nearestBin >= 0 ? binWallLoss[krige.nearestBin]! : 0;
        sSeenDist[r * sCols + c] = krige.nearestBin >= 0 ? apDistance(krige.nearestBin) : 1;
      }
    }
  } else {
    let variance = 0;
    for (let i = 0; i < bins.count; i++) variance += residual[i]! ** 2;
    variance /= bins.count;
    const idx = new Int32Array(Math.min(NEIGHBOURS, bins.count));
    const d2 = new Float64Array(idx.length);
    for (let r = 0; r < sRows; r++) {
      for (let c = 0; c < sCols; c++) {
        const n = index.nearest(c * supportM, r * supportM, idx.length, idx, d2);
        let sw = 0;
        let sv = 0;
        let nearest = 0;
        for (let i = 0; i < n; i++) {
          if (d2[i]! < d2[nearest]!) nearest = i;
          const w = 1 / Math.max(0.25, d2[i]!);
          sw += w;
          sv += w * residual[idx[i]!]!;
        }
        sEst[r * sCols + c] = sw ? sv / sw : 0;
        sVar[r * sCols + c] = variance;
        sSeenLoss[r * sCols + c] = n ? binWallLoss[idx[nearest]!]! : 0;
        sSeenDist[r * sCols + c] = n ? apDistance(idx[nearest]!) : 1;
      }
    }
  }

  const cells = grid.cols * grid.rows;
  const values = new Int8Array(cells).fill(NO_DATA);
  const sigma = new Uint8Array(cells);
  // The lattice position of each column (and below, of each row): the same for every row.
  const colC0 = new Int32Array(grid.cols);
  const colTx = new Float64Array(grid.cols);
  const colNode = new Int32Array(grid.cols);
  for (let c = 0; c < grid.cols; c++) {
    const fx = Math.min(sCols - 1.000001, ((c + 0.5) * grid.cellSizeM) / supportM);
    colC0[c] = Math.floor(fx);
    colTx[c] = fx - colC0[c]!;
    colNode[c] = Math.round(fx);
  }
  for (let r = 0; r < grid.rows; r++) {
    const y = (r + 0.5) * grid.cellSizeM;
    const fy = Math.min(sRows - 1.000001, y / supportM);
    const r0 = Math.floor(fy);
    const ty = fy - r0;
    const rowNode = Math.round(fy) * sCols;
    for (let c = 0; c < grid.cols; c++) {
      const tx = colTx[c]!;
      const i00 = r0 * sCols + colC0[c]!;
      const w00 = (1 - ty) * (1 - tx);
      const w01 = (1 - ty) * tx;
      const w10 = ty * (1 - tx);
      const w11 = ty * tx;
      const est = w00 * sEst[i00]! + w01 * sEst[i00 + 1]! + w10 * sEst[i00 + sCols]! + w11 * sEst[i00 + sCols + 1]!;
      const kVar = w00 * sVar[i00]! + w01 * sVar[i00 + 1]! + w10 * sVar[i00 + sCols]! + w11 * sVar[i00 + sCols + 1]!;
      const cell = r * grid.cols + c;
      const wallLoss = paths.wallLoss[cell]!;
      const trend = model.p0Dbm - 10 * model.exponent * paths.logDistance[cell]! - wallLoss;
      // Walls the nearest data already crossed are in the residual; only the others are a guess.
      const node = rowNode + colNode[c]!;
      const unseenWalls = WALL_LOSS_SPREAD * Math.max(0, wallLoss - sSeenLoss[node]!);
      // The exponent is known only so well: its error grows with the distance ratio to the nearest data.
      const extrapolation = 10 * EXPONENT_SPREAD * Math.abs(Math.log10(paths.distance[cell]! / sSeenDist[node]!));
      const trendVar = unseenWalls * unseenWalls + extrapolation * extrapolation;
      values[cell] = clampDb(trend + est);
      sigma[cell] = Math.min(255, Math.round(SIGMA_SCALE * Math.sqrt(kVar + trendVar + 1 / 12)));
    }
  }
  return { values, sigma, model, variogram };
}

/** The walked 2 m bins where the network has no reading (same keys as coarsen()). */
export function unheardBins(walked: Bins, heard: Bins, widthM: number, floorDbm: number): Unheard {
  const cols = Math.max(1, Math.ceil(widthM / 2));
  const key = (x: number, y: number) => Math.floor(y / 2) * cols + Math.floor(x / 2);
  const heardKeys = new Set<number>();
  for (let i = 0; i < heard.count; i++) heardKeys.add(key(heard.x[i]!, heard.y[i]!));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < walked.count; i++) {
    if (heardKeys.has(key(walked.x[i]!, walked.y[i]!))) continue;
    xs.push(walked.x[i]!);
    ys.push(walked.y[i]!);
  }
  return { x: Float64Array.from(xs), y: Float64Array.from(ys), count: xs.length, floorDbm };
}
