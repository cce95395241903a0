/**
 * Ordinary kriging of residuals in a local neighbourhood: at each point the nearest `k` bins,
 * weights from the fitted variogram, and the kriging variance. It predicts the local mean (the
 * nugget — fast fading and bin noise — is filtered out), so the variance at a sample is not zero
 * but what averaging leaves. Bins are found through a bucket grid, ring by ring.
 */
import { distance } from './distance.js';
import type { Bins } from './sample-bins.js';
import type { Variogram } from './variogram.js';

export class NeighbourIndex {
  private readonly cols: number;
  private readonly rows: number;
  private readonly start: Int32Array;
  private readonly items: Int32Array;
  /**
   * Per row, the next column from c on with a bin (`cols` if none); per column, the next row. A search far
   * from the walk crosses hundreds of empty buckets: these step over them, in the same order as a scan would.
   */
  private readonly nextCol: Int32Array;
  private readonly nextRow: Int32Array;
  /** The search in progress: bins found so far, and the slot of the farthest. */
  private found = 0;
  private worst = 0;

  constructor(
    private readonly bins: Bins,
    private readonly bucketM: number,
    widthM: number,
    heightM: number,
  ) {
    const cols = (this.cols = Math.max(1, Math.ceil(widthM / bucketM)));
    const rows = (this.rows = Math.max(1, Math.ceil(heightM / bucketM)));
    const counts = new Int32Array(cols * rows + 1);
    const cell = new Int32Array(bins.count);
    for (let i = 0; i < bins.count; i++) {
      cell[i] = this.bucketOf(bins.x[i]!, bins.y[i]!);
      counts[cell[i]! + 1]!++;
    }
    for (let c = 0; c < cols * rows; c++) counts[c + 1]! += counts[c]!;
    this.start = counts.slice();
    this.items = new Int32Array(bins.count);
    const fill = counts.slice();
    for (let i = 0; i < bins.count; i++) this.items[fill[cell[i]!]!++] = i;
    this.nextCol = new Int32Array(rows * (cols + 1));
    this.nextRow = new Int32Array(cols * (rows + 1));
    const empty = (r: number, c: number) => this.start[r * cols + c] === this.start[r * cols + c + 1];
    for (let r = 0; r < rows; r++) {
      this.nextCol[r * (cols + 1) + cols] = cols;
      for (let c = cols - 1; c >= 0; c--) this.nextCol[r * (cols + 1) + c] = empty(r, c) ? this.nextCol[r * (cols + 1) + c + 1]! : c;
    }
    for (let c = 0; c < cols; c++) {
      this.nextRow[c * (rows + 1) + rows] = rows;
      for (let r = rows - 1; r >= 0; r--) this.nextRow[c * (rows + 1) + r] = empty(r, c) ? this.nextRow[c * (rows + 1) + r + 1]! : r;
    }
  }

