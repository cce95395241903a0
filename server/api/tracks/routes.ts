/**
 * Tracks: import a survey file onto a floor plan, list, read, datasets, and process as a job.
 * An import is all or nothing: the file is checked row by row while it streams in, and only a
 * fully valid file becomes a track (its row and samples in one transaction).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { UPLOAD_LIMITS } from '../../../shared/api-route-policy.js';
import { getFloorplanRow, latestFloorplanRow } from '../floorplans/store.js';
import { georeferenceOf } from '../floorplans/georeference.js';
import { getFloor } from '../floors/store.js';
import { keptOrComputed } from '../../db/until-next-write.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, badRequest, checkId, found } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { PageOf } from '../http/response-schemas.js';
import { peek, textField, uploadedFile } from '../survey/upload.js';
import { PhotoSchema } from '../photos/photo-schema.js';
import { listPhotos } from '../photos/store.js';
import { DATASET_KINDS, DatasetPageSchema } from './dataset-schema.js';
import { datasetAnswer } from './dataset-answers.js';
import { acceptsGzip } from '../http/accept-encoding.js';
import { trackDatasets } from './datasets.js';
import { TrackImportError } from './import/import-error.js';
import { detectFormat, importTrack, type ImportedTrack } from './import/import-track.js';
import { importEsxFloor, readEsxProject, surveyedFloors, type EsxFloor, type EsxProject } from './import/formats/esx.js';
import { matchFloors, parseFloorMapping, type FloorMatch, type ProjectFloor } from './import/esx-floors.js';
import { MAX_REPORTED_ISSUES } from './import/import-error.js';
import type { Queryable } from '../../db/database.js';
import { NMCLI_ADVICE } from './import/formats/scan-log.js';
import { decodeSampleTable, encodeSampleTable } from './import/sample-table.js';
import { requestProcessing } from './processing/job.js';
import { getTrackRow, insertTrack, listTracks, loadSamples, toTrack } from './store.js';
import { trackPoints, TrackPointsSchema } from './points.js';
import { placeTrack, PositionsBody } from './placement.js';
import { ImportedTrackSchema, TRACK_STATUSES, TrackSchema, type ImportedTrackAnswer, type Track, type TrackFormat } from './track-schema.js';

const FloorParams = Type.Object({ floorId: Type.String() });
const TrackParams = Type.Object({ trackId: Type.String() });
export const ImportQuery = Type.Object(
  { process: Type.Optional(Type.Boolean({ description: 'Queue processing at once (default: no for a user import, yes for a device upload).' })) },
  { additionalProperties: false },
);
export const DatasetQuery = Type.Object(
  {
    kind: Type.Optional(Type.Enum(DATASET_KINDS, { type: 'string' })),
    technology: Type.Optional(Type.String({ maxLength: 16 })),
    band: Type.Optional(Type.String({ maxLength: 16, description: 'Network datasets of this band only.' })),
    include: Type.Optional(Type.Enum(['values'], { type: 'string', description: 'values: answer the grids too.' })),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
const tags = ['tracks'];

/** Enough of the start of a file to recognise its format. */
const HEAD_BYTES = 1024;

export interface TrackUpload {
  floorId: string;
  source: 'upload' | 'device';
  deviceId: string | null;
  createdBy: string | null;
  process: boolean;
}

