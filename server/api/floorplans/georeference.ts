/**
 * A floor plan's georeference on the wire and in the store: its control points, and the fit with
 * each point's residual (computed on reading, never stored: it follows from the points).
 */
import { Type, type Static } from 'typebox';
import type { Queryable } from '../../db/database.js';
import { fitGeoreference, MAX_CONTROL_POINTS, type ControlPoint, type Georeference } from '../../../shared/geo/georeference.js';

export const ControlPointSchema = Type.Object(
  {
    x: Type.Number({ description: 'Pixel of the uploaded image (0 to the plan’s width).' }),
    y: Type.Number({ description: 'Pixel of the uploaded image (0 to the plan’s height).' }),
    latitude: Type.Number({ description: 'Degrees, WGS 84 (−85 to 85: plans near the poles cannot be georeferenced).' }),
    longitude: Type.Number({ description: 'Degrees, WGS 84 (−180 to 180).' }),
  },
  { additionalProperties: false },
);

export const GeoreferenceBody = Type.Object(
  {
    controlPoints: Type.Array(ControlPointSchema, {
      maxItems: MAX_CONTROL_POINTS,
      description: 'Two or more points, each at least 2 px apart on the image and 0.5 m apart on the ground; an empty list removes the georeference.',
    }),
  },
  { additionalProperties: false },
);
export type GeoreferenceBody = Static<typeof GeoreferenceBody>;

export const GeoreferenceSchema = Type.Object({
  controlPoints: Type.Array(
    Type.Object({
      ...ControlPointSchema.properties,
      residualM: Type.Number({ description: 'Metres on the ground between where the fit puts this pixel and this latitude/longitude (0 with two points).' }),
    }),
  ),
  fit: Type.Union(
    [
      Type.Object({
        metresPerPixel: Type.Number({ description: 'Ground metres per image pixel.' }),
        northDeg: Type.Number({ description: 'Compass bearing of the image’s up direction, degrees clockwise from true north.' }),
        rmsM: Type.Number({ description: 'Root mean square of the residuals, metres.' }),
      }),
      Type.Null(),
    ],
    { description: 'Null while the plan has no control points.' },
  ),
});
export type GeoreferenceAnswer = Static<typeof GeoreferenceSchema>;

/** Only the fields of a point, in a fixed order: what is stored. */
export function normaliseControlPoints(points: readonly ControlPoint[]): ControlPoint[] {
  return points.map(({ x, y, latitude, longitude }) => ({ x, y, latitude, longitude }));
}

export function georeferenceAnswer(points: readonly ControlPoint[], image: { width: number; height: number }): GeoreferenceAnswer {
  if (points.length === 0) return { controlPoints: [], fit: null };
  const { fit } = fitGeoreference(points, image);
  return {
    controlPoints: points.map((p, i) => ({ ...p, residualM: round(fit.residualsM[i]!, 3) })),
    fit: { metresPerPixel: round(fit.metresPerPixel, 6), northDeg: round(fit.northDeg, 2), rmsM: round(fit.rmsM, 3) },
  };
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

export async function getControlPoints(db: Queryable, floorplanId: string): Promise<ControlPoint[] | undefined> {
  return (await db.query<{ control_points: ControlPoint[] }>('SELECT control_points FROM floorplans WHERE id = $1', [floorplanId])).rows[0]?.control_points;
}

/** The plan's fitted georeference, or undefined while it has no control points. */
export function georeferenceOf(points: readonly ControlPoint[], image: { width: number; height: number }): Georeference | undefined {
  return points.length >= 2 ? fitGeoreference(points, image) : undefined;
}

export async function replaceControlPoints(db: Queryable, floorplanId: string, points: readonly ControlPoint[], now: Date): Promise<ControlPoint[] | undefined> {
  const stored = normaliseControlPoints(points);
  const done = await db.query('UPDATE floorplans SET control_points = $2::jsonb, updated_at = $3 WHERE id = $1', [floorplanId, JSON.stringify(stored), now]);
  return (done.rowCount ?? 0) > 0 ? stored : undefined;
}
