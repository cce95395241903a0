/**
 * The residuals' spatial structure: an exponential variogram γ(h) = nugget + partialSill·(1 − e^(−h/range)),
 * fitted to the empirical semivariance of bin pairs in 1 m lags up to 20 m, weighted by pair count.
 * The range is searched on a grid; nugget and partial sill then have a least-squares closed form.
 */
import { distance } from './distance.js';
import type { Bins } from './sample-bins.js';

export interface Variogram {
  nugget: number;
  partialSill: number;
  rangeM: number;
}

const LAG_M = 1;
const MAX_LAG_M = 20;
/** Pairs grow with the square of the bins; this many bins are enough for the shape. */
const MAX_BINS = 1200;

export function fitVariogram(bins: Bins, residual: Float64Array): Variogram {
  const lags = Math.round(MAX_LAG_M / LAG_M);
  const sum = new Float64Array(lags);
  const count = new Float64Array(lags);
  const stride = Math.max(1, Math.ceil(bins.count / MAX_BINS));
  // A pair this far apart along either axis is at least this far apart: beyond the last lag, skipped before the distance.
  const reach = lags * LAG_M;
  for (let i = 0; i < bins.count; i += stride) {
    for (let j = i + stride; j < bins.count; j += stride) {
      const dx = bins.x[i]! - bins.x[j]!;
      const dy = bins.y[i]! - bins.y[j]!;
      if (dx >= reach || dx <= -reach || dy >= reach || dy <= -reach) continue;
      const h = distance(dx, dy);
      const k = Math.floor(h / LAG_M);
      if (k >= lags) continue;
      const d = residual[i]! - residual[j]!;
      sum[k]! += 0.5 * d * d;
      count[k]!++;
    }
  }
  let variance = 0;
  for (let i = 0; i < bins.count; i++) variance += residual[i]! * residual[i]!;
  variance = bins.count > 1 ? variance / (bins.count - 1) : 1;
  let best: Variogram = { nugget: variance * 0.3, partialSill: variance * 0.7, rangeM: 3 };
  let bestErr = Infinity;
  for (let a = 0.5; a <= 15; a += 0.25) {
    // γ = c0 + c1·f(h): weighted linear least squares in (c0, c1), both kept ≥ 0.
    let sw = 0;
    let sf = 0;
    let sg = 0;
    let sff = 0;
    let sfg = 0;
    for (let k = 0; k < lags; k++) {
      if (count[k] === 0) continue;
      const w = count[k]!;
      const h = (k + 0.5) * LAG_M;
      const f = 1 - Math.exp(-h / a);
      const g = sum[k]! / w;
      sw += w;
      sf += w * f;
      sg += w * g;
      sff += w * f * f;
      sfg += w * f * g;
    }
    if (sw === 0) break;
    const vf = sff / sw - (sf / sw) ** 2;
    let c1 = vf > 1e-12 ? (sfg / sw - (sf / sw) * (sg / sw)) / vf : 0;
    let c0 = sg / sw - c1 * (sf / sw);
    if (c0 < 0) {
      c0 = 0;
      c1 = sff > 0 ? sfg / sff : 0;
    }
    if (c1 < 0) {
      c1 = 0;
      c0 = sg / sw;
    }
    let err = 0;
    for (let k = 0; k < lags; k++) {
      if (count[k] === 0) continue;
      const h = (k + 0.5) * LAG_M;
      const e = c0 + c1 * (1 - Math.exp(-h / a)) - sum[k]! / count[k]!;
      err += count[k]! * e * e;
    }
    if (err < bestErr) {
      bestErr = err;
      best = { nugget: c0, partialSill: c1, rangeM: a };
    }
  }
  return best;
}
