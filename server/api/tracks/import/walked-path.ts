/**
 * Positions along a walked path: the surveyor marks points on the plan as they walk, and each
 * sample between two marks is placed on the straight line between them in proportion to time.
 * Before the first mark or after the last, the surveyor is taken to be standing at it.
 */

export interface Waypoint {
  time: number;
  x: number;
  y: number;
}

export class WalkedPath {
  private readonly times: Float64Array;
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;

  /** `points` in any order; equal times keep the last point given. */
  constructor(points: readonly Waypoint[]) {
    if (points.length === 0) throw new Error('A walked path needs at least one point');
    const sorted = [...points].sort((a, b) => a.time - b.time);
    this.times = Float64Array.from(sorted, (p) => p.time);
    this.xs = Float64Array.from(sorted, (p) => p.x);
    this.ys = Float64Array.from(sorted, (p) => p.y);
  }

  get length(): number {
    return this.times.length;
  }

  /** Writes the position at `time` into `out` (no allocation: called once per sample). */
  positionAt(time: number, out: { x: number; y: number }): void {
    const t = this.times;
    const n = t.length;
    if (time <= t[0]!) {
      out.x = this.xs[0]!;
      out.y = this.ys[0]!;
      return;
    }
    if (time >= t[n - 1]!) {
      out.x = this.xs[n - 1]!;
      out.y = this.ys[n - 1]!;
      return;
    }
    // Largest i with t[i] <= time.
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (t[mid]! <= time) lo = mid;
      else hi = mid;
    }
    const span = t[hi]! - t[lo]!;
    const f = span > 0 ? (time - t[lo]!) / span : 0;
    out.x = this.xs[lo]! + f * (this.xs[hi]! - this.xs[lo]!);
    out.y = this.ys[lo]! + f * (this.ys[hi]! - this.ys[lo]!);
  }
}