/** Shared by the user upload and the device upload. */
export async function importTrackUpload(ctx: SurveyContext, request: FastifyRequest, upload: TrackUpload): Promise<ImportedTrackAnswer> {
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
  // The first bytes are read before choosing a format: WiGLE files are named .csv, Ekahau
  // archives and scan logs may have any name, and the content tells them apart.
  const { head, input } = await peek(part.file, HEAD_BYTES);
  const format = detectFormat(part.filename, part.mimetype === 'application/octet-stream' ? undefined : part.mimetype, head.toString('utf8'));
  if (!format) {
    input.resume();
    throw new ApiError(
      415,
      `A track file is CSV, JSON, an Ekahau project (.esx), WiGLE CSV or the output of sudo iw dev wlan0 scan or ${NMCLI_ADVICE}; this file is none of these`,
    );
  }
  const imageSize = { width: plan.width, height: plan.height };
  const refused = (err: unknown): never => {
    // A cut-off file fails to parse at the cut: say what really happened.
    if (part.file.truncated) throw new ApiError(413, `The track file is larger than ${UPLOAD_LIMITS.track} bytes`);
    if (err instanceof TrackImportError) {
      // Read the rest of the upload (a reader may have stopped at the first problems) so the
      // answer is not held up behind it.
      input.resume();
      part.file.resume();
      throw new ApiError(400, err.message, { issues: err.issues });
    }
    throw err;
  };
  let imported;
  try {
    if (format === 'esx') {
      // An Ekahau project is read whole (the upload limit bounds it); one surveyed on several floors
      // puts each floor's walks onto the project floor it matches.
      const chunks: Buffer[] = [];
      for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      const project = await readEsxProject(Buffer.concat(chunks));
      const floors = surveyedFloors(project);
      if (floors.length > 1)
        return await importEsxFloors(ctx, upload, project, floors, { fileName: part.filename, name: textField(part, 'name'), mapping: textField(part, 'floors') });
      imported = importEsxFloor(project, floors[0]!.id, { imageSize });
    } else {
      const georeference = georeferenceOf(plan.control_points, imageSize);
      imported = await importTrack(input, format, { imageSize, ...(georeference ? { georeference } : {}) });
    }
  } catch (err) {
    return refused(err);
  }
  if (part.file.truncated) throw new ApiError(413, `The track file is larger than ${UPLOAD_LIMITS.track} bytes`);
  const name = (textField(part, 'name')?.trim() || part.filename || 'Track').slice(0, 200);
  const fileName = (part.filename || `track.${format}`).slice(0, 255);
  const track = await ctx.db.transaction(async (tx) => storeImported(ctx, tx, upload, { floorId: upload.floorId, floorplanId: plan.id, name, fileName, format }, imported));
  if (upload.process && imported.placed) ctx.processing.kick();
  return imported.skipped && imported.skipped.count > 0 ? { ...track, skipped: imported.skipped } : track;
}

/** Stores one imported walk (call inside a transaction); queues it when asked and it is placed. */
async function storeImported(
  ctx: SurveyContext,
  tx: Queryable,
  upload: TrackUpload,
  where: { floorId: string; floorplanId: string; name: string; fileName: string; format: TrackFormat },
  imported: ImportedTrack,
): Promise<Track> {
  const id = randomUUID();
  await insertTrack(
    tx,
    {
      id,
      ...where,
      source: upload.source,
      deviceId: upload.deviceId,
      sampleCount: imported.samples.count,
      networkCount: imported.samples.networks.length,
      pathPoints: imported.path.length,
      placed: imported.placed,
      startTime: imported.startTime,
      endTime: imported.endTime,
      createdBy: upload.createdBy,
    },
    encodeSampleTable(imported.samples),
    ctx.now(),
  );
  // An unplaced walk is processed once it is placed.
  if (upload.process && imported.placed) await tx.query(`UPDATE tracks SET status = 'queued', queued_at = $2, updated_at = $2 WHERE id = $1`, [id, ctx.now()]);
  return toTrack((await getTrackRow(tx, id))!);
}

/**
 * An Ekahau project with walks on several floors: every floor is matched and imported before
 * any is stored, then all are stored in one transaction. Answers the walk on the floor the file
 * was uploaded to (else the first), with where each Ekahau floor went.
 */
