/**
 * The control-point fit: exact for two points, least squares for more, residuals in ground
 * metres, and every kind of bad input refused naming its field.
 */
import { describe, expect, it } from 'vitest';
import { fitGeoreference, GeoreferenceError, type ControlPoint } from '../../../shared/geo/georeference.js';

const image = { width: 1000, height: 800 };
const R = 6_371_008.8;
const RAD = Math.PI / 180;

/** A plan 10 px per metre, its up direction turned `bearing` degrees east of north, pixel (0,0) at lat0/lon0. */
function planAt(lat0: number, lon0: number, bearingDeg: number, pxPerM = 10) {
  const b = bearingDeg * RAD;
  return (x: number, y: number): ControlPoint => {
    // Image right is bearing + 90°, image down is bearing + 180°.
    const right = x / pxPerM;
    const down = y / pxPerM;
    const e = right * Math.cos(b) - down * Math.sin(b);
    const n = -right * Math.sin(b) - down * Math.cos(b);
    return { x, y, latitude: lat0 + n / R / RAD, longitude: lon0 + e / (R * Math.cos(lat0 * RAD)) / RAD };
  };
}

function refusal(points: ControlPoint[]): GeoreferenceError {
  try {
    fitGeoreference(points, image);
  } catch (err) {
    expect(err).toBeInstanceOf(GeoreferenceError);
    return err as GeoreferenceError;
  }
  throw new Error('expected a refusal');
}

describe('georeference fit', () => {
  it('fits two points exactly and finds scale and north', () => {
    const at = planAt(52.52, 13.405, 30);
    const g = fitGeoreference([at(100, 100), at(900, 700)], image);
    expect(g.fit.metresPerPixel).toBeCloseTo(0.1, 4);
    expect(g.fit.northDeg).toBeCloseTo(30, 2);
    expect(g.fit.residualsM.every((r) => r < 1e-6)).toBe(true);
    expect(g.fit.rmsM).toBe(0);
    const p = at(400, 250);
    const px = g.toPixel(p.latitude, p.longitude);
    expect(px.x).toBeCloseTo(400, 1);
    expect(px.y).toBeCloseTo(250, 1);
    const back = g.toLatLon(px.x, px.y);
    expect(back.latitude).toBeCloseTo(p.latitude, 8);
    expect(back.longitude).toBeCloseTo(p.longitude, 8);
  });

  it('takes more points by least squares and shows the point that is off', () => {
    const at = planAt(-33.86, 151.2, 300);
    const points = [at(50, 50), at(950, 60), at(500, 750), at(900, 700)];
    // The fourth point's GPS reading is 3 m north of the truth.
    points[3] = { ...points[3]!, latitude: points[3]!.latitude + 3 / R / RAD };
    const g = fitGeoreference(points, image);
    const worst = g.fit.residualsM.indexOf(Math.max(...g.fit.residualsM));
    expect(worst).toBe(3);
    expect(g.fit.residualsM[3]).toBeGreaterThan(1.5);
    expect(g.fit.residualsM[3]).toBeLessThan(3);
    expect(g.fit.rmsM).toBeGreaterThan(0.5);
    expect(g.fit.metresPerPixel).toBeCloseTo(0.1, 2);
    // A 3 m error over some 90 m turns the fit by under a degree.
    expect(Math.abs(g.fit.northDeg - 300)).toBeLessThan(1);
  });

  it('works across the antimeridian', () => {
    const at = planAt(-17, 179.9995, 0);
    const wrap = (p: ControlPoint): ControlPoint => ({ ...p, longitude: p.longitude > 180 ? p.longitude - 360 : p.longitude });
    const a = wrap(at(0, 0));
    const b = wrap(at(1000, 800));
    expect(b.longitude).toBeLessThan(0);
    const g = fitGeoreference([a, b], image);
    expect(g.fit.metresPerPixel).toBeCloseTo(0.1, 4);
    const p = wrap(at(1000, 0));
    const wrapped = g.toPixel(p.latitude, p.longitude);
    expect(wrapped.x).toBeCloseTo(1000, 1);
    expect(wrapped.y).toBeCloseTo(0, 1);
  });

  it('refuses bad points naming the field', () => {
    const at = planAt(48.85, 2.35, 0);
    expect(refusal([at(10, 10)]).field).toBe('controlPoints');
    expect(refusal([]).field).toBe('controlPoints');
    expect(refusal([at(10, 10), { ...at(900, 700), latitude: 91 }]).field).toBe('controlPoints[1].latitude');
    expect(refusal([at(10, 10), { ...at(900, 700), longitude: -181 }]).field).toBe('controlPoints[1].longitude');
    expect(refusal([at(10, 10), { ...at(900, 700), x: 1001 }]).field).toBe('controlPoints[1].x');
    expect(refusal([{ ...at(10, 10), y: -1 }, at(900, 700)]).field).toBe('controlPoints[0].y');
    expect(refusal([at(10, 10), { ...at(900, 700), x: Number.NaN }]).field).toBe('controlPoints[1].x');
    const same = refusal([at(10, 10), at(500, 500), { ...at(10, 11) }]);
    expect(same.field).toBe('controlPoints[2]');
    expect(same.message).toMatch(/control point 1/);
    const sameGround = refusal([at(10, 10), { ...at(500, 500), latitude: at(10, 10).latitude, longitude: at(10, 10).longitude }]);
    expect(sameGround.field).toBe('controlPoints[1]');
    expect(sameGround.message).toMatch(/on the ground/);
  });
});
