/**
 * Scale calibration from a line drawn over a known distance. A short line makes a small error of
 * the click a large error of the scale (a 5-pixel slip on a 100-pixel line is 5 %), so the page
 * warns below a tenth of the plan's longer side.
 */
import type { PlanPoint } from '../heatmap/PlanViewport.js';

export const SHORT_LINE_SHARE = 0.1;

export function lineLength(points: readonly PlanPoint[]): number {
  const [a, b] = points;
  return a && b ? Math.hypot(b.x - a.x, b.y - a.y) : 0;
}

export function isShortLine(points: readonly PlanPoint[], plan: { width: number; height: number }): boolean {
  return points.length === 2 && lineLength(points) < SHORT_LINE_SHARE * Math.max(plan.width, plan.height);
}

/** Metres per plan pixel the line and distance give. */
export function scaleOf(points: readonly PlanPoint[], distanceM: number): number | null {
  const length = lineLength(points);
  return length >= 1 && distanceM > 0 ? distanceM / length : null;
}