async function importEsxFloors(
  ctx: SurveyContext,
  upload: TrackUpload,
  project: EsxProject,
  esxFloors: EsxFloor[],
  part: { fileName: string | undefined; name: string | undefined; mapping: string | undefined },
): Promise<ImportedTrackAnswer> {
  const parsed = parseFloorMapping(part.mapping);
  if ('issue' in parsed) throw new TrackImportError([parsed.issue]);
  const projectFloors = (
    await ctx.db.query<ProjectFloor>('SELECT id, name FROM floors WHERE project_id = (SELECT project_id FROM floors WHERE id = $1) ORDER BY level, name, id', [upload.floorId])
  ).rows;
  const { matches, issues } = matchFloors(esxFloors, projectFloors, parsed.mapping);
  const walks: { match: FloorMatch; floorplanId: string; imported: ImportedTrack }[] = [];
  for (const match of matches) {
    const plan = await latestFloorplanRow(ctx.db, match.floor.id);
    if (!plan) {
      issues.push({
        where: `Ekahau floor "${match.esx.name}"`,
        field: 'floors',
        message: `goes to floor "${match.floor.name}", which has no floor plan yet: upload one there first`,
      });
      continue;
    }
    try {
      walks.push({ match, floorplanId: plan.id, imported: importEsxFloor(project, match.esx.id, { imageSize: { width: plan.width, height: plan.height } }) });
    } catch (err) {
      if (!(err instanceof TrackImportError)) throw err;
      issues.push(...err.issues.map((i) => ({ ...i, where: `Ekahau floor "${match.esx.name}": ${i.where}` })));
    }
  }
  if (issues.length > 0) throw new TrackImportError(issues.slice(0, MAX_REPORTED_ISSUES));
  const base = (part.name?.trim() || part.fileName || 'Ekahau project').slice(0, 160);
  const fileName = (part.fileName || 'track.esx').slice(0, 255);
  const stored = await ctx.db.transaction(async (tx) => {
    const tracks: { esxFloor: string; track: Track }[] = [];
    for (const { match, floorplanId, imported } of walks) {
      const name = `${base} · ${match.esx.name}`.slice(0, 200);
      tracks.push({ esxFloor: match.esx.name, track: await storeImported(ctx, tx, upload, { floorId: match.floor.id, floorplanId, name, fileName, format: 'esx' }, imported) });
    }
    return tracks;
  });
  if (upload.process) ctx.processing.kick();
  const answer = stored.find((s) => s.track.floorId === upload.floorId) ?? stored[0]!;
  return { ...answer.track, ekahauFloors: stored.map((s) => ({ ekahauFloor: s.esxFloor, floorId: s.track.floorId, trackId: s.track.id })) };
}

export async function registerTrackRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/floors/:floorId/tracks',
    {
      schema: {
        tags,
        summary: "A floor's tracks, newest first",
        params: FloorParams,
        querystring: Type.Object({ status: Type.Optional(Type.Enum(TRACK_STATUSES, { type: 'string' })), ...PageQueryFields }, { additionalProperties: false }),
        response: { 200: PageOf(TrackSchema) },
      },
    },
    async (request) =>
      // A track's state changes only by a write (import, processing): the page is kept until one.
      keptOrComputed(ctx.answers, `tracks ${request.url}`, async () => {
        const floorId = checkId('floor', request.params.floorId);
        found(await getFloor(ctx.db, floorId), 'floor', floorId);
        return listTracks(ctx.db, floorId, request.query.status, pageArgs(request.query));
      }),
  );

  app.post(
    '/api/floors/:floorId/tracks',
    {
      schema: {
        tags,
        summary: 'Import a survey file as a track: CSV, JSON, Ekahau .esx, WiGLE CSV or an iw / nmcli scan log, multipart in field "file"',
        description:
          'Optional fields before the file: `name`, `floorplanId`, and for an Ekahau project surveyed on several floors `floors`, a JSON object from Ekahau floor name (or id) to floor id of this project; without it each Ekahau floor goes onto the project floor of the same name.',
        params: FloorParams,
        querystring: ImportQuery,
        response: { 201: ImportedTrackSchema },
      },
    },
    async (request, reply) => {
      const floorId = checkId('floor', request.params.floorId);
      found(await getFloor(ctx.db, floorId), 'floor', floorId);
      const track = await importTrackUpload(ctx, request, { floorId, source: 'upload', deviceId: null, createdBy: ctx.callerId(request), process: request.query.process ?? false });
      return reply.code(201).send(track);
    },
  );

  app.get(
    '/api/tracks/:trackId',
    { schema: { tags, summary: 'A track, with its processing state and result summary', params: TrackParams, response: { 200: TrackSchema } } },
    async (request) => {
      const id = checkId('track', request.params.trackId);
      return toTrack(found(await getTrackRow(ctx.db, id), 'track', id));
    },
  );

  app.get(
    '/api/tracks/:trackId/datasets',
    {
      schema: {
        tags,
        summary: "A processed track's grids: per network and per technology layer",
        params: TrackParams,
        querystring: DatasetQuery,
        response: { 200: DatasetPageSchema },
      },
    },
    async (request, reply) => datasetsOf(ctx, checkId('track', request.params.trackId), request, reply),
  );

  app.get(
    '/api/tracks/:trackId/points',
    {
      schema: {
        tags,
        summary: 'Where the track was measured: each place in time order with the strongest signal heard',
        params: TrackParams,
        response: { 200: TrackPointsSchema },
      },
    },
    async (request) => {
      const id = checkId('track', request.params.trackId);
      return pointsOf(ctx, id);
    },
  );

  app.get(
    '/api/tracks/:trackId/photos',
    {
      schema: {
        tags: ['photos'],
        summary: 'Photos taken during a track, newest first',
        params: TrackParams,
        querystring: Type.Object(PageQueryFields, { additionalProperties: false }),
        response: { 200: PageOf(PhotoSchema) },
      },
    },
    async (request) => {
      const id = checkId('track', request.params.trackId);
      found(await getTrackRow(ctx.db, id), 'track', id);
      return listPhotos(ctx.db, { trackId: id }, pageArgs(request.query));
    },
  );

  app.put(
    '/api/tracks/:trackId/positions',
    {
      schema: {
        tags,
        summary: 'Place a walk: timed points on the plan become its walked path, every sample is put on it by time, and the track is queued for processing',
        params: TrackParams,
        body: PositionsBody,
        response: { 200: TrackSchema },
      },
    },
    async (request) => {
      const id = checkId('track', request.params.trackId);
      const track = found(await placeTrack(ctx.db, id, request.body, ctx.now()), 'track', id);
      ctx.processing.kick();
      return track;
    },
  );

  // 202 when this call queued the track; 200 when nothing needed doing (queued, running, or up to date).
  app.post(
    '/api/tracks/:trackId/process',
    {
      schema: {
        tags,
        summary: 'Queue a track for processing: 202 when queued, 200 when already queued, running or up to date',
        params: TrackParams,
        response: { 200: TrackSchema, 202: TrackSchema },
      },
    },
    async (request, reply) => {
      const id = checkId('track', request.params.trackId);
      const outcome = found(await requestProcessing(ctx.db, id, ctx.now()), 'track', id);
      if (!outcome.track.placed) throw new ApiError(409, 'This walk has no positions yet: place it on the floor plan first (PUT /api/tracks/{trackId}/positions)');
      if (outcome.queued) ctx.processing.kick();
      return reply.code(outcome.queued ? 202 : 200).send(outcome.track);
    },
  );
}

