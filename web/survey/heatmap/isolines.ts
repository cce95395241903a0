/**
 * Isolines of a view: where the value crosses each colour band's lower edge, traced by d3-contour
 * over the cell grid. Unmeasured cells first take the nearest measured value, so a line runs on
 * across the edge of the surveyed area instead of hugging it; the lines are then clipped to the
 * surveyed area (itself a contour, of the measured cells), so no line is drawn where nobody walked.
 */
import { contours } from 'd3-contour';
import { geoPath } from './geo-path.js';

export interface Isoline {
  threshold: number;
  /** SVG path data in cell units. */
  path: string;
}

export interface Isolines {
  lines: Isoline[];
  /** The surveyed area, SVG path data in cell units. */
  surveyed: string;
}

/** Every unmeasured cell takes the value of its nearest measured cell (4-neighbour breadth-first). */
export function fillFromNearest(values: Float32Array, cols: number, rows: number): Float32Array {
  const out = Float32Array.from(values);
  const queue = new Int32Array(values.length);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) queue[tail++] = i;
  if (tail === 0) return out;
  while (head < tail) {
    const i = queue[head++]!;
    const col = i % cols;
    const v = out[i]!;
    const visit = (j: number) => {
      if (Number.isNaN(out[j]!)) {
        out[j] = v;
        queue[tail++] = j;
      }
    };
    if (col > 0) visit(i - 1);
    if (col < cols - 1) visit(i + 1);
    if (i >= cols) visit(i - cols);
    if (i < (rows - 1) * cols) visit(i + cols);
  }
  return out;
}

export function isolines(values: Float32Array, cols: number, rows: number, thresholds: readonly number[]): Isolines {
  const filled = fillFromNearest(values, cols, rows);
  const measured = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) measured[i] = Number.isNaN(values[i]!) ? 0 : 1;
  const trace = contours().size([cols, rows]);
  const lines = trace
    .thresholds([...thresholds])(Array.from(filled))
    .map((c) => ({ threshold: c.value, path: geoPath(c) }));
  const surveyed = geoPath(trace.thresholds([0.5])(Array.from(measured))[0]!);
  return { lines, surveyed };
}
