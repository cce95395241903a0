/**
 * `/api/share/{shareToken}/…`: the read-only mirrors of what the heatmap viewer and the
 * statistics read, for someone holding a share link and no account. Every call opens the link
 * again (access.ts) and answers only what lies on its floors of its project. Answers are the
 * session routes' shapes with what is not the viewer's business taken out — who uploaded, which
 * device, the uploaded original — and their image URLs pointing at share routes, so the page
 * never needs a session.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { FloorplanSchema } from '../floorplans/floorplan-schema.js';
import { fileAnswer, sendBlob } from '../floorplans/routes.js';
import { getFloorplanRow, listFloorplans } from '../floorplans/store.js';
import { getWalls, WallsSchema } from '../floorplans/walls.js';
import { listFloors } from '../floors/store.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { PageOf, ProjectStatsSchema } from '../http/response-schemas.js';
import { PhotoSchema } from '../photos/photo-schema.js';
import { getPhotoRow, listPhotos } from '../photos/store.js';
import { getProject } from '../projects/store.js';
import { NetworkTechnologiesSchema } from '../reporting/settings-schema.js';
import { getReportingSettings } from '../reporting/store.js';
import { ChannelStatisticsSchema, NamedNetworkSchema, NetworkStatisticsSchema } from '../statistics/statistics-schema.js';
import { FilterQuery, NetworkStatisticsQuery } from '../statistics/routes.js';
import { channelStatistics, namedNetworks, networkStatistics, projectStats } from '../statistics/store.js';
import type { SurveyContext } from '../survey/context.js';
import { DatasetPageSchema } from '../tracks/dataset-schema.js';
import { TrackPointsSchema } from '../tracks/points.js';
import { DatasetQuery, datasetsOf, pointsOf } from '../tracks/routes.js';
import { listTracks } from '../tracks/store.js';
import { TrackSchema } from '../tracks/track-schema.js';
import { openShare, sharedId, type ShareGrant } from './access.js';
import { SharedProjectSchema } from './share-schema.js';

const tags = ['shared projects'];
const Token = { shareToken: Type.String({ description: 'The secret of the link.' }) };
const ShareParams = Type.Object(Token);
const FloorParams = Type.Object({ ...Token, floorId: Type.String() });
const TrackParams = Type.Object({ ...Token, trackId: Type.String() });
const FloorplanParams = Type.Object({ ...Token, floorplanId: Type.String() });
const PhotoParams = Type.Object({ ...Token, photoId: Type.String() });
const ListQuery = Type.Object(PageQueryFields, { additionalProperties: false });
/** A project's summary as a link shows it: its people and contacts are not the link's business. */
const SharedStatsSchema = Type.Omit(ProjectStatsSchema, ['projectId', 'contacts', 'members']);

/** A project has a few dozen floors at most; the link's page shows them all at once. */
const ALL_FLOORS = { page: 1, perPage: 1000 };

export async function registerShareReadRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  await fastify.register(async (scope) => {
    // An answer must not outlive the link's revocation in any cache: JSON is never stored, and
    // images (private, no-cache, with an ETag) are asked for again, so the link is checked again.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    registerReads(scope, ctx);
  });
}

