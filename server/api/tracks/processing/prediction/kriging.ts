/**
 * Ordinary kriging of residuals in a local neighbourhood: at each point the nearest `k` bins,
 * weights from the fitted variogram, and the kriging variance. It predicts the local mean (the
 * nugget — fast fading and bin noise — is filtered out), so the variance at a sample is not zero
 * but what averaging leaves. Bins are found through a bucket grid, ring by ring.
 */
import type { Bins } from './sample-bins.js';
import type { Variogram } from './variogram.js';

export class NeighbourIndex {
  private readonly cols: number;
  private readonly rows: number;
  private readonly start: Int32Array;
  private readonly items: Int32Array;

  constructor(
    private readonly bins: Bins,
    private readonly bucketM: number,
    widthM: number,
    heightM: number,
  ) {
    this.cols = Math.max(1, Math.ceil(widthM / bucketM));
    this.rows = Math.max(1, Math.ceil(heightM / bucketM));
    const counts = new Int32Array(this.cols * this.rows + 1);
    const cell = new Int32Array(bins.count);
    for (let i = 0; i < bins.count; i++) {
      cell[i] = this.bucketOf(bins.x[i]!, bins.y[i]!);
      counts[cell[i]! + 1]!++;
    }
    for (let c = 0; c < this.cols * this.rows; c++) counts[c + 1]! += counts[c]!;
    this.start = counts.slice();
    this.items = new Int32Array(bins.count);
    const fill = counts.slice();
    for (let i = 0; i < bins.count; i++) this.items[fill[cell[i]!]!++] = i;
  }

  private bucketOf(x: number, y: number): number {
    const c = Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.bucketM)));
    const r = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.bucketM)));
    return r * this.cols + c;
  }

  /** Writes the nearest `k` bins (unordered) and their squared distances; returns how many were found. */
  nearest(x: number, y: number, k: number, outIdx: Int32Array, outD2: Float64Array): number {
    const c0 = Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.bucketM)));
    const r0 = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.bucketM)));
    let found = 0;
    let worst = 0;
    const maxRing = Math.max(this.cols, this.rows);
    for (let ring = 0; ring <= maxRing; ring++) {
      // Everything in later rings is at least (ring − 1)·bucket away... once k are found and the worst is nearer, stop.
      const ringMin = Math.max(0, ring - 1) * this.bucketM;
      if (found === k && outD2[worst]! <= ringMin * ringMin) break;
      for (let r = r0 - ring; r <= r0 + ring; r++) {
        if (r < 0 || r >= this.rows) continue;
        const edge = r === r0 - ring || r === r0 + ring;
        for (let c = c0 - ring; c <= c0 + ring; c += edge ? 1 : 2 * ring) {
          if (c >= 0 && c < this.cols) {
            const b = r * this.cols + c;
            for (let p = this.start[b]!; p < this.start[b + 1]!; p++) {
              const i = this.items[p]!;
              const dx = this.bins.x[i]! - x;
              const dy = this.bins.y[i]! - y;
              const d2 = dx * dx + dy * dy;
              if (found < k) {
                outIdx[found] = i;
                outD2[found] = d2;
                if (found === 0 || d2 > outD2[worst]!) worst = found;
                found++;
              } else if (d2 < outD2[worst]!) {
                outIdx[worst] = i;
                outD2[worst] = d2;
                worst = 0;
                for (let q = 1; q < k; q++) if (outD2[q]! > outD2[worst]!) worst = q;
              }
            }
          }
          if (ring === 0) break;
        }
      }
    }
    return found;
  }
}

export class OrdinaryKriging {
  private readonly idx: Int32Array;
  private readonly d2: Float64Array;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly size: number;

  constructor(
    private readonly bins: Bins,
    private readonly residual: Float64Array,
    private readonly model: Variogram,
    private readonly index: NeighbourIndex,
    private readonly k: number,
  ) {
    this.idx = new Int32Array(k);
    this.d2 = new Float64Array(k);
    this.size = k + 1;
    this.a = new Float64Array(this.size * this.size);
    this.b = new Float64Array(this.size);
  }

