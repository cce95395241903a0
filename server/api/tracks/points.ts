/**
 * Where a track was measured: each place the surveyor stood, in time order, with the strongest
 * signal heard there. The heatmap viewer draws these as the walked route and the sample points,
 * and measures "distance to the nearest sample" against them; the samples themselves stay on the
 * server (a walk holds one row per network per place).
 */
import { Type, type Static } from 'typebox';
import { Nullable } from '../http/response-schemas.js';
import type { SampleTable } from './import/sample-table.js';
import { round2 } from './processing/rounding.js';

export const TrackPointsSchema = Type.Object({
  count: Type.Integer(),
  placed: Type.Boolean({ description: 'False for a walk not placed yet: x and y are then null, and the places are its scans in time order.' }),
  x: Type.Array(Nullable(Type.Number()), { description: 'Floor-plan pixels, one entry per place, in time order; null while the walk is not placed.' }),
  y: Type.Array(Nullable(Type.Number())),
  time: Type.Array(Type.Number({ description: 'Seconds, on the clock of the file.' })),
  bestDbm: Type.Array(Type.Number({ description: 'The strongest signal heard at the place, dBm.' })),
  networks: Type.Array(Type.Integer({ description: 'How many networks were heard at the place.' })),
});
export type TrackPoints = Static<typeof TrackPointsSchema>;

/** Samples taken at the same spot and second are one place; a surveyor's scan lands there together. */
export function trackPoints(samples: SampleTable): TrackPoints {
  const order = Array.from({ length: samples.count }, (_, i) => i).sort((a, b) => samples.time[a]! - samples.time[b]! || a - b);
  const placed = samples.count === 0 || !Number.isNaN(samples.x[0]!);
  const points: TrackPoints = { placed, count: 0, x: [], y: [], time: [], bestDbm: [], networks: [] };
  let last = -1;
  for (const i of order) {
    // An unplaced walk's samples have no position: its places are its scans, told apart by time.
    const x = placed ? round1(samples.x[i]!) : null;
    const y = placed ? round1(samples.y[i]!) : null;
    const time = samples.time[i]!;
    const signal = round2(samples.signalDbm[i]!);
    if (last >= 0 && points.x[last] === x && points.y[last] === y && points.time[last] === time) {
      points.bestDbm[last] = Math.max(points.bestDbm[last]!, signal);
      points.networks[last]! += 1;
      continue;
    }
    points.x.push(x);
    points.y.push(y);
    points.time.push(time);
    points.bestDbm.push(signal);
    points.networks.push(1);
    last = points.x.length - 1;
  }
  points.count = points.x.length;
  return points;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
