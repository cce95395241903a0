/**
 * Inverse-distance-weighted interpolation of one quantity (a network's signal, or the noise
 * floor) onto the grid, in two passes that keep it linear in the number of samples:
 *
 * 1. bin: samples are averaged per cell (value and position), so a surveyor who stood still
 *    for a minute counts as one point, not six hundred;
 * 2. splat: each occupied cell spreads weight 1/max(d, cell/2)^power, d measured from its
 *    centroid, onto every cell whose centre lies within `radiusM` of the bin cell's centre. A
 *    cell's value is Σ w·v / Σ w; a cell no bin reaches has no data.
 *
 * Which cells a bin reaches depends on the bin's cell, not its centroid: every network heard at a
 * place reaches the same cells from there. (With the centroid, a network heard in only some of a
 * cell's scans has its own centroid, and at the edge of the radius could reach a cell its
 * stronger neighbours miss by a few centimetres — the best server there would be a weak one.)
 *
 * Cost is bins × (2·radius/cell)², independent of the size of the floor; the accumulators are
 * allocated once per grid and reset through the list of touched cells.
 */
import type { GridSpec } from './grid.js';

export interface IdwOptions {
  radiusM: number;
  power: number;
}

export const DEFAULT_IDW: IdwOptions = { radiusM: 5, power: 2 };

export class IdwInterpolator {
  private readonly binSum: Float64Array;
  private readonly binCount: Uint32Array;
  private readonly binX: Float64Array;
  private readonly binY: Float64Array;
  private readonly bins: number[] = [];
  private readonly weight: Float64Array;
  private readonly weighted: Float64Array;
  private readonly reached: number[] = [];
  private readonly reachedMark: Uint8Array;
  private readonly offsets: Int32Array;

  constructor(
    readonly grid: GridSpec,
    readonly options: IdwOptions = DEFAULT_IDW,
  ) {
    const n = grid.cols * grid.rows;
    this.binSum = new Float64Array(n);
    this.binCount = new Uint32Array(n);
    this.binX = new Float64Array(n);
    this.binY = new Float64Array(n);
    this.weight = new Float64Array(n);
    this.weighted = new Float64Array(n);
    this.reachedMark = new Uint8Array(n);
    const r = Math.ceil(options.radiusM / grid.cellSizeM);
    const reach = (options.radiusM / grid.cellSizeM) ** 2;
    const offs: number[] = [];
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (dx * dx + dy * dy <= reach) offs.push(dx, dy);
    this.offsets = Int32Array.from(offs);
  }

  /** Position in metres along the image axes. */
  add(xM: number, yM: number, value: number): void {
    const { cols, rows, cellSizeM } = this.grid;
    const c = Math.min(cols - 1, Math.max(0, Math.floor(xM / cellSizeM)));
    const r = Math.min(rows - 1, Math.max(0, Math.floor(yM / cellSizeM)));
    const i = r * cols + c;
    if (this.binCount[i] === 0) this.bins.push(i);
    this.binCount[i]!++;
    this.binSum[i]! += value;
    this.binX[i]! += xM;
    this.binY[i]! += yM;
  }

  get binCountTotal(): number {
    return this.bins.length;
  }

  /**
   * Interpolates into `out` (NaN where no data) and resets for the next quantity. Returns the
   * number of cells that received a value.
   */
  interpolate(out: Float32Array): number {
    const { cols, rows, cellSizeM } = this.grid;
    const { power } = this.options;
    const minD = cellSizeM / 2;
    const half = power / 2;
    const offs = this.offsets;
    for (const b of this.bins) {
      const n = this.binCount[b]!;
      const v = this.binSum[b]! / n;
      const bx = this.binX[b]! / n;
      const by = this.binY[b]! / n;
      const bc = b % cols;
      const br = (b - bc) / cols;
      for (let k = 0; k < offs.length; k += 2) {
        const c = bc + offs[k]!;
        const r = br + offs[k + 1]!;
        if (c < 0 || r < 0 || c >= cols || r >= rows) continue;
        const dx = (c + 0.5) * cellSizeM - bx;
        const dy = (r + 0.5) * cellSizeM - by;
        let d2 = dx * dx + dy * dy;
        if (d2 < minD * minD) d2 = minD * minD;
        const w = half === 1 ? 1 / d2 : 1 / Math.pow(d2, half);
        const i = r * cols + c;
        if (this.reachedMark[i] === 0) {
          this.reachedMark[i] = 1;
          this.reached.push(i);
        }
        this.weight[i]! += w;
        this.weighted[i]! += w * v;
      }
      this.binCount[b] = 0;
      this.binSum[b] = 0;
      this.binX[b] = 0;
      this.binY[b] = 0;
    }
    out.fill(Number.NaN);
    for (const i of this.reached) {
      out[i] = this.weighted[i]! / this.weight[i]!;
      this.weight[i] = 0;
      this.weighted[i] = 0;
      this.reachedMark[i] = 0;
    }
    const count = this.reached.length;
    this.bins.length = 0;
    this.reached.length = 0;
    return count;
  }
}
