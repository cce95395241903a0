/**
 * Floor plan calibration: how image pixels map to metres on the floor.
 *
 * The scale comes from two points on the image and the real distance between them. The origin
 * is the pixel that is (0, 0) m, and the rotation r (degrees) turns the image's axes onto the
 * building's: a pixel offset (dx, dy) from the origin, scaled to metres, becomes
 * (dx·cos r − dy·sin r, dx·sin r + dy·cos r). The metre frame keeps the image's handedness:
 * x to the right and y downwards when r is 0.
 */
import type { Calibration, Point } from './floorplan-schema.js';

export type { Calibration, Point };

export class CalibrationError extends Error {
  override name = 'CalibrationError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Checks a calibration against the image it belongs to; throws naming the field at fault. */
export function checkCalibration(c: Calibration, image: { width: number; height: number }): void {
  for (const [i, p] of c.points.entries()) {
    if (![p.x, p.y].every(Number.isFinite)) throw new CalibrationError(`points[${i}]`, 'coordinates must be finite numbers');
    if (p.x < 0 || p.y < 0 || p.x > image.width || p.y > image.height) {
      throw new CalibrationError(`points[${i}]`, `(${p.x}, ${p.y}) lies outside the ${image.width}×${image.height} image`);
    }
  }
  const [a, b] = c.points;
  if (Math.hypot(b.x - a.x, b.y - a.y) < 1) throw new CalibrationError('points', 'the two points must be at least one pixel apart');
  if (!(c.distanceM > 0) || !Number.isFinite(c.distanceM)) throw new CalibrationError('distanceM', 'must be a positive number of metres');
  if (!Number.isFinite(c.rotationDeg)) throw new CalibrationError('rotationDeg', 'must be a finite number');
  if (![c.origin.x, c.origin.y].every(Number.isFinite)) throw new CalibrationError('origin', 'coordinates must be finite numbers');
}

export function metresPerPixel(c: Calibration): number {
  const [a, b] = c.points;
  return c.distanceM / Math.hypot(b.x - a.x, b.y - a.y);
}

/** Pixel ↔ metre transforms of one calibration (precomputed: called per sample and per cell). */
export class PlanTransform {
  readonly scale: number;
  private readonly cos: number;
  private readonly sin: number;
  private readonly ox: number;
  private readonly oy: number;

  constructor(c: Calibration) {
    this.scale = metresPerPixel(c);
    const r = (c.rotationDeg * Math.PI) / 180;
    this.cos = Math.cos(r);
    this.sin = Math.sin(r);
    this.ox = c.origin.x;
    this.oy = c.origin.y;
  }

  toMetres(px: number, py: number, out: Point = { x: 0, y: 0 }): Point {
    const dx = (px - this.ox) * this.scale;
    const dy = (py - this.oy) * this.scale;
    out.x = dx * this.cos - dy * this.sin;
    out.y = dx * this.sin + dy * this.cos;
    return out;
  }

  toPixels(mx: number, my: number, out: Point = { x: 0, y: 0 }): Point {
    const dx = mx * this.cos + my * this.sin;
    const dy = -mx * this.sin + my * this.cos;
    out.x = dx / this.scale + this.ox;
    out.y = dy / this.scale + this.oy;
    return out;
  }
}

/** A plan that has not been calibrated is taken at 5 cm per pixel, so processing still runs; the result says so. */
export function defaultCalibration(image: { width: number; height: number }): Calibration {
  const width = Math.max(1, image.width);
  return {
    points: [
      { x: 0, y: 0 },
      { x: width, y: 0 },
    ],
    distanceM: width * 0.05,
    origin: { x: 0, y: 0 },
    rotationDeg: 0,
  };
}
