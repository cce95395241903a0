/**
 * The measured place nearest to a point of the plan: what the readout reports as "distance to
 * the nearest sample", so a reader can tell a measured value from an interpolated one.
 */
import type { TrackPoints } from '../../lib/api-types.js';

export function nearestPoint(points: TrackPoints, x: number, y: number): { index: number; distancePx: number } | null {
  let best = -1;
  let bestD2 = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.count; i++) {
    const dx = points.x[i]! - x;
    const dy = points.y[i]! - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < bestD2) {
      bestD2 = d2;
      best = i;
    }
  }
  return best < 0 ? null : { index: best, distancePx: Math.sqrt(bestD2) };
}
