/**
 * Placing a walk by clicking, as pure functions: the walk's scans (its places in time order,
 * from the points endpoint) and the clicks made so far become the timed points saved as the
 * walk's path (PUT /api/tracks/{trackId}/positions).
 *
 * - Stop and go: each click is where the next scan was taken (the person stood there).
 * - Continuous walk: each click is a turning point of the route at the replayed time; the server
 *   puts every scan between two clicks on the straight line between them, in proportion to time.
 *
 * Clicks are kept in the order made, so Undo takes back the last one.
 */
import type { PlanPoint } from '../heatmap/PlanViewport.js';

export type PlacementMode = 'stops' | 'walk';

export interface TimedPoint {
  time: number;
  x: number;
  y: number;
}

export interface Scan {
  time: number;
  networks: number;
  bestDbm: number;
}

/** The walk's scans, from the points answer (one entry per place, in time order). */
export function scansOf(points: { time: readonly number[]; networks: readonly number[]; bestDbm: readonly number[] }): Scan[] {
  return points.time.map((time, i) => ({ time, networks: points.networks[i]!, bestDbm: points.bestDbm[i]! }));
}

/** Stop and go: the click places the next scan not placed yet; nothing once all are. */
export function placeStop(clicks: readonly TimedPoint[], scans: readonly Scan[], at: PlanPoint): TimedPoint[] {
  const next = scans[clicks.length];
  return next ? [...clicks, { time: next.time, x: at.x, y: at.y }] : [...clicks];
}

/** Continuous walk: a turning point at the replayed time. */
export function placeTurn(clicks: readonly TimedPoint[], time: number, at: PlanPoint): TimedPoint[] {
  return [...clicks, { time, x: at.x, y: at.y }];
}

export function undo(clicks: readonly TimedPoint[]): TimedPoint[] {
  return clicks.slice(0, -1);
}

/** The points to save: by time, a later click at the same time replacing an earlier one. */
export function pathOf(clicks: readonly TimedPoint[]): TimedPoint[] {
  const byTime = new Map<number, TimedPoint>();
  for (const c of clicks) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Where the walk is at `time` on the path so far (between clicks in proportion to time), or null before any. */
export function positionAt(path: readonly TimedPoint[], time: number): PlanPoint | null {
  if (path.length === 0) return null;
  if (time <= path[0]!.time) return { x: path[0]!.x, y: path[0]!.y };
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    if (time <= b.time) {
      const f = b.time > a.time ? (time - a.time) / (b.time - a.time) : 1;
      return { x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y) };
    }
  }
  const last = path[path.length - 1]!;
  return { x: last.x, y: last.y };
}

/** Replay speed: a walk of any length replays in about a minute, never slower than real time. */
export function replaySpeed(startTime: number, endTime: number): number {
  return Math.max(1, Math.round((endTime - startTime) / 60));
}

/** Whether the clicks are enough to save: at least one point. */
export function canSave(clicks: readonly TimedPoint[]): boolean {
  return clicks.length > 0;
}
