/**
 * Tracks: import a survey file onto a floor plan, list, read, datasets, and process as a job.
 * An import is all or nothing: the file is checked row by row while it streams in, and only a
 * fully valid file becomes a track (its row and samples in one transaction).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../../../shared/api-route-policy.js';
import { getFloorplanRow, latestFloorplanRow } from '../floorplans/store.js';
import { getFloor } from '../floors/store.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, badRequest, checkId, found } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { textField, uploadedFile } from '../survey/upload.js';
import { listPhotos } from '../photos/store.js';
import { trackDatasets, type DatasetKind } from './datasets.js';
import { TrackImportError } from './import/import-error.js';
import { detectFormat, importTrack, type TrackFormat } from './import/import-track.js';
import { encodeSampleTable } from './import/sample-table.js';
import { requestProcessing } from './processing/job.js';
import { getTrackRow, insertTrack, listTracks, toTrack, type Track, type TrackStatus } from './store.js';

export interface TrackUpload {
  floorId: string;
  source: 'upload' | 'device';
  deviceId: string | null;
  createdBy: string | null;
  process: boolean;
}

/** Shared by the user upload and the device upload. */
export async function importTrackUpload(ctx: SurveyContext, request: import('fastify').FastifyRequest, upload: TrackUpload): Promise<Track> {
  const part = await uploadedFile(request, UPLOAD_LIMITS.track);
  const planField = textField(part, 'floorplanId');
  let plan;
  if (planField) {
    plan = await getFloorplanRow(ctx.db, checkId('floor plan', planField));
    if (!plan || plan.floor_id !== upload.floorId) {
      part.file.resume();
      throw badRequest(`floorplanId: no floor plan ${planField} on this floor`);
    }
  } else {
    plan = await latestFloorplanRow(ctx.db, upload.floorId);
    if (!plan) {
      part.file.resume();
      throw new ApiError(409, 'This floor has no floor plan yet: upload one before importing tracks');
    }
  }
  let input: Readable = part.file;
  let format: TrackFormat | undefined = detectFormat(part.filename, part.mimetype === 'application/octet-stream' ? undefined : part.mimetype, '');
  if (!format) {
    // Neither name nor media type tells: look at the first bytes, then read on from them.
    const iterator = part.file[Symbol.asyncIterator]();
    const first = await iterator.next();
    const head: Buffer = first.done ? Buffer.alloc(0) : (first.value as Buffer);
    format = detectFormat(undefined, undefined, head.subarray(0, 256).toString('utf8'));
    input = Readable.from(
      (async function* () {
        yield head;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
      })(),
    );
    if (!format) {
      input.resume();
      throw new ApiError(415, 'A track file is CSV or JSON; this file is neither');
    }
  }
  let imported;
  try {
    imported = await importTrack(input, format, { imageSize: { width: plan.width, height: plan.height } });
  } catch (err) {
    // A cut-off file fails to parse at the cut: say what really happened.
    if (part.file.truncated) throw new ApiError(413, `The track file is larger than ${UPLOAD_LIMITS.track} bytes`);
    if (err instanceof TrackImportError) {
      part.file.resume();
      throw new ApiError(400, err.message, { issues: err.issues });
    }
    throw err;
  }
  if (part.file.truncated) throw new ApiError(413, `The track file is larger than ${UPLOAD_LIMITS.track} bytes`);
  const name = (textField(part, 'name')?.trim() || part.filename || 'Track').slice(0, 200);
  const id = randomUUID();
  const track = await ctx.db.transaction(async (tx) => {
    await insertTrack(
      tx,
      {
        id,
        floorId: upload.floorId,
        floorplanId: plan.id,
        name,
        source: upload.source,
        deviceId: upload.deviceId,
        fileName: (part.filename || `track.${format}`).slice(0, 255),
        format,
        sampleCount: imported.samples.count,
        networkCount: imported.samples.networks.length,
        pathPoints: imported.path.length,
        startTime: imported.startTime,
        endTime: imported.endTime,
        createdBy: upload.createdBy,
      },
      encodeSampleTable(imported.samples),
      ctx.now(),
    );
    if (upload.process) await tx.query(`UPDATE tracks SET status = 'queued', queued_at = $2, updated_at = $2 WHERE id = $1`, [id, ctx.now()]);
    return toTrack((await getTrackRow(tx, id))!);
  });
  if (upload.process) ctx.processing.kick();
  return track;
}

export async function registerTrackRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  app.get<{ Params: { floorId: string }; Querystring: { status?: TrackStatus; page?: number; per_page?: number } }>(
    '/api/floors/:floorId/tracks',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: ['imported', 'queued', 'processing', 'processed', 'failed'] }, ...PAGE_QUERY_SCHEMA },
        },
      },
    },
    async (request) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      return listTracks(ctx.db, floorId, request.query.status, pageArgs(request.query));
    },
  );

  app.post<{ Params: { floorId: string }; Querystring: { process?: boolean } }>(
    '/api/floors/:floorId/tracks',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { process: { type: 'boolean' } } } } },
    async (request, reply) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      const track = await importTrackUpload(ctx, request, { floorId, source: 'upload', deviceId: null, createdBy: ctx.callerId(request), process: request.query.process ?? false });
      return reply.code(201).send(track);
    },
  );

  app.get<{ Params: { trackId: string } }>('/api/tracks/:trackId', async (request) => {
    const id = checkId('track', request.params.trackId);
    return toTrack(found(await getTrackRow(ctx.db, id), 'track', id));
  });

  app.get<{ Params: { trackId: string }; Querystring: { kind?: DatasetKind; technology?: string; band?: string; include?: 'values'; page?: number; per_page?: number } }>(
    '/api/tracks/:trackId/datasets',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            kind: { type: 'string', enum: ['signal', 'best', 'bestNetwork', 'snr', 'serving', 'coChannel'] },
            technology: { type: 'string', maxLength: 16 },
            band: { type: 'string', maxLength: 16 },
            include: { type: 'string', enum: ['values'] },
            ...PAGE_QUERY_SCHEMA,
          },
        },
      },
    },
    async (request) => {
      const id = checkId('track', request.params.trackId);
      const track = toTrack(found(await getTrackRow(ctx.db, id), 'track', id));
      if (track.status !== 'processed' || !track.result) {
        throw new ApiError(409, `The track is ${track.status}${track.failureReason ? ` (${track.failureReason})` : ''}: datasets exist once it is processed`);
      }
      const { kind, technology, band, include } = request.query;
      return trackDatasets(ctx.db, id, track.result, { kind, technology, band, includeValues: include === 'values' }, pageArgs(request.query));
    },
  );

  app.get<{ Params: { trackId: string }; Querystring: { page?: number; per_page?: number } }>(
    '/api/tracks/:trackId/photos',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: PAGE_QUERY_SCHEMA } } },
    async (request) => {
      const id = checkId('track', request.params.trackId);
      found(await getTrackRow(ctx.db, id), 'track', id);
      return listPhotos(ctx.db, { trackId: id }, pageArgs(request.query));
    },
  );

  // 202 when this call queued the track; 200 when nothing needed doing (queued, running, or up to date).
  app.post<{ Params: { trackId: string } }>('/api/tracks/:trackId/process', async (request, reply) => {
    const id = checkId('track', request.params.trackId);
    const outcome = found(await requestProcessing(ctx.db, id, ctx.now()), 'track', id);
    if (outcome.queued) ctx.processing.kick();
    return reply.code(outcome.queued ? 202 : 200).send(outcome.track);
  });
}
