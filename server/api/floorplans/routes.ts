/**
 * Floor plans: upload (PNG, JPEG, SVG; PDF see render.ts), read, calibrate, re-render the display
 * image, and serve the images.
 */
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../../../shared/api-route-policy.js';
import { getFloor } from '../floors/store.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, badRequest, checkId, found } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { fileBytes, uploadedFile } from '../survey/upload.js';
import { CalibrationError, checkCalibration, type Calibration, type Point } from './calibration.js';
import { createFloorplan, renderOrRefuse } from './create-floorplan.js';
import { sniffFloorplanType } from './image-type.js';
import { getFloorplanRow, listFloorplans, setCalibration, setDisplay, toFloorplan } from './store.js';

const POINT = { type: 'object', additionalProperties: false, required: ['x', 'y'], properties: { x: { type: 'number' }, y: { type: 'number' } } } as const;

export async function registerFloorplanRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  app.get<{ Params: { floorId: string }; Querystring: { page?: number; per_page?: number } }>(
    '/api/floors/:floorId/floorplans',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: PAGE_QUERY_SCHEMA } } },
    async (request) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      return listFloorplans(ctx.db, floorId, pageArgs(request.query));
    },
  );

  app.post<{ Params: { floorId: string } }>('/api/floors/:floorId/floorplans', async (request, reply) => {
    const floorId = checkId('floor', request.params.floorId);
    found(await getFloor(ctx.db, floorId), 'floor', floorId);
    const part = await uploadedFile(request, UPLOAD_LIMITS.floorplan);
    const bytes = await fileBytes(part, UPLOAD_LIMITS.floorplan);
    return reply.code(201).send(await createFloorplan(ctx, floorId, bytes, part.filename));
  });

  app.get<{ Params: { floorplanId: string } }>('/api/floorplans/:floorplanId', async (request) => {
    const id = checkId('floor plan', request.params.floorplanId);
    return toFloorplan(found(await getFloorplanRow(ctx.db, id), 'floor plan', id));
  });

  // Derives the display image again from the stored original (after a renderer update, or to repair it).
  app.post<{ Params: { floorplanId: string } }>('/api/floorplans/:floorplanId', async (request) => {
    const id = checkId('floor plan', request.params.floorplanId);
    const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
    const stream = await ctx.blobs.get(row.original_key);
    if (!stream) throw new ApiError(409, 'The original image of this floor plan is missing from storage: upload it again');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const type = sniffFloorplanType(chunks[0] ?? Buffer.alloc(0));
    if (!type) throw new ApiError(409, 'The stored original is not a floor plan image: upload it again');
    const rendered = await renderOrRefuse(Buffer.concat(chunks), type);
    const displayKey = `floorplans/${id}/display-${Date.now()}.png`;
    await ctx.blobs.put(displayKey, rendered.display, 'image/png');
    const updated = await setDisplay(ctx.db, id, { key: displayKey, width: rendered.displayWidth, height: rendered.displayHeight }, ctx.now());
    if (!updated) {
      await ctx.blobs.delete(displayKey);
      throw found(undefined, 'floor plan', id);
    }
    if (row.display_key !== displayKey) await ctx.blobs.delete(row.display_key);
    return updated;
  });

  app.put<{ Params: { floorplanId: string }; Body: { points: [Point, Point]; distanceM: number; origin?: Point; rotationDeg?: number } }>(
    '/api/floorplans/:floorplanId',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['points', 'distanceM'],
          properties: {
            points: { type: 'array', minItems: 2, maxItems: 2, items: POINT },
            distanceM: { type: 'number', exclusiveMinimum: 0, maximum: 100_000 },
            origin: POINT,
            rotationDeg: { type: 'number', minimum: -360, maximum: 360 },
          },
        },
      },
    },
    async (request) => {
      const id = checkId('floor plan', request.params.floorplanId);
      const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
      const { points, distanceM, origin, rotationDeg } = request.body;
      const calibration: Calibration = { points, distanceM, origin: origin ?? { x: 0, y: 0 }, rotationDeg: rotationDeg ?? 0 };
      try {
        checkCalibration(calibration, row);
      } catch (err) {
        if (err instanceof CalibrationError) throw badRequest(`body/${err.field}: ${err.message}`);
        throw err;
      }
      const updated = await ctx.db.transaction(async (tx) => {
        const plan = await setCalibration(tx, id, calibration, ctx.now());
        // Results computed at the old scale are out of date: process those tracks again.
        await tx.query(`UPDATE tracks SET status = 'queued', queued_at = $2, updated_at = $2 WHERE floorplan_id = $1 AND status IN ('processed', 'failed')`, [id, ctx.now()]);
        return plan;
      });
      ctx.processing.kick();
      return found(updated, 'floor plan', id);
    },
  );

  app.get<{ Params: { floorplanId: string } }>('/api/floorplans/:floorplanId/image', async (request, reply) => {
    const id = checkId('floor plan', request.params.floorplanId);
    const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
    return sendBlob(ctx, reply, row.display_key, 'image/png', `"${row.display_key.split('/').pop()}"`, request.headers['if-none-match']);
  });

  app.get<{ Params: { floorplanId: string } }>('/api/floorplans/:floorplanId/original', async (request, reply) => {
    const id = checkId('floor plan', request.params.floorplanId);
    const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
    // SVG is served as an attachment so a drawing with scripts never runs on this origin.
    reply.header('content-disposition', `attachment; filename="${row.file_name.replace(/["\\\r\n]/g, '_')}"`);
    return sendBlob(ctx, reply, row.original_key, row.media_type, `"${row.sha256}"`, request.headers['if-none-match']);
  });
}

export async function sendBlob(
  ctx: SurveyContext,
  reply: import('fastify').FastifyReply,
  key: string,
  mediaType: string,
  etag: string,
  ifNoneMatch: string | undefined,
): Promise<unknown> {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff');
  if (ifNoneMatch === etag) return reply.code(304).send();
  const stream = await ctx.blobs.get(key);
  if (!stream) throw new ApiError(404, 'The image is missing from storage');
  return reply.type(mediaType).send(stream);
}
