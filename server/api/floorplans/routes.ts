/**
 * Floor plans: upload (PNG, JPEG, SVG, or a PDF's first page: see render.ts), read, calibrate,
 * re-render the display image, and serve the images.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { UPLOAD_LIMITS } from '../../../shared/api-route-policy.js';
import { getFloor } from '../floors/store.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, badRequest, checkId, found } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { PageOf } from '../http/response-schemas.js';
import { fileBytes, uploadedFile } from '../survey/upload.js';
import { CalibrationError, checkCalibration, type Calibration } from './calibration.js';
import { createFloorplan, renderOrRefuse } from './create-floorplan.js';
import { CalibrationBody, FloorplanSchema } from './floorplan-schema.js';
import { MEDIA_TYPES, sniffFloorplanType } from './image-type.js';
import { getFloorplanRow, listFloorplans, setCalibration, setDisplay, toFloorplan } from './store.js';

const FloorParams = Type.Object({ floorId: Type.String() });
const FloorplanParams = Type.Object({ floorplanId: Type.String() });
const tags = ['floor plans'];

/** A 200 that answers a file rather than JSON: the reference names its media types. */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: Type.Unknown() }])) };
}

export async function registerFloorplanRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/floors/:floorId/floorplans',
    {
      schema: {
        tags,
        summary: "A floor's plans, newest first",
        params: FloorParams,
        querystring: Type.Object(PageQueryFields, { additionalProperties: false }),
        response: { 200: PageOf(FloorplanSchema) },
      },
    },
    async (request) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      return listFloorplans(ctx.db, floorId, pageArgs(request.query));
    },
  );

  app.post(
    '/api/floors/:floorId/floorplans',
    {
      schema: {
        tags,
        summary: 'Upload a floor plan: PNG, JPEG, SVG or PDF (its first page), multipart in field "file"',
        params: FloorParams,
        response: { 201: FloorplanSchema },
      },
    },
    async (request, reply) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      const part = await uploadedFile(request, UPLOAD_LIMITS.floorplan);
      const bytes = await fileBytes(part, UPLOAD_LIMITS.floorplan);
      return reply.code(201).send(await createFloorplan(ctx, floorId, bytes, part.filename));
    },
  );

  app.get('/api/floorplans/:floorplanId', { schema: { tags, summary: 'A floor plan', params: FloorplanParams, response: { 200: FloorplanSchema } } }, async (request) => {
    const id = checkId('floor plan', request.params.floorplanId);
    return toFloorplan(found(await getFloorplanRow(ctx.db, id), 'floor plan', id));
  });

  // Derives the display image again from the stored original (after a renderer update, or to repair it).
  app.post(
    '/api/floorplans/:floorplanId',
    { schema: { tags, summary: 'Render the display image again from the stored original', params: FloorplanParams, response: { 200: FloorplanSchema } } },
    async (request) => {
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
    },
  );

  app.put(
    '/api/floorplans/:floorplanId',
    {
      schema: {
        tags,
        summary: 'Calibrate a floor plan from two points and their distance; its processed tracks are queued again',
        params: FloorplanParams,
        body: CalibrationBody,
        response: { 200: FloorplanSchema },
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

  app.get(
    '/api/floorplans/:floorplanId/image',
    {
      schema: {
        tags,
        summary: 'The display image, with an ETag',
        params: FloorplanParams,
        response: { 200: fileAnswer('The display image, at most 4096 pixels on its longest side.', ['image/png']) },
      },
    },
    async (request, reply) => {
      const id = checkId('floor plan', request.params.floorplanId);
      const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
      return sendBlob(ctx, reply, row.display_key, 'image/png', `"${row.display_key.split('/').pop()}"`, request.headers['if-none-match']);
    },
  );

  app.get(
    '/api/floorplans/:floorplanId/original',
    {
      schema: {
        tags,
        summary: 'The file as uploaded, as an attachment, with an ETag',
        params: FloorplanParams,
        response: { 200: fileAnswer('The uploaded file.', Object.values(MEDIA_TYPES)) },
      },
    },
    async (request, reply) => {
      const id = checkId('floor plan', request.params.floorplanId);
      const row = found(await getFloorplanRow(ctx.db, id), 'floor plan', id);
      // SVG is served as an attachment so a drawing with scripts never runs on this origin.
      reply.header('content-disposition', `attachment; filename="${row.file_name.replace(/["\\\r\n]/g, '_')}"`);
      return sendBlob(ctx, reply, row.original_key, row.media_type, `"${row.sha256}"`, request.headers['if-none-match']);
    },
  );
}

export async function sendBlob(ctx: SurveyContext, reply: FastifyReply, key: string, mediaType: string, etag: string, ifNoneMatch: string | undefined): Promise<unknown> {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff');
  if (ifNoneMatch === etag) return reply.code(304).send();
  const stream = await ctx.blobs.get(key);
  if (!stream) throw new ApiError(404, 'The image is missing from storage');
  return reply.type(mediaType).send(stream);
}
