/**
 * The loss a straight path picks up through the walls drawn on the plan. Walls are kept in
 * metres in flat arrays with their bounding boxes, so the millions of path tests a fit makes
 * reject most walls on two comparisons.
 */
import type { Wall } from '../../../../../shared/heatmap/walls.js';

export class WallSet {
  readonly count: number;
  private readonly x1: Float64Array;
  private readonly y1: Float64Array;
  private readonly dx: Float64Array;
  private readonly dy: Float64Array;
  private readonly loss: Float64Array;
  private readonly minX: Float64Array;
  private readonly maxX: Float64Array;
  private readonly minY: Float64Array;
  private readonly maxY: Float64Array;

  constructor(walls: readonly Wall[], metresPerPixel: number) {
    const used = walls.filter((w) => w.lossDb > 0 && (w.x1 !== w.x2 || w.y1 !== w.y2));
    const n = (this.count = used.length);
    this.x1 = new Float64Array(n);
    this.y1 = new Float64Array(n);
    this.dx = new Float64Array(n);
    this.dy = new Float64Array(n);
    this.loss = new Float64Array(n);
    this.minX = new Float64Array(n);
    this.maxX = new Float64Array(n);
    this.minY = new Float64Array(n);
    this.maxY = new Float64Array(n);
    for (const [i, w] of used.entries()) {
      const ax = w.x1 * metresPerPixel;
      const ay = w.y1 * metresPerPixel;
      const bx = w.x2 * metresPerPixel;
      const by = w.y2 * metresPerPixel;
      this.x1[i] = ax;
      this.y1[i] = ay;
      this.dx[i] = bx - ax;
      this.dy[i] = by - ay;
      this.loss[i] = w.lossDb;
      this.minX[i] = Math.min(ax, bx);
      this.maxX[i] = Math.max(ax, bx);
      this.minY[i] = Math.min(ay, by);
      this.maxY[i] = Math.max(ay, by);
    }
  }

  /** Sum of the losses of the walls the segment a→b crosses (touching an end counts once per wall). */
  lossAlong(ax: number, ay: number, bx: number, by: number): number {
    let total = 0;
    const sminX = ax < bx ? ax : bx;
    const smaxX = ax < bx ? bx : ax;
    const sminY = ay < by ? ay : by;
    const smaxY = ay < by ? by : ay;
    const ex = bx - ax;
    const ey = by - ay;
    for (let i = 0; i < this.count; i++) {
      if (this.maxX[i]! < sminX || this.minX[i]! > smaxX || this.maxY[i]! < sminY || this.minY[i]! > smaxY) continue;
      const wx = this.dx[i]!;
      const wy = this.dy[i]!;
      const d = ex * wy - ey * wx;
      if (d === 0) continue;
      const qx = this.x1[i]! - ax;
      const qy = this.y1[i]! - ay;
      const t = (qx * wy - qy * wx) / d;
      if (t <= 0 || t >= 1) continue;
      const u = (qx * ey - qy * ex) / d;
      if (u >= 0 && u <= 1) total += this.loss[i]!;
    }
    return total;
  }
}
