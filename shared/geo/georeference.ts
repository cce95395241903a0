/**
 * Georeferencing a floor plan: control points tie pixels of the plan image to latitude and
 * longitude, and a similarity transform (scale, rotation, shift) fitted to them maps one onto the
 * other. Used by the API (to check what is saved and to place GPS data on the plan) and by the
 * floor page (to show each point's residual while the user edits).
 *
 * Method. Latitude/longitude are first flattened onto a local tangent plane at the points' mean
 * (east and north in metres, equirectangular: exact enough for a building or a warehouse yard —
 * under a centimetre per 100 m at any latitude short of the poles). The image's y axis points
 * down and north points up, so pixels are mirrored (x, −y) before fitting; the fit is then
 * w = a·z + b in complex numbers (z the mirrored pixel, w east + i·north), which is exact for two
 * points and least squares for more. A similarity keeps the plan's proportions, which a drawn-to-
 * scale plan has: an affine fit would bend shear and unequal scales into the plan to absorb the
 * GPS error of a few points, and needs three points before it says anything at all.
 * Each point's residual is the distance, in metres on the ground, between where the fit puts its
 * pixel and where its latitude/longitude are.
 */

export interface ControlPoint {
  /** Pixel of the plan image. */
  x: number;
  y: number;
  /** Degrees, WGS 84. */
  latitude: number;
  longitude: number;
}

export interface GeoFit {
  /** Ground metres per image pixel. */
  metresPerPixel: number;
  /** Compass bearing of the image's up direction: degrees clockwise from true north, in [0, 360). */
  northDeg: number;
  /** Per control point, in the order given: metres between its fitted and its surveyed place. */
  residualsM: number[];
  /** Root mean square of the residuals, metres (0 for two points). */
  rmsM: number;
}

