/**
 * Photos: upload (JPEG or PNG, pinned to a position on the floor's plan and optionally to a
 * track), list per floor or track, serve, move or recaption, delete. The blob is written before the row and removed
 * if the row cannot be written, so a failed upload leaves nothing.
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { loadSharp } from '../sharp-on-demand.js';
import { UPLOAD_LIMITS } from '../../../shared/api-route-policy.js';
import { fileAnswer, sendBlob } from '../floorplans/routes.js';
import { sniffFloorplanType } from '../floorplans/image-type.js';
import { getFloor } from '../floors/store.js';
import { getTrackRow } from '../tracks/store.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, badRequest, checkId, found, notFound } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { NoContent, PageOf } from '../http/response-schemas.js';
import { fileBytes, textField, uploadedFile } from '../survey/upload.js';
import { PhotoSchema } from './photo-schema.js';
import { deletePhoto, getPhotoRow, insertPhoto, listPhotos, updatePhoto } from './store.js';

const FloorParams = Type.Object({ floorId: Type.String() });
const PhotoParams = Type.Object({ photoId: Type.String() });
const PlanCoordinate = Type.Number({ minimum: 0, description: "Pixels of the plan's image, as the upload's x and y." });
const PhotoChange = Type.Partial(Type.Object({ x: PlanCoordinate, y: PlanCoordinate, caption: Type.String({ maxLength: 1000 }) }), {
  additionalProperties: false,
  minProperties: 1,
});
const tags = ['photos'];

export async function registerPhotoRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/floors/:floorId/photos',
    {
      schema: {
        tags,
        summary: "A floor's photos, newest first",
        params: FloorParams,
        querystring: Type.Object(PageQueryFields, { additionalProperties: false }),
        response: { 200: PageOf(PhotoSchema) },
      },
    },
    async (request) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      return listPhotos(ctx.db, { floorId }, pageArgs(request.query));
    },
  );

  app.post(
    '/api/floors/:floorId/photos',
    {
      schema: {
        tags,
        summary: 'Upload a photo pinned to a point of the floor plan: JPEG or PNG, multipart in field "file"',
        params: FloorParams,
        response: { 201: PhotoSchema },
      },
    },
    async (request, reply) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      const part = await uploadedFile(request, UPLOAD_LIMITS.photo);
      const number = (name: string) => {
        const raw = textField(part, name);
        const v = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
        if (!Number.isFinite(v) || v < 0) {
          part.file.resume();
          throw badRequest(`${name}: the photo's position on the floor plan, in pixels, is required (a number ≥ 0, sent before the file)`);
        }
        return v;
      };
      const x = number('x');
      const y = number('y');
      const trackField = textField(part, 'trackId');
      let trackId: string | null = null;
      if (trackField) {
        const track = await getTrackRow(ctx.db, checkId('track', trackField));
        if (!track || track.floor_id !== floorId) {
          part.file.resume();
          throw badRequest(`trackId: no track ${trackField} on this floor`);
        }
        trackId = track.id;
      }
      const caption = (textField(part, 'caption') ?? '').slice(0, 1000);
      const bytes = await fileBytes(part, UPLOAD_LIMITS.photo);
      const type = sniffFloorplanType(bytes.subarray(0, 16));
      if (type !== 'jpeg' && type !== 'png') throw new ApiError(415, 'A photo is a JPEG or PNG image');
      const sharp = await loadSharp();
      let meta;
      try {
        meta = await sharp(bytes, { autoOrient: true, limitInputPixels: 200_000_000 }).metadata();
      } catch (err) {
        throw badRequest(`The photo is not a readable image: ${(err as Error).message}`);
      }
      const id = randomUUID();
      const key = `photos/${id}.${type === 'jpeg' ? 'jpg' : 'png'}`;
      const mediaType = type === 'jpeg' ? 'image/jpeg' : 'image/png';
      await ctx.blobs.put(key, bytes, mediaType);
      try {
        const photo = await insertPhoto(
          ctx.db,
          {
            id,
            floor_id: floorId,
            track_id: trackId,
            x,
            y,
            caption,
            file_name: (part.filename || key).slice(0, 255),
            media_type: mediaType,
            byte_size: bytes.length,
            width: meta.autoOrient?.width ?? meta.width ?? 0,
            height: meta.autoOrient?.height ?? meta.height ?? 0,
            blob_key: key,
            created_by: ctx.callerId(request),
          },
          ctx.now(),
        );
        return reply.code(201).send(photo);
      } catch (err) {
        await ctx.blobs.delete(key);
        throw err;
      }
    },
  );

  app.get(
    '/api/photos/:photoId/image',
    { schema: { tags, summary: 'The photo, with an ETag', params: PhotoParams, response: { 200: fileAnswer('The photo as uploaded.', ['image/jpeg', 'image/png']) } } },
    async (request, reply) => {
      const id = checkId('photo', request.params.photoId);
      const row = found(await getPhotoRow(ctx.db, id), 'photo', id);
      return sendBlob(ctx, reply, row.blob_key, row.media_type, `"${row.id}"`, request.headers['if-none-match']);
    },
  );

  app.put(
    '/api/photos/:photoId',
    { schema: { tags, summary: "Move a photo's pin on the plan or change its caption", params: PhotoParams, body: PhotoChange, response: { 200: PhotoSchema } } },
    async (request) => {
      const id = checkId('photo', request.params.photoId);
      return found(await updatePhoto(ctx.db, id, { ...request.body, caption: request.body.caption?.trim() }), 'photo', id);
    },
  );

  app.delete('/api/photos/:photoId', { schema: { tags, summary: 'Delete a photo', params: PhotoParams, response: { 204: NoContent } } }, async (request, reply) => {
    const id = checkId('photo', request.params.photoId);
    const row = await deletePhoto(ctx.db, id);
    if (!row) throw notFound('photo', id);
    await ctx.blobs.delete(row.blob_key);
    return reply.code(204).send();
  });
}
