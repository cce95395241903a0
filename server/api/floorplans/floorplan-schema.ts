/**
 * A floor plan on the wire: the response schema, the calibration a client sends, and the types
 * derived from them — the floor plan the store returns and the calibration processing reads.
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from '../http/response-schemas.js';

export const PointSchema = Type.Object({ x: Type.Number(), y: Type.Number() }, { additionalProperties: false });
export type Point = Static<typeof PointSchema>;

// Exactly two points: typed as the pair the schema guarantees.
const PointPair = Type.Unsafe<[Point, Point]>(Type.Array(PointSchema, { minItems: 2, maxItems: 2, description: 'Two image points, pixels.' }));

export const CalibrationSchema = Type.Object(
  {
    points: PointPair,
    distanceM: Type.Number({ description: 'Real distance between the two points, metres.' }),
    origin: PointSchema,
    rotationDeg: Type.Number({ description: "Turns the image's axes onto the building's, degrees." }),
  },
  { description: "How image pixels map to metres; `origin` is the pixel that is (0, 0) m (default: the image's top-left corner)." },
);
export type Calibration = Static<typeof CalibrationSchema>;

/** What a client sends; the handler fills in the origin and rotation left out. */
export const CalibrationBody = Type.Object(
  {
    points: PointPair,
    distanceM: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
    origin: Type.Optional(PointSchema),
    rotationDeg: Type.Optional(Type.Number({ minimum: -360, maximum: 360 })),
  },
  { additionalProperties: false },
);

export const FloorplanSchema = Type.Object({
  id: Type.String(),
  floorId: Type.String(),
  fileName: Type.String(),
  mediaType: Type.String(),
  byteSize: Type.Integer(),
  sha256: Type.String(),
  width: Type.Integer({ description: 'Pixel size of the uploaded image: the coordinate space of calibration, tracks and photos.' }),
  height: Type.Integer(),
  display: Type.Object({ width: Type.Integer(), height: Type.Integer(), url: Type.String({ description: 'The display PNG.' }) }),
  imageUrl: Type.String({ description: 'The file as uploaded.' }),
  renderedAt: DateTime,
  calibration: Nullable(CalibrationSchema),
  metresPerPixel: Nullable(Type.Number()),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Floorplan = Static<typeof FloorplanSchema>;
