/**
 * Latitude/longitude rows (WiGLE, CSV with latitude and longitude columns) placed on a floor plan
 * through its georeference (shared/geo/georeference.ts). A position off the plan is not an error
 * of the file — a GPS walk often starts in the car park — so the row is left out and said so.
 */
import type { Georeference } from '../../../../shared/geo/georeference.js';
import type { ImportIssue } from './import-error.js';

/** What a user is told when a latitude/longitude file meets a plan without control points. */
export const NOT_GEOREFERENCED =
  'this file gives positions as latitude/longitude and the floor plan has no control points to place them by: on the floor page choose "Georeference", click two or more places on the plan and type their latitude and longitude (or PUT /api/floorplans/{floorplanId}/georeference), then import the file again';

const EDGE_PX = 0.5;

export type GeoPlacement = { kind: 'placed'; x: number; y: number } | { kind: 'skipped'; message: string } | { kind: 'invalid' };

function degrees(value: unknown, field: string, where: string, limit: number, issues: ImportIssue[]): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const n = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n)) {
    issues.push({ where, field, message: text === '' ? 'is required' : `expected degrees, got "${text}"` });
    return undefined;
  }
  if (Math.abs(n) > limit) {
    issues.push({ where, field, message: `${n} is outside −${limit} to ${limit}` });
    return undefined;
  }
  return n;
}

/**
 * Places one row's latitude/longitude on the plan. Bad numbers are issues of the file; a position
 * off the image, or WiGLE's 0/0 for "no fix yet", is a row to leave out.
 */
export function placeLatLon(
  lat: unknown,
  lon: unknown,
  fields: { latitude: string; longitude: string },
  where: string,
  georeference: Georeference,
  image: { width: number; height: number },
  issues: ImportIssue[],
): GeoPlacement {
  const latitude = degrees(lat, fields.latitude, where, 90, issues);
  const longitude = degrees(lon, fields.longitude, where, 180, issues);
  if (latitude === undefined || longitude === undefined) return { kind: 'invalid' };
  if (latitude === 0 && longitude === 0) return { kind: 'skipped', message: 'no GPS fix (latitude and longitude 0): left out' };
  const { x: px, y: py } = georeference.toPixel(latitude, longitude);
  // A position on the plan's edge may come back a rounding error outside it: half a pixel is the edge.
  const x = px < 0 && px > -EDGE_PX ? 0 : px > image.width && px < image.width + EDGE_PX ? image.width : px;
  const y = py < 0 && py > -EDGE_PX ? 0 : py > image.height && py < image.height + EDGE_PX ? image.height : py;
  if (!(x >= 0 && x <= image.width && y >= 0 && y <= image.height)) {
    return { kind: 'skipped', message: `${latitude}, ${longitude} lies off the floor plan (pixel ${Math.round(x)}, ${Math.round(y)} of ${image.width}×${image.height}): left out` };
  }
  return { kind: 'placed', x, y };
}