function registerReads(fastify: FastifyInstance, ctx: SurveyContext): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const open = (token: string): Promise<ShareGrant> => openShare(ctx.db, token, ctx.now());
  const base = (token: string) => `/api/share/${encodeURIComponent(token)}`;
  const statsFilter = (grant: ShareGrant) => (grant.floorIds ? { floorIds: grant.floorIds } : {});

  app.get(
    '/api/share/:shareToken',
    { schema: { tags, summary: 'The shared project: its name, customer, floors and thresholds', params: ShareParams, response: { 200: SharedProjectSchema } } },
    async (request) => {
      const grant = await open(request.params.shareToken);
      const project = (await getProject(ctx.db, grant.projectId))!;
      const floors = (await listFloors(ctx.db, grant.projectId, undefined, ALL_FLOORS)).items.filter((f) => !grant.floorIds || grant.floorIds.includes(f.id));
      return {
        name: project.name,
        customer: project.customer,
        floors: floors.map(({ id, name, level, floorplans, tracks }) => ({ id, name, level, floorplans, tracks })),
        limited: grant.floorIds !== null,
        settings: (await getReportingSettings(ctx.db, grant.projectId)).settings,
        expiresAt: grant.expiresAt ? grant.expiresAt.toISOString() : null,
      };
    },
  );

  app.get(
    '/api/share/:shareToken/networktechnologies',
    { schema: { tags, summary: 'The network technologies a survey can hold', params: ShareParams, response: { 200: NetworkTechnologiesSchema } } },
    async (request) => {
      await open(request.params.shareToken);
      const r = await ctx.db.query<{ id: string; name: string; family: string; standard: string; bands: string[] }>(
        'SELECT id, name, family, standard, bands FROM network_technologies ORDER BY position',
      );
      return { items: r.rows, total: r.rows.length };
    },
  );

  app.get(
    '/api/share/:shareToken/floors/:floorId/floorplans',
    { schema: { tags, summary: "A shared floor's plans, newest first", params: FloorParams, querystring: ListQuery, response: { 200: PageOf(FloorplanSchema) } } },
    async (request) => {
      const { shareToken, floorId } = request.params;
      const floor = await sharedId(ctx.db, await open(shareToken), 'floor', floorId);
      const page = await listFloorplans(ctx.db, floor, pageArgs(request.query));
      return {
        ...page,
        items: page.items.map((plan) => {
          // The uploaded original stays with the project's people: the link shows the display image.
          const url = `${base(shareToken)}/floorplans/${plan.id}/image`;
          return { ...plan, display: { ...plan.display, url }, imageUrl: url };
        }),
      };
    },
  );

  app.get(
    '/api/share/:shareToken/floors/:floorId/tracks',
    { schema: { tags, summary: "A shared floor's walks, newest first", params: FloorParams, querystring: ListQuery, response: { 200: PageOf(TrackSchema) } } },
    async (request) => {
      const { shareToken, floorId } = request.params;
      const floor = await sharedId(ctx.db, await open(shareToken), 'floor', floorId);
      const page = await listTracks(ctx.db, floor, undefined, pageArgs(request.query));
      return { ...page, items: page.items.map((track) => ({ ...track, deviceId: null, createdBy: null })) };
    },
  );

  app.get(
    '/api/share/:shareToken/floors/:floorId/photos',
    { schema: { tags, summary: "A shared floor's photos, newest first", params: FloorParams, querystring: ListQuery, response: { 200: PageOf(PhotoSchema) } } },
    async (request) => {
      const { shareToken, floorId } = request.params;
      const floor = await sharedId(ctx.db, await open(shareToken), 'floor', floorId);
      const page = await listPhotos(ctx.db, { floorId: floor }, pageArgs(request.query));
      return { ...page, items: page.items.map((photo) => ({ ...photo, url: `${base(shareToken)}/photos/${photo.id}/image`, createdBy: null })) };
    },
  );

  app.get(
    '/api/share/:shareToken/tracks/:trackId/datasets',
    { schema: { tags, summary: "A shared walk's grids", params: TrackParams, querystring: DatasetQuery, response: { 200: DatasetPageSchema } } },
    async (request, reply) => datasetsOf(ctx, await sharedId(ctx.db, await open(request.params.shareToken), 'track', request.params.trackId), request, reply),
  );

  app.get(
    '/api/share/:shareToken/tracks/:trackId/points',
    { schema: { tags, summary: 'Where a shared walk was measured', params: TrackParams, response: { 200: TrackPointsSchema } } },
    async (request) => pointsOf(ctx, await sharedId(ctx.db, await open(request.params.shareToken), 'track', request.params.trackId)),
  );

  app.get(
    '/api/share/:shareToken/floorplans/:floorplanId/image',
    { schema: { tags, summary: "A shared plan's display image, with an ETag", params: FloorplanParams, response: { 200: fileAnswer('The display image.', ['image/png']) } } },
    async (request, reply) => {
      const id = await sharedId(ctx.db, await open(request.params.shareToken), 'floorplan', request.params.floorplanId);
      const row = (await getFloorplanRow(ctx.db, id))!;
      return sendBlob(ctx, reply, row.display_key, 'image/png', `"${row.display_key.split('/').pop()}"`, request.headers['if-none-match']);
    },
  );

  app.get(
    '/api/share/:shareToken/floorplans/:floorplanId/walls',
    { schema: { tags, summary: 'The walls drawn on a shared plan', params: FloorplanParams, response: { 200: WallsSchema } } },
    async (request) => {
      const id = await sharedId(ctx.db, await open(request.params.shareToken), 'floorplan', request.params.floorplanId);
      return { walls: (await getWalls(ctx.db, id)) ?? [] };
    },
  );

  app.get(
    '/api/share/:shareToken/photos/:photoId/image',
    { schema: { tags, summary: 'A shared photo, with an ETag', params: PhotoParams, response: { 200: fileAnswer('The photo as uploaded.', ['image/jpeg', 'image/png']) } } },
    async (request, reply) => {
      const id = await sharedId(ctx.db, await open(request.params.shareToken), 'photo', request.params.photoId);
      const row = (await getPhotoRow(ctx.db, id))!;
      return sendBlob(ctx, reply, row.blob_key, row.media_type, `"${row.id}"`, request.headers['if-none-match']);
    },
  );

  app.get(
    '/api/share/:shareToken/stats',
    { schema: { tags, summary: "The shared floors' summary: counts, track states and coverage", params: ShareParams, response: { 200: SharedStatsSchema } } },
    async (request) => {
      const grant = await open(request.params.shareToken);
      const { projectId: _project, contacts: _contacts, members: _members, ...stats } = await projectStats(ctx.db, grant.projectId, grant.floorIds);
      return stats;
    },
  );

  app.get(
    '/api/share/:shareToken/statistics/networkstatistics',
    { schema: { tags, summary: 'Per network on the shared floors', params: ShareParams, querystring: NetworkStatisticsQuery, response: { 200: PageOf(NetworkStatisticsSchema) } } },
    async (request) => {
      const grant = await open(request.params.shareToken);
      return networkStatistics(ctx.db, grant.projectId, { ...request.query, ...statsFilter(grant) }, request.query.sort ?? 'signal', pageArgs(request.query));
    },
  );

  app.get(
    '/api/share/:shareToken/statistics/channels',
    { schema: { tags, summary: 'Per channel on the shared floors', params: ShareParams, querystring: FilterQuery, response: { 200: PageOf(ChannelStatisticsSchema) } } },
    async (request) => {
      const grant = await open(request.params.shareToken);
      return channelStatistics(ctx.db, grant.projectId, { ...request.query, ...statsFilter(grant) }, pageArgs(request.query));
    },
  );

  app.get(
    '/api/share/:shareToken/statistics/networks',
    { schema: { tags, summary: 'Per network name on the shared floors', params: ShareParams, querystring: FilterQuery, response: { 200: PageOf(NamedNetworkSchema) } } },
    async (request) => {
      const grant = await open(request.params.shareToken);
      return namedNetworks(ctx.db, grant.projectId, { ...request.query, ...statsFilter(grant) }, pageArgs(request.query));
    },
  );
}