  /** Covariance at distance h > 0 (the partial sill's part; the nugget only on the diagonal). */
  private cov(h: number): number {
    return this.model.partialSill * Math.exp(-h / this.model.rangeM);
  }

  /** The nearest bin of the last estimate. */
  nearestBin = -1;

  /** The residual's estimate at (x, y) and its variance; `out[0]`, `out[1]`. */
  estimate(x: number, y: number, out: Float64Array): void {
    const n = this.index.nearest(x, y, this.k, this.idx, this.d2);
    this.nearestBin = -1;
    for (let i = 0; i < n; i++) if (this.nearestBin < 0 || this.d2[i]! < this.d2[this.nearestBin]!) this.nearestBin = i;
    if (this.nearestBin >= 0) this.nearestBin = this.idx[this.nearestBin]!;
    const { bins, residual } = this;
    const m = n + 1;
    const a = this.a;
    const b = this.b;
    const sill = this.model.partialSill;
    if (n === 0 || sill <= 0) {
      let mean = 0;
      for (let i = 0; i < n; i++) mean += residual[this.idx[i]!]!;
      out[0] = n ? mean / n : 0;
      out[1] = sill;
      return;
    }
    for (let i = 0; i < n; i++) {
      const bi = this.idx[i]!;
      // The nugget sits on the diagonal only: it is each bin's own noise, not shared with the point
      // estimated. Readings' spread within bins gives a floor for it: an average of fewer readings is noisier.
      const own = this.bins.withinVariance / this.bins.weight[bi]!;
      a[i * m + i] = sill + (own > this.model.nugget ? own : this.model.nugget);
      for (let j = i + 1; j < n; j++) {
        const bj = this.idx[j]!;
        const c = this.cov(Math.hypot(bins.x[bi]! - bins.x[bj]!, bins.y[bi]! - bins.y[bj]!));
        a[i * m + j] = c;
        a[j * m + i] = c;
      }
      a[i * m + n] = 1;
      a[n * m + i] = 1;
      b[i] = this.cov(Math.sqrt(this.d2[i]!));
    }
    a[n * m + n] = 0;
    b[n] = 1;
    const rhs = Float64Array.from(b.subarray(0, m));
    solve(a, b, m);
    let est = 0;
    let variance = sill;
    for (let i = 0; i < n; i++) {
      est += b[i]! * residual[this.idx[i]!]!;
      variance -= b[i]! * rhs[i]!;
    }
    variance -= b[n];
    out[0] = est;
    out[1] = variance > 0 ? variance : 0;
  }
}

/** Gaussian elimination with partial pivoting on the m×m system in `a` (destroyed); the solution replaces `b`. */
function solve(a: Float64Array, b: Float64Array, m: number): void {
  for (let col = 0; col < m; col++) {
    let piv = col;
    for (let r = col + 1; r < m; r++) if (Math.abs(a[r * m + col]!) > Math.abs(a[piv * m + col]!)) piv = r;
    if (piv !== col) {
      for (let c = 0; c < m; c++) {
        const t = a[col * m + c]!;
        a[col * m + c] = a[piv * m + c]!;
        a[piv * m + c] = t;
      }
      const t = b[col]!;
      b[col] = b[piv]!;
      b[piv] = t;
    }
    const p = a[col * m + col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = col + 1; r < m; r++) {
      const f = a[r * m + col]! / p;
      if (f === 0) continue;
      for (let c = col; c < m; c++) a[r * m + c]! -= f * a[col * m + c]!;
      b[r]! -= f * b[col]!;
    }
  }
  for (let r = m - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < m; c++) s -= a[r * m + c]! * b[c]!;
    const p = a[r * m + r]!;
    b[r] = Math.abs(p) < 1e-12 ? 0 : s / p;
  }
}
