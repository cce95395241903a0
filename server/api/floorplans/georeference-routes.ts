/**
 * A floor plan's georeference: read it, replace it. Tracks already imported keep their pixels
 * (they were placed when imported); the points are used by the next latitude/longitude import.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { checkControlPoints, GeoreferenceError } from '../../../shared/geo/georeference.js';
import type { SurveyContext } from '../survey/context.js';
import { badRequest, checkId, found } from '../http/api-error.js';
import { getFloorplanRow } from './store.js';
import { GeoreferenceBody, georeferenceAnswer, GeoreferenceSchema, getControlPoints, replaceControlPoints } from './georeference.js';

const FloorplanParams = Type.Object({ floorplanId: Type.String() });
const tags = ['floor plans'];

export async function registerGeoreferenceRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/floorplans/:floorplanId/georeference',
    {
      schema: {
        tags,
        summary: "A floor plan's control points (pixel ↔ latitude/longitude), each with its residual",
        params: FloorplanParams,
        response: { 200: GeoreferenceSchema },
      },
    },
    async (request) => {
      const id = checkId('floor plan', request.params.floorplanId);
      const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
      return georeferenceAnswer(found(await getControlPoints(ctx.db, id), 'floor plan', id), row);
    },
  );

  app.put(
    '/api/floorplans/:floorplanId/georeference',
    {
      schema: {
        tags,
        summary: "Replace a floor plan's control points; an empty list removes the georeference",
        description:
          'A similarity transform (scale, rotation, shift) is fitted to the points: exact for two, least squares for more. Latitude/longitude files (WiGLE, CSV with latitude and longitude columns) imported onto the plan are placed through it.',
        params: FloorplanParams,
        body: GeoreferenceBody,
        response: { 200: GeoreferenceSchema },
      },
    },
    async (request) => {
      const id = checkId('floor plan', request.params.floorplanId);
      const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
      const points = request.body.controlPoints;
      if (points.length > 0) {
        try {
          checkControlPoints(points, row);
        } catch (err) {
          if (err instanceof GeoreferenceError) throw badRequest(`body/${err.field}: ${err.message}`, { field: err.field });
          throw err;
        }
      }
      const stored = found(await replaceControlPoints(ctx.db, id, points, ctx.now()), 'floor plan', id);
      return georeferenceAnswer(stored, row);
    },
  );
}