export const MAX_CONTROL_POINTS = 50;
/** Two control points closer than this on the ground cannot fix a scale or a rotation. */
export const MIN_CONTROL_POINT_SPACING_M = 0.5;
/** …nor two closer than this on the image. */
export const MIN_CONTROL_POINT_SPACING_PX = 2;

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export class GeoreferenceError extends Error {
  override name = 'GeoreferenceError';
  constructor(
    /** The field at fault, `controlPoints[2].latitude` style. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Local east/north metres around a reference latitude/longitude. */
class TangentPlane {
  private readonly cosLat: number;
  constructor(
    readonly lat0: number,
    readonly lon0: number,
  ) {
    this.cosLat = Math.cos(lat0 * RAD);
  }
  toMetres(latitude: number, longitude: number): { e: number; n: number } {
    // Longitude differences wrap at the antimeridian.
    let dLon = longitude - this.lon0;
    if (dLon > 180) dLon -= 360;
    if (dLon < -180) dLon += 360;
    return { e: dLon * RAD * EARTH_RADIUS_M * this.cosLat, n: (latitude - this.lat0) * RAD * EARTH_RADIUS_M };
  }
}

/** Checks control points against the plan image; throws naming the field at fault. */
export function checkControlPoints(points: readonly ControlPoint[], image: { width: number; height: number }): void {
  if (points.length < 2) throw new GeoreferenceError('controlPoints', `give at least 2 control points (got ${points.length}), or none to remove the georeference`);
  if (points.length > MAX_CONTROL_POINTS) throw new GeoreferenceError('controlPoints', `at most ${MAX_CONTROL_POINTS} control points`);
  for (const [i, p] of points.entries()) {
    const at = `controlPoints[${i}]`;
    for (const key of ['x', 'y', 'latitude', 'longitude'] as const) {
      if (typeof p[key] !== 'number' || !Number.isFinite(p[key])) throw new GeoreferenceError(`${at}.${key}`, 'must be a finite number');
    }
    if (p.x < 0 || p.x > image.width) throw new GeoreferenceError(`${at}.x`, `${p.x} lies outside the image (0 to ${image.width})`);
    if (p.y < 0 || p.y > image.height) throw new GeoreferenceError(`${at}.y`, `${p.y} lies outside the image (0 to ${image.height})`);
    if (p.latitude < -90 || p.latitude > 90) throw new GeoreferenceError(`${at}.latitude`, `${p.latitude} is not a latitude (−90 to 90)`);
    // Near the poles east and north lose their meaning on a tangent plane.
    if (Math.abs(p.latitude) > 85) throw new GeoreferenceError(`${at}.latitude`, `${p.latitude}: plans within 5° of a pole cannot be georeferenced`);
    if (p.longitude < -180 || p.longitude > 180) throw new GeoreferenceError(`${at}.longitude`, `${p.longitude} is not a longitude (−180 to 180)`);
  }
  const plane = planeFor(points);
  for (let i = 0; i < points.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = points[i]!;
      const b = points[j]!;
      if (Math.hypot(a.x - b.x, a.y - b.y) < MIN_CONTROL_POINT_SPACING_PX) {
        throw new GeoreferenceError(
          `controlPoints[${i}]`,
          `lies on the image where control point ${j + 1} does: points must be at least ${MIN_CONTROL_POINT_SPACING_PX} pixels apart`,
        );
      }
      const ma = plane.toMetres(a.latitude, a.longitude);
      const mb = plane.toMetres(b.latitude, b.longitude);
      if (Math.hypot(ma.e - mb.e, ma.n - mb.n) < MIN_CONTROL_POINT_SPACING_M) {
        throw new GeoreferenceError(`controlPoints[${i}]`, `lies on the ground where control point ${j + 1} does: points must be at least ${MIN_CONTROL_POINT_SPACING_M} m apart`);
      }
    }
  }
}

function planeFor(points: readonly ControlPoint[]): TangentPlane {
  const lat0 = points.reduce((s, p) => s + p.latitude, 0) / points.length;
  // The mean longitude is taken relative to the first point, so points either side of ±180° average well.
  const first = points[0]!.longitude;
  const dLon = points.reduce((s, p) => s + (((p.longitude - first + 540) % 360) - 180), 0) / points.length;
  return new TangentPlane(lat0, first + dLon);
}

/**
 * The fitted georeference of a plan: pixel ↔ latitude/longitude. Build it with `fitGeoreference`
 * from points that passed `checkControlPoints`.
 */
export class Georeference {
  /** w = a·z + b with z = x − i·y (mirrored pixel) and w = e + i·n (metres); a = ar + i·ai. */
  private readonly ar: number;
  private readonly ai: number;
  private readonly br: number;
  private readonly bi: number;
  readonly fit: GeoFit;

  constructor(
    private readonly plane: TangentPlane,
    points: readonly ControlPoint[],
  ) {
    const zs = points.map((p) => ({ r: p.x, i: -p.y }));
    const ws = points.map((p) => {
      const m = plane.toMetres(p.latitude, p.longitude);
      return { r: m.e, i: m.n };
    });
    const count = points.length;
    const zr = zs.reduce((s, z) => s + z.r, 0) / count;
    const zi = zs.reduce((s, z) => s + z.i, 0) / count;
    const wr = ws.reduce((s, w) => s + w.r, 0) / count;
    const wi = ws.reduce((s, w) => s + w.i, 0) / count;
    // Least squares of a complex-linear fit on centred coordinates: a = Σ conj(z)·w / Σ |z|².
    let nr = 0;
    let ni = 0;
    let d = 0;
    for (let k = 0; k < count; k++) {
      const cr = zs[k]!.r - zr;
      const ci = zs[k]!.i - zi;
      const vr = ws[k]!.r - wr;
      const vi = ws[k]!.i - wi;
      nr += cr * vr + ci * vi;
      ni += cr * vi - ci * vr;
      d += cr * cr + ci * ci;
    }
    this.ar = nr / d;
    this.ai = ni / d;
    this.br = wr - (this.ar * zr - this.ai * zi);
    this.bi = wi - (this.ar * zi + this.ai * zr);
    const residualsM = points.map((_, k) => {
      const z = zs[k]!;
      const w = ws[k]!;
      return Math.hypot(this.ar * z.r - this.ai * z.i + this.br - w.r, this.ar * z.i + this.ai * z.r + this.bi - w.i);
    });
    // Image up (0, 1 in mirrored pixels, i.e. i) maps to a·i = −ai + i·ar; its bearing from north, clockwise.
    const north = Math.atan2(-this.ai, this.ar) / RAD;
    this.fit = {
      metresPerPixel: Math.hypot(this.ar, this.ai),
      northDeg: ((north % 360) + 360) % 360,
      residualsM,
      rmsM: count > 2 ? Math.sqrt(residualsM.reduce((s, r) => s + r * r, 0) / count) : 0,
    };
  }

  /** The pixel of the plan image at a latitude/longitude (possibly outside the image). */
  toPixel(latitude: number, longitude: number): { x: number; y: number } {
    const m = this.plane.toMetres(latitude, longitude);
    // z = (w − b) / a
    const vr = m.e - this.br;
    const vi = m.n - this.bi;
    const d = this.ar * this.ar + this.ai * this.ai;
    const zr = (vr * this.ar + vi * this.ai) / d;
    const zi = (vi * this.ar - vr * this.ai) / d;
    return { x: zr, y: -zi };
  }

  /** The latitude/longitude of a pixel of the plan image. */
  toLatLon(x: number, y: number): { latitude: number; longitude: number } {
    const e = this.ar * x - this.ai * -y + this.br;
    const n = this.ar * -y + this.ai * x + this.bi;
    const latitude = this.plane.lat0 + n / EARTH_RADIUS_M / RAD;
    let longitude = this.plane.lon0 + e / (EARTH_RADIUS_M * Math.cos(this.plane.lat0 * RAD)) / RAD;
    if (longitude > 180) longitude -= 360;
    if (longitude < -180) longitude += 360;
    return { latitude, longitude };
  }
}

/** Checks the points against the image and fits them; throws `GeoreferenceError` naming the field at fault. */
export function fitGeoreference(points: readonly ControlPoint[], image: { width: number; height: number }): Georeference {
  checkControlPoints(points, image);
  return new Georeference(planeFor(points), points);
}
