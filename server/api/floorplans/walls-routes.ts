/**
 * The walls drawn on a floor plan: read them, replace them. Processed tracks of the plan were
 * computed without the new walls, so a change queues them again (as a calibration does).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SurveyContext } from '../survey/context.js';
import { badRequest, checkId, found } from '../http/api-error.js';
import { getFloorplanRow } from './store.js';
import { checkWalls, getWalls, replaceWalls, WallError, WallsBody, WallsSchema } from './walls.js';

const FloorplanParams = Type.Object({ floorplanId: Type.String() });
const tags = ['floor plans'];

export async function registerWallRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/floorplans/:floorplanId/walls',
    { schema: { tags, summary: 'The walls drawn on a floor plan', params: FloorplanParams, response: { 200: WallsSchema } } },
    async (request) => {
      const id = checkId('floor plan', request.params.floorplanId);
      return { walls: found(await getWalls(ctx.db, id), 'floor plan', id) };
    },
  );

  app.put(
    '/api/floorplans/:floorplanId/walls',
    {
      schema: {
        tags,
        summary: "Replace a floor plan's walls; when they change, its processed tracks are queued again",
        description: 'Ends are in pixels of the uploaded image (`width` × `height` of the floor plan) and must lie within it.',
        params: FloorplanParams,
        body: WallsBody,
        response: { 200: WallsSchema },
      },
    },
    async (request) => {
      const id = checkId('floor plan', request.params.floorplanId);
      const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
      try {
        checkWalls(request.body.walls, row);
      } catch (err) {
        if (err instanceof WallError) throw badRequest(`body/${err.field}: ${err.message}`);
        throw err;
      }
      const outcome = await ctx.db.transaction(async (tx) => {
        const replaced = await replaceWalls(tx, id, request.body.walls, ctx.now());
        // Results computed without these walls are out of date: process those tracks again.
        if (replaced?.changed) {
          await tx.query(`UPDATE tracks SET status = 'queued', queued_at = $2, updated_at = $2 WHERE floorplan_id = $1 AND status IN ('processed', 'failed')`, [id, ctx.now()]);
        }
        return replaced;
      });
      if (outcome?.changed) ctx.processing.kick();
      return { walls: found(outcome, 'floor plan', id).walls };
    },
  );
}
