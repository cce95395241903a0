import { describe, expect, it } from 'vitest';
import { CalibrationError, checkCalibration, metresPerPixel, PlanTransform, type Calibration } from '../../../../server/api/floorplans/calibration.js';

const image = { width: 2000, height: 1000 };
const base: Calibration = {
  points: [
    { x: 100, y: 100 },
    { x: 400, y: 500 },
  ],
  distanceM: 10,
  origin: { x: 100, y: 100 },
  rotationDeg: 0,
};

describe('floor plan calibration', () => {
  it('takes the scale from two points and their real distance', () => {
    // 300-400-500 triangle: 500 px are 10 m.
    expect(metresPerPixel(base)).toBeCloseTo(0.02, 12);
    const t = new PlanTransform(base);
    expect(t.toMetres(400, 500)).toEqual({ x: expect.closeTo(6, 9), y: expect.closeTo(8, 9) });
    expect(t.toMetres(100, 100)).toEqual({ x: 0, y: 0 });
  });

  it('turns the axes by the rotation and maps back exactly', () => {
    const t = new PlanTransform({ ...base, rotationDeg: 90 });
    // One metre along the image's x is one metre along the building's y after a quarter turn.
    const m = t.toMetres(150, 100);
    expect(m.x).toBeCloseTo(0, 9);
    expect(m.y).toBeCloseTo(1, 9);
    const any = new PlanTransform({ ...base, rotationDeg: -33.3, origin: { x: 640, y: 12 } });
    for (const [px, py] of [
      [0, 0],
      [1999, 999],
      [640, 12],
      [123.5, 876.25],
    ] as const) {
      const back = any.toPixels(...(Object.values(any.toMetres(px, py)) as [number, number]));
      expect(back.x).toBeCloseTo(px, 6);
      expect(back.y).toBeCloseTo(py, 6);
    }
    // Rotation keeps distances.
    const a = any.toMetres(0, 0);
    const b = any.toMetres(500, 0);
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeCloseTo(500 * metresPerPixel(base), 9);
  });

  it('refuses bad calibrations naming the field', () => {
    const refused = (c: Calibration) => {
      try {
        checkCalibration(c, image);
      } catch (err) {
        expect(err).toBeInstanceOf(CalibrationError);
        return (err as CalibrationError).field;
      }
      return undefined;
    };
    expect(refused(base)).toBeUndefined();
    expect(
      refused({
        ...base,
        points: [
          { x: 5, y: 5 },
          { x: 5.2, y: 5 },
        ],
      }),
    ).toBe('points');
    expect(
      refused({
        ...base,
        points: [
          { x: 5, y: 5 },
          { x: 2500, y: 5 },
        ],
      }),
    ).toBe('points[1]');
    expect(refused({ ...base, distanceM: 0 })).toBe('distanceM');
    expect(refused({ ...base, distanceM: Number.POSITIVE_INFINITY })).toBe('distanceM');
    expect(refused({ ...base, rotationDeg: Number.NaN })).toBe('rotationDeg');
  });
});
