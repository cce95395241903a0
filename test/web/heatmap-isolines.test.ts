import { describe, expect, it } from 'vitest';
import { fillFromNearest, isolines } from '../../web/survey/heatmap/isolines.js';

const N = Number.NaN;

describe('heatmap isolines', () => {
  it('give each unmeasured cell the value of its nearest measured one', () => {
    // prettier-ignore
    const values = Float32Array.from([
      -50, N, N,
      N,   N, -80,
    ]);
    expect([...fillFromNearest(values, 3, 2)]).toEqual([-50, -50, -80, -50, -80, -80]);
  });

  it('trace a line where the signal crosses a threshold, and the surveyed area to clip it to', () => {
    // Measured on the left four columns, falling from −50 to −80 dBm; nobody walked the right two.
    const cols = 6;
    const rows = 4;
    const values = new Float32Array(cols * rows);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) values[r * cols + c] = c < 4 ? -50 - c * 10 : N;
    const traced = isolines(values, cols, rows, [-67]);
    expect(traced.lines.map((l) => l.threshold)).toEqual([-67]);
    // −60 dBm in the second column, −70 in the third: the line runs between them, top to bottom.
    const line = [...traced.lines[0]!.path.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    const inside = line.filter(([x, y]) => y > 0.5 && y < rows - 0.5 && x > 0 && x < cols);
    expect(inside.length).toBeGreaterThan(0);
    for (const [x] of inside) expect(x).toBeGreaterThan(1.5);
    for (const [x] of inside) expect(x).toBeLessThan(2.6);
    // The surveyed area ends between the fourth and fifth columns.
    const xs = [...traced.surveyed.matchAll(/[ML]([\d.]+),/g)].map((m) => Number(m[1]));
    expect(Math.max(...xs)).toBeGreaterThan(3.5);
    expect(Math.max(...xs)).toBeLessThan(4.6);
  });
});
