/**
 * The strongest signal heard along a walk, against the time since it started: the figures a
 * reader needs (lowest, median, highest, share below the requirement) and a series short enough
 * to draw. Pure, so the chart only draws and the figures are tested without a DOM.
 */
import type { TrackPoints } from '../../lib/api-types.js';

export interface SignalSample {
  /** Seconds since the walk's first measured place. */
  t: number;
  dbm: number;
}

export interface SignalOverTime {
  count: number;
  durationS: number;
  minDbm: number;
  medianDbm: number;
  maxDbm: number;
  requirementDbm: number;
  /** Measured places below the requirement, over all measured places, 0–1. */
  belowShare: number;
  series: SignalSample[];
}

/**
 * `maxBuckets` bounds the series: a long walk has thousands of places, a chart a few hundred
 * pixels. Each bucket keeps its weakest and its strongest place in time order, so dips below
 * the requirement survive the thinning.
 */
export function signalOverTime(points: Pick<TrackPoints, 'time' | 'bestDbm'>, requirementDbm: number, maxBuckets = 300): SignalOverTime | null {
  const n = Math.min(points.time.length, points.bestDbm.length);
  if (n === 0) return null;
  const start = points.time[0]!;
  const all: SignalSample[] = [];
  for (let i = 0; i < n; i++) all.push({ t: points.time[i]! - start, dbm: points.bestDbm[i]! });
  const sorted = all.map((s) => s.dbm).sort((a, b) => a - b);
  const mid = Math.floor(n / 2);
  const median = n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const below = sorted.filter((v) => v < requirementDbm).length;
  const durationS = all[n - 1]!.t;
  return {
    count: n,
    durationS,
    minDbm: sorted[0]!,
    medianDbm: median,
    maxDbm: sorted[n - 1]!,
    requirementDbm,
    belowShare: below / n,
    series: n <= maxBuckets * 2 ? all : thin(all, durationS, maxBuckets),
  };
}

function thin(all: readonly SignalSample[], durationS: number, buckets: number): SignalSample[] {
  const out: SignalSample[] = [];
  const width = durationS / buckets || 1;
  let i = 0;
  while (i < all.length) {
    const bucket = Math.min(buckets - 1, Math.floor(all[i]!.t / width));
    let low = all[i]!;
    let high = all[i]!;
    while (i < all.length && Math.min(buckets - 1, Math.floor(all[i]!.t / width)) === bucket) {
      if (all[i]!.dbm < low.dbm) low = all[i]!;
      if (all[i]!.dbm > high.dbm) high = all[i]!;
      i++;
    }
    if (low === high) out.push(low);
    else out.push(...(low.t <= high.t ? [low, high] : [high, low]));
  }
  return out;
}

/** Round steps for the time axis, in seconds: about `target` of them across the walk. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

export function timeTicks(durationS: number, target: number): number[] {
  const step = TIME_STEPS.find((s) => durationS / s <= Math.max(1, target)) ?? Math.ceil(durationS / Math.max(1, target) / 3600) * 3600;
  const ticks: number[] = [];
  for (let t = 0; t <= durationS + 1e-9; t += step) ticks.push(t);
  return ticks;
}

/** The signal axis: whole tens of dBm around the data and the requirement, a step every 10 or 20 dB. */
export function dbmAxis(summary: Pick<SignalOverTime, 'minDbm' | 'maxDbm' | 'requirementDbm'>): { low: number; high: number; ticks: number[] } {
  // At least a decibel of room, so no line runs along the frame.
  const low = Math.floor((Math.min(summary.minDbm, summary.requirementDbm) - 1) / 10) * 10;
  const high = Math.ceil((Math.max(summary.maxDbm, summary.requirementDbm) + 1) / 10) * 10;
  const step = high - low > 60 ? 20 : 10;
  const ticks: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) ticks.push(v);
  return { low, high, ticks };
}
