/**
 * Where a radio's access point stands and how its signal falls off, from the samples alone:
 * the log-distance model  signal = P0 − 10·n·log10(max(d, 1 m)) − Σ losses of the walls crossed,
 * fitted by least squares. For a candidate position P0 and n have a closed form, so the search is
 * over position only: a 2 m grid near the strongest readings, then 0.5 m around the best few.
 *
 * Samples from corridors alone cannot tell a strong access point far away from a weak one close by,
 * so the fit is regularised (a maximum a posteriori estimate) with what access points and buildings
 * usually show: P0, the signal at 1 m, near 5 dBm minus the free-space loss of the first metre at
 * the radio's frequency (σ 6 dB), and an exponent near 2.8 (σ 0.6, held to 1.6–4.5). Each 2 m bin
 * of the search counts as one observation with the shadowing's typical 4 dB spread, since
 * neighbouring readings are not independent.
 *
 * Where the surveyor walked and did not hear the radio says something too: a position that would
 * put it well above its weakest reading there is unlikely. Those places add a one-sided penalty to
 * the choice of position (not to P0 and n), which tells a room beside one corridor from its mirror
 * image beside the other.
 */
import { distance } from './distance.js';
import type { Bins } from './sample-bins.js';
import type { WallSet } from './wall-loss.js';

export interface PathLossModel {
  x: number;
  y: number;
  p0Dbm: number;
  exponent: number;
  /** Root mean square of the bins' residuals, dB. */
  rmsDb: number;
}

export interface PathLossPrior {
  p0Dbm: number;
  p0SigmaDb: number;
  exponent: number;
  exponentSigma: number;
}

/** The prior for a radio at `frequencyMHz` (2.4 GHz when unknown). */
export function priorFor(frequencyMHz: number): PathLossPrior {
  const f = frequencyMHz > 0 ? frequencyMHz : 2437;
  const freeSpace1m = 20 * Math.log10(f) - 27.55;
  return { p0Dbm: 5 - freeSpace1m, p0SigmaDb: 4, exponent: 2.8, exponentSigma: 0.6 };
}

/** Shadowing's typical standard deviation, dB: how much one bin's reading may stray from the model. */
const BIN_SIGMA_DB = 4;
const MIN_EXPONENT = 1.6;
const MAX_EXPONENT = 4.5;
/** The access point is looked for this far from the strongest readings. */
const SEARCH_RADIUS_M = 18;

export function predictDb(m: PathLossModel, walls: WallSet, x: number, y: number): number {
  const d = distance(x - m.x, y - m.y);
  return m.p0Dbm - 10 * m.exponent * Math.log10(d > 1 ? d : 1) - walls.lossAlong(m.x, m.y, x, y);
}

/**
 * The model at one position: P0 and n minimise Σ(z − P0 − n·u)²/σ² + the prior's two terms, a 2×2
 * linear system. `rmsDb` is the data's root mean square residual; `cost` the whole objective.
 */
function fitAt(bins: Bins, walls: WallSet, prior: PathLossPrior, cx: number, cy: number, weighted: boolean): PathLossModel & { cost: number } {
  let sw = 0;
  let su = 0;
  let sz = 0;
  let suu = 0;
  let suz = 0;
  let szz = 0;
  for (let i = 0; i < bins.count; i++) {
    const w = weighted ? bins.weight[i]! : 1;
    const d = distance(bins.x[i]! - cx, bins.y[i]! - cy);
    const u = -10 * Math.log10(d > 1 ? d : 1);
    const z = bins.value[i]! + walls.lossAlong(cx, cy, bins.x[i]!, bins.y[i]!);
    sw += w;
    su += w * u;
    sz += w * z;
    suu += w * u * u;
    suz += w * u * z;
    szz += w * z * z;
  }
  // With weights by readings the data term is rescaled to count bins, not readings, against the prior.
  const scale = bins.count / sw / (BIN_SIGMA_DB * BIN_SIGMA_DB);
  const ap = 1 / (prior.p0SigmaDb * prior.p0SigmaDb);
  const an = 1 / (prior.exponentSigma * prior.exponentSigma);
  // Normal equations: [sw·s + ap, su·s; su·s, suu·s + an] [p0; n] = [sz·s + ap·μp; suz·s + an·μn]
  const a11 = sw * scale + ap;
  const a12 = su * scale;
  const a22 = suu * scale + an;
  const b1 = sz * scale + ap * prior.p0Dbm;
  const b2 = suz * scale + an * prior.exponent;
  const det = a11 * a22 - a12 * a12;
  let n = (a11 * b2 - a12 * b1) / det;
  n = Math.min(MAX_EXPONENT, Math.max(MIN_EXPONENT, n));
  // P0 given the (possibly clamped) exponent.
  const p0 = (b1 - a12 * n) / a11;
  const sse = Math.max(0, szz - 2 * p0 * sz - 2 * n * suz + p0 * p0 * sw + 2 * p0 * n * su + n * n * suu);
  const cost = sse * scale + ap * (p0 - prior.p0Dbm) ** 2 + an * (n - prior.exponent) ** 2;
  return { x: cx, y: cy, p0Dbm: p0, exponent: n, rmsDb: Math.sqrt(sse / sw), cost };
}

