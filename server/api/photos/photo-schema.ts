/** A photo on the wire: the response schema, and the type the store returns derived from it. */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from '../http/response-schemas.js';

export const PhotoSchema = Type.Object({
  id: Type.String(),
  floorId: Type.String(),
  trackId: Nullable(Type.String()),
  x: Type.Number({ description: "Position on the floor plan, pixels of the plan's image." }),
  y: Type.Number(),
  caption: Type.String(),
  fileName: Type.String(),
  mediaType: Type.String(),
  byteSize: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  url: Type.String({ description: 'The image.' }),
  createdBy: Nullable(Type.String()),
  createdAt: DateTime,
});
export type Photo = Static<typeof PhotoSchema>;
