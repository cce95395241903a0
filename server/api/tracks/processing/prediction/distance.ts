/**
 * The length of (x, y), as Math.hypot computes it — bit for bit. V8's Math.hypot allocates a
 * scratch array and a boxed result on every call, and the fits and the kriging call it millions
 * of times per track, so that garbage became a fifth of the processing time. This is the same
 * arithmetic (scaled by the larger magnitude, squares summed with Kahan compensation), without
 * the allocations; test/server/api/survey/distance.test.ts holds it to Math.hypot's results.
 */
export function distance(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let max = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (max === Infinity) return Infinity;
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (max === 0) return 0;
  const nx = ax / max;
  const ny = ay / max;
  // Math.hypot's Kahan compensation is exactly zero after the first square, so with two terms it changes nothing.
  return Math.sqrt(nx * nx + ny * ny) * max;
}