  private bucketOf(x: number, y: number): number {
    const c = Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.bucketM)));
    const r = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.bucketM)));
    return r * this.cols + c;
  }

  /** Writes the nearest `k` bins (unordered) and their squared distances; returns how many were found. */
  nearest(x: number, y: number, k: number, outIdx: Int32Array, outD2: Float64Array): number {
    const { cols, rows, nextCol, nextRow } = this;
    const c0 = Math.min(cols - 1, Math.max(0, Math.floor(x / this.bucketM)));
    const r0 = Math.min(rows - 1, Math.max(0, Math.floor(y / this.bucketM)));
    this.found = 0;
    this.worst = 0;
    const maxRing = Math.max(cols, rows);
    const b = this.bucketM;
    this.visit(r0 * cols + c0, x, y, k, outIdx, outD2);
    for (let ring = 1; ring <= maxRing; ring++) {
      // Rings from this one on lie outside the block of buckets within ring − 1 of (c0, r0): no nearer than
      // that block's nearest edge that has buckets beyond it (bins off the floor sit in the edge buckets,
      // farther out still). Once k are found and the worst is no farther, nothing later can replace one.
      if (this.found === k) {
        let ringMin = Infinity;
        if (c0 - ring >= 0) ringMin = x - (c0 - ring + 1) * b;
        if (c0 + ring < cols) ringMin = Math.min(ringMin, (c0 + ring) * b - x);
        if (r0 - ring >= 0) ringMin = Math.min(ringMin, y - (r0 - ring + 1) * b);
        if (r0 + ring < rows) ringMin = Math.min(ringMin, (r0 + ring) * b - y);
        if (ringMin === Infinity || (ringMin >= 0 && outD2[this.worst]! <= ringMin * ringMin)) break;
      }
      // The ring's buckets with bins, row by row and left to right: its top row, then its two sides, then its bottom row.
      const cFirst = Math.max(0, c0 - ring);
      const cLast = Math.min(cols - 1, c0 + ring);
      if (r0 - ring >= 0) {
        const row = (r0 - ring) * (cols + 1);
        for (let c = nextCol[row + cFirst]!; c <= cLast; c = nextCol[row + c + 1]!) this.visit((r0 - ring) * cols + c, x, y, k, outIdx, outD2);
      }
      const left = c0 - ring;
      const right = c0 + ring;
      const rLast = Math.min(rows - 1, r0 + ring - 1);
      for (let r = Math.max(0, r0 - ring + 1); r <= rLast;) {
        const rl = left >= 0 ? nextRow[left * (rows + 1) + r]! : rows;
        const rr = right < cols ? nextRow[right * (rows + 1) + r]! : rows;
        const next = rl < rr ? rl : rr;
        if (next > rLast) break;
        if (rl === next) this.visit(next * cols + left, x, y, k, outIdx, outD2);
        if (rr === next) this.visit(next * cols + right, x, y, k, outIdx, outD2);
        r = next + 1;
      }
      if (r0 + ring < rows) {
        const row = (r0 + ring) * (cols + 1);
        for (let c = nextCol[row + cFirst]!; c <= cLast; c = nextCol[row + c + 1]!) this.visit((r0 + ring) * cols + c, x, y, k, outIdx, outD2);
      }
    }
    return this.found;
  }

  /** Offers bucket `bucket`'s bins to the search: the first k fill the slots, then a nearer one replaces the farthest. */
  private visit(bucket: number, x: number, y: number, k: number, outIdx: Int32Array, outD2: Float64Array): void {
    const { bins, items } = this;
    for (let p = this.start[bucket]!; p < this.start[bucket + 1]!; p++) {
      const i = items[p]!;
      const dx = bins.x[i]! - x;
      const dy = bins.y[i]! - y;
      const d2 = dx * dx + dy * dy;
      if (this.found < k) {
        outIdx[this.found] = i;
        outD2[this.found] = d2;
        if (this.found === 0 || d2 > outD2[this.worst]!) this.worst = this.found;
        this.found++;
      } else if (d2 < outD2[this.worst]!) {
        outIdx[this.worst] = i;
        outD2[this.worst] = d2;
        let worst = 0;
        for (let q = 1; q < k; q++) if (outD2[q]! > outD2[worst]!) worst = q;
        this.worst = worst;
      }
    }
  }
}