/** A processed track's datasets page (shared with the read-only share routes). */
/**
 * A processed track's datasets change only when it is processed again, so they carry an ETag of
 * the processing run and the query: a viewer coming back to a floor gets a 304 instead of every
 * grid again (shared with the read-only share routes).
 */
export async function datasetsOf(ctx: SurveyContext, id: string, request: { query: Static<typeof DatasetQuery>; headers: FastifyRequest['headers'] }, reply: FastifyReply) {
  // Processing a track again changes its row, and so ends the kept one with the ETag built from it.
  const row = found(await keptOrComputed(ctx.answers, `track ${id}`, () => getTrackRow(ctx.db, id)), 'track', id);
  const track = toTrack(row);
  if (track.status !== 'processed' || !track.result) {
    throw new ApiError(409, `The track is ${track.status}${track.failureReason ? ` (${track.failureReason})` : ''}: datasets exist once it is processed`);
  }
  const { kind, technology, band, include } = request.query;
  const run = `${id}|${row.finished_at?.toISOString() ?? ''}|${row.input_hash ?? ''}|${JSON.stringify(request.query)}`;
  const tag = createHash('sha256').update(run).digest('base64url').slice(0, 32);
  // Each encoding is its own representation, with its own ETag; either one still names these grids.
  const encoding = acceptsGzip(request.headers['accept-encoding']) ? 'gzip' : 'identity';
  const etag = encoding === 'gzip' ? `"${tag}-gzip"` : `"${tag}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
  const held = request.headers['if-none-match'];
  if (held === `"${tag}"` || held === `"${tag}-gzip"`) return reply.code(304).send();
  const summary = track.result;
  const body = await datasetAnswer(`${reply.request.routeOptions.url} ${tag}`, encoding, async () =>
    // With the route's response schema, as Fastify would have serialised the object.
    String(reply.serialize(await trackDatasets(ctx.db, id, summary, { kind, technology, band, includeValues: include === 'values' }, pageArgs(request.query)))),
  );
  if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Where a track was measured (shared with the read-only share routes). */
export async function pointsOf(ctx: SurveyContext, id: string) {
  found(await getTrackRow(ctx.db, id), 'track', id);
  const bytes = await loadSamples(ctx.db, id);
  if (!bytes) throw new ApiError(409, 'The samples of this track are missing: import it again');
  return trackPoints(decodeSampleTable(bytes));
}
