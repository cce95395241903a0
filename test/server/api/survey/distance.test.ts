/** The processing's allocation-free distance must give Math.hypot's results exactly, or the figures would move. */
import { describe, expect, it } from 'vitest';
import { distance } from '../../../../server/api/tracks/processing/prediction/distance.js';

/** A deterministic generator (xorshift), so a failure can be replayed. */
function generator(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

describe('distance()', () => {
  it('equals Math.hypot bit for bit on floor-sized and extreme coordinates', () => {
    const random = generator(40);
    const scales = [1e-300, 1e-9, 0.01, 1, 37.5, 250, 1e6, 1e154, 1e300];
    let mismatches = 0;
    for (let i = 0; i < 400_000; i++) {
      const sx = scales[i % scales.length]!;
      const sy = scales[Math.floor(i / scales.length) % scales.length]!;
      const x = (random() - 0.5) * 2 * sx;
      const y = (random() - 0.5) * 2 * sy;
      if (!Object.is(distance(x, y), Math.hypot(x, y))) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('equals Math.hypot on grid-aligned distances like the processing measures', () => {
    for (let a = 0; a < 200; a++)
      for (let b = 0; b < 200; b++) expect(distance((a + 0.5) * 0.5 - 37.25, (b + 0.5) * 0.5 - 12.75)).toBe(Math.hypot((a + 0.5) * 0.5 - 37.25, (b + 0.5) * 0.5 - 12.75));
  });

  it('handles zeros, infinities and NaN as Math.hypot does', () => {
    const special = [0, -0, 1, -1, Infinity, -Infinity, NaN, Number.MIN_VALUE, Number.MAX_VALUE];
    for (const x of special) for (const y of special) expect(Object.is(distance(x, y), Math.hypot(x, y))).toBe(true);
  });
});