export class OrdinaryKriging {
  private readonly idx: Int32Array;
  private readonly d2: Float64Array;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly rhs: Float64Array;
  private readonly size: number;
  /** The elimination of the last system, replayed on the next right-hand side when the neighbours are the same. */
  private readonly factors: Elimination;
  private readonly lastIdx: Int32Array;
  private lastN = -1;

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
    this.rhs = new Float64Array(this.size);
    this.factors = new Elimination(this.size);
    this.lastIdx = new Int32Array(k);
  }

  /** Covariance at distance h > 0 (the partial sill's part; the nugget only on the diagonal). */
  private cov(h: number): number {
    return this.model.partialSill * Math.exp(-h / this.model.rangeM);
  }

  /** The nearest bin of the last estimate. */
  nearestBin = -1;

  /** Whether the last estimate's neighbours were these, in this order: its system's matrix is this one's. */
  private sameNeighbours(n: number): boolean {
    if (n !== this.lastN) return false;
    for (let i = 0; i < n; i++) if (this.idx[i] !== this.lastIdx[i]) return false;
    return true;
  }

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
    // Neighbouring lattice nodes far from the walk often share all their neighbours: the matrix is then
    // the same, and only the right-hand side is new.
    const reuse = this.sameNeighbours(n);
    for (let i = 0; i < n; i++) {
      if (!reuse) {
        const bi = this.idx[i]!;
        // The nugget sits on the diagonal only: it is each bin's own noise, not shared with the point
        // estimated. Readings' spread within bins gives a floor for it: an average of fewer readings is noisier.
        const own = this.bins.withinVariance / this.bins.weight[bi]!;
        a[i * m + i] = sill + (own > this.model.nugget ? own : this.model.nugget);
        for (let j = i + 1; j < n; j++) {
          const bj = this.idx[j]!;
          const c = this.cov(distance(bins.x[bi]! - bins.x[bj]!, bins.y[bi]! - bins.y[bj]!));
          a[i * m + j] = c;
          a[j * m + i] = c;
        }
        a[i * m + n] = 1;
        a[n * m + i] = 1;
      }
      b[i] = this.cov(Math.sqrt(this.d2[i]!));
    }
    b[n] = 1;
    if (!reuse) {
      a[n * m + n] = 0;
      this.factors.factor(a, m);
      this.lastN = n;
      this.lastIdx.set(this.idx);
    }
    const rhs = this.rhs;
    for (let i = 0; i < m; i++) rhs[i] = b[i]!;
    this.factors.solve(a, b, m);
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

/**
 * Gaussian elimination with partial pivoting, kept so that one m×m matrix serves several
 * right-hand sides: factor() reduces `a` to upper triangular form in place and records the row
 * swaps and multipliers; solve() applies them to `b` and substitutes back, the solution replacing
 * `b` — the same operations, in the same order, as eliminating `a` and `b` together.
 */
class Elimination {
  private readonly pivot: Int32Array;
  /** Per column, whether its pivot was too small to eliminate with. */
  private readonly skipped: Uint8Array;
  /** multiplier[col·size + r]: what row r lost of row col. */
  private readonly multiplier: Float64Array;

  constructor(private readonly size: number) {
    this.pivot = new Int32Array(size);
    this.skipped = new Uint8Array(size);
    this.multiplier = new Float64Array(size * size);
  }

  factor(a: Float64Array, m: number): void {
    const mult = this.multiplier;
    const size = this.size;
    for (let col = 0; col < m; col++) {
      let piv = col;
      for (let r = col + 1; r < m; r++) if (Math.abs(a[r * m + col]!) > Math.abs(a[piv * m + col]!)) piv = r;
      this.pivot[col] = piv;
      if (piv !== col) {
        for (let c = 0; c < m; c++) {
          const t = a[col * m + c]!;
          a[col * m + c] = a[piv * m + c]!;
          a[piv * m + c] = t;
        }
      }
      const p = a[col * m + col]!;
      this.skipped[col] = Math.abs(p) < 1e-12 ? 1 : 0;
      if (this.skipped[col]) continue;
      for (let r = col + 1; r < m; r++) {
        const f = a[r * m + col]! / p;
        mult[col * size + r] = f;
        if (f === 0) continue;
        for (let c = col; c < m; c++) a[r * m + c]! -= f * a[col * m + c]!;
      }
    }
  }

  /** `a` as factor() left it. */
  solve(a: Float64Array, b: Float64Array, m: number): void {
    const mult = this.multiplier;
    const size = this.size;
    for (let col = 0; col < m; col++) {
      const piv = this.pivot[col]!;
      if (piv !== col) {
        const t = b[col]!;
        b[col] = b[piv]!;
        b[piv] = t;
      }
      if (this.skipped[col]) continue;
      for (let r = col + 1; r < m; r++) {
        const f = mult[col * size + r]!;
        if (f === 0) continue;
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
}
