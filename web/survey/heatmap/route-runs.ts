/**
 * The parts of a walk's route that cross a canvas, as runs of consecutive points in canvas
 * pixels. Segments wholly outside it are left out: dashing a long route at a deep zoom would
 * otherwise cost its whole length in screen pixels. A route that leaves and comes back starts a
 * new run, and so does a point with no position (a walk not placed yet).
 */
export interface RouteToCanvas {
  /** Canvas pixels per plan pixel. */
  scale: number;
  /** Where the plan's origin is, in canvas pixels. */
  x: number;
  y: number;
}

export function routeRuns(
  xs: readonly (number | null)[],
  ys: readonly (number | null)[],
  to: RouteToCanvas,
  canvas: { width: number; height: number },
  margin: number,
): Float64Array[] {
  const runs: Float64Array[] = [];
  let run: number[] = [];
  const close = () => {
    if (run.length >= 4) runs.push(Float64Array.from(run));
    run = [];
  };
  let px = Number.NaN;
  let py = Number.NaN;
  for (let i = 0; i < xs.length; i++) {
    const planX = xs[i];
    const planY = ys[i];
    if (planX == null || planY == null) {
      close();
      px = py = Number.NaN;
      continue;
    }
    const x = planX * to.scale + to.x;
    const y = planY * to.scale + to.y;
    const outside =
      Number.isNaN(px) || Math.max(px, x) < -margin || Math.min(px, x) > canvas.width + margin || Math.max(py, y) < -margin || Math.min(py, y) > canvas.height + margin;
    if (outside) close();
    else {
      if (run.length === 0) run.push(px, py);
      run.push(x, y);
    }
    px = x;
    py = y;
  }
  close();
  return runs;
}
