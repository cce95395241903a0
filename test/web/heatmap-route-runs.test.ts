import { describe, expect, it } from 'vitest';
import { routeRuns } from '../../web/survey/heatmap/route-runs.js';

const canvas = { width: 100, height: 100 };
const flat = (runs: Float64Array[]) => runs.map((r) => [...r]);

describe('the walk route on a canvas', () => {
  it('places every point in canvas pixels, one run while the route stays in view', () => {
    const runs = routeRuns([0, 10, 20], [0, 0, 10], { scale: 2, x: 5, y: 7 }, canvas, 0);
    expect(flat(runs)).toEqual([[5, 7, 25, 7, 45, 27]]);
  });

  it('leaves out the segments wholly outside, and starts a new run where the route comes back', () => {
    // In view, out to the right for two segments, back in view.
    const runs = routeRuns([10, 50, 300, 400, 60, 20], [50, 50, 50, 50, 50, 50], { scale: 1, x: 0, y: 0 }, canvas, 2);
    expect(flat(runs)).toEqual([
      [10, 50, 50, 50, 300, 50],
      [400, 50, 60, 50, 20, 50],
    ]);
  });

  it('keeps a segment that crosses the canvas with both ends outside', () => {
    expect(flat(routeRuns([-50, 150], [50, 50], { scale: 1, x: 0, y: 0 }, canvas, 0))).toEqual([[-50, 50, 150, 50]]);
  });

  it('keeps a segment just outside the edge by less than the margin (a wide line still shows there)', () => {
    expect(routeRuns([101, 102], [10, 20], { scale: 1, x: 0, y: 0 }, canvas, 2)).toHaveLength(1);
    expect(routeRuns([103, 104], [10, 20], { scale: 1, x: 0, y: 0 }, canvas, 2)).toHaveLength(0);
  });

  it('breaks the route at a point with no position', () => {
    const runs = routeRuns([10, 20, null, 30, 40], [10, 20, null, 30, 40], { scale: 1, x: 0, y: 0 }, canvas, 0);
    expect(flat(runs)).toEqual([
      [10, 10, 20, 20],
      [30, 30, 40, 40],
    ]);
  });
});