/** Where the walk went without hearing the radio, and the weakest it was heard at. */
export interface Unheard {
  x: Float64Array;
  y: Float64Array;
  count: number;
  floorDbm: number;
}

function unheardPenalty(m: PathLossModel, walls: WallSet, unheard: Unheard): number {
  let penalty = 0;
  for (let i = 0; i < unheard.count; i++) {
    const over = predictDb(m, walls, unheard.x[i]!, unheard.y[i]!) - unheard.floorDbm;
    if (over > 0) penalty += over * over;
  }
  return penalty / (BIN_SIGMA_DB * BIN_SIGMA_DB);
}

/** One radio's part in a position search. */
export interface RadioEvidence {
  search: Bins;
  prior: PathLossPrior;
  unheard: Unheard;
}

/**
 * The position that best explains every radio given (several when they are one access point's:
 * its bands share the position, and the band heard farther settles where the other stands).
 */
export function locate(radios: readonly RadioEvidence[], walls: WallSet, floor: { widthM: number; heightM: number }): { x: number; y: number } {
  const costAt = (x: number, y: number) => {
    let cost = 0;
    for (const r of radios) {
      const m = fitAt(r.search, walls, r.prior, x, y, false);
      cost += m.cost + unheardPenalty(m, walls, r.unheard);
    }
    return cost;
  };
  let sx = 0;
  let sy = 0;
  let strongest = -Infinity;
  for (const r of radios) {
    for (let i = 0; i < r.search.count; i++) {
      if (r.search.value[i]! - r.prior.p0Dbm > strongest) {
        strongest = r.search.value[i]! - r.prior.p0Dbm;
        sx = r.search.x[i]!;
        sy = r.search.y[i]!;
      }
    }
  }
  const candidates: { x: number; y: number; cost: number }[] = [];
  const step = 2;
  for (let y = step / 2; y < floor.heightM; y += step) {
    for (let x = step / 2; x < floor.widthM; x += step) {
      if (distance(x - sx, y - sy) > SEARCH_RADIUS_M) continue;
      candidates.push({ x, y, cost: costAt(x, y) });
    }
  }
  candidates.sort((a, b) => a.cost - b.cost);
  let best = candidates[0] ?? { x: sx, y: sy, cost: costAt(sx, sy) };
  for (const c of candidates.slice(0, 3)) {
    for (let dy = -1; dy <= 1; dy += 0.5) {
      for (let dx = -1; dx <= 1; dx += 0.5) {
        const x = c.x + dx;
        const y = c.y + dy;
        if (x < 0 || y < 0 || x > floor.widthM || y > floor.heightM) continue;
        const cost = costAt(x, y);
        if (cost < best.cost) best = { x, y, cost };
      }
    }
  }
  return best;
}

/** The model of one radio at a known position, from all its bins. */
export function fitPathLossAt(all: Bins, walls: WallSet, prior: PathLossPrior, at: { x: number; y: number }): PathLossModel {
  const { cost, ...model } = fitAt(all, walls, prior, at.x, at.y, true);
  void cost;
  return model;
}
