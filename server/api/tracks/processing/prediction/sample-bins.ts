/**
 * A network's samples averaged per square bin (value and position). The model and the kriging
 * work on bins, not readings: a surveyor who stood still for a minute is one point, fast fading
 * averages out, and the cost follows the walked area rather than the track's length.
 */
export interface Bins {
  count: number;
  x: Float64Array;
  y: Float64Array;
  value: Float64Array;
  /** Readings per bin. */
  weight: Float64Array;
  /** Pooled variance of readings within a bin (fast fading and the like), dB²; NaN when no bin has two readings. */
  withinVariance: number;
}

export class BinAccumulator {
  private readonly cols: number;
  private readonly rows: number;
  private readonly slot: Int32Array;
  private readonly touched: number[] = [];
  private sx: number[] = [];
  private sy: number[] = [];
  private sv: number[] = [];
  private sn: number[] = [];
  private sq: number[] = [];

  constructor(
    widthM: number,
    heightM: number,
    readonly sizeM: number,
  ) {
    this.cols = Math.max(1, Math.ceil(widthM / sizeM));
    this.rows = Math.max(1, Math.ceil(heightM / sizeM));
    this.slot = new Int32Array(this.cols * this.rows).fill(-1);
  }

  add(x: number, y: number, v: number): void {
    const c = Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.sizeM)));
    const r = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.sizeM)));
    const cell = r * this.cols + c;
    let k = this.slot[cell]!;
    if (k < 0) {
      k = this.slot[cell] = this.sx.length;
      this.touched.push(cell);
      this.sx.push(0);
      this.sy.push(0);
      this.sv.push(0);
      this.sn.push(0);
      this.sq.push(0);
    }
    this.sx[k]! += x;
    this.sy[k]! += y;
    this.sv[k]! += v;
    this.sn[k]!++;
    this.sq[k]! += v * v;
  }

  /** The bins so far; resets for the next network. */
  take(): Bins {
    const n = this.sx.length;
    const bins: Bins = { count: n, x: new Float64Array(n), y: new Float64Array(n), value: new Float64Array(n), weight: new Float64Array(n), withinVariance: NaN };
    let ss = 0;
    let dof = 0;
    for (let k = 0; k < n; k++) {
      const m = this.sn[k]!;
      ss += this.sq[k]! - (this.sv[k]! * this.sv[k]!) / m;
      dof += m - 1;
      bins.x[k] = this.sx[k]! / m;
      bins.y[k] = this.sy[k]! / m;
      bins.value[k] = this.sv[k]! / m;
      bins.weight[k] = m;
    }
    if (dof > 0) bins.withinVariance = Math.max(0, ss / dof);
    for (const cell of this.touched) this.slot[cell] = -1;
    this.touched.length = 0;
    this.sx = [];
    this.sy = [];
    this.sv = [];
    this.sn = [];
    this.sq = [];
    return bins;
  }
}

/** Coarser bins from finer ones (the position search costs points × candidates × walls). */
export function coarsen(bins: Bins, widthM: number, heightM: number, sizeM: number): Bins {
  const cols = Math.max(1, Math.ceil(widthM / sizeM));
  const index = new Map<number, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  const vs: number[] = [];
  const ws: number[] = [];
  for (let i = 0; i < bins.count; i++) {
    const key = Math.floor(bins.y[i]! / sizeM) * cols + Math.floor(bins.x[i]! / sizeM);
    let k = index.get(key);
    if (k === undefined) {
      index.set(key, (k = xs.length));
      xs.push(0);
      ys.push(0);
      vs.push(0);
      ws.push(0);
    }
    const w = bins.weight[i]!;
    xs[k]! += w * bins.x[i]!;
    ys[k]! += w * bins.y[i]!;
    vs[k]! += w * bins.value[i]!;
    ws[k]! += w;
  }
  const n = xs.length;
  const r: Bins = { count: n, x: new Float64Array(n), y: new Float64Array(n), value: new Float64Array(n), weight: Float64Array.from(ws), withinVariance: bins.withinVariance };
  for (let k = 0; k < n; k++) {
    r.x[k] = xs[k]! / ws[k]!;
    r.y[k] = ys[k]! / ws[k]!;
    r.value[k] = vs[k]! / ws[k]!;
  }
  return r;
}
