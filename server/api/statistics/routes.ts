/** Statistics of a project, from stored processing results. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { getProject } from '../projects/store.js';
import { keptOrComputed } from '../../db/until-next-write.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, found } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { channelStatistics, namedNetworks, networkStatistics, projectStats } from './store.js';
import { PageOf, ProjectStatsSchema } from '../http/response-schemas.js';
import { ChannelStatisticsSchema, NamedNetworkSchema, NetworkStatisticsSchema } from './statistics-schema.js';
import { UUID_PATTERN as UUID } from '../../../shared/uuid.js';

/** Every statistic spans the project's processed tracks, narrowed by these. */
const FilterFields = {
  floorId: Type.Optional(Type.String({ pattern: UUID })),
  trackId: Type.Optional(Type.String({ pattern: UUID })),
  technology: Type.Optional(Type.String({ maxLength: 16 })),
  band: Type.Optional(Type.String({ maxLength: 16 })),
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Network name or id contains.' })),
  ...PageQueryFields,
};
export const FilterQuery = Type.Object(FilterFields, { additionalProperties: false });
export const NetworkStatisticsQuery = Type.Object(
  {
    ...FilterFields,
    sort: Type.Optional(Type.Enum(['signal', 'samples', 'coverage', 'name', 'channel'], { type: 'string', description: 'signal (default): strongest first.' })),
  },
  { additionalProperties: false },
);
const ProjectParams = Type.Object({ projectId: Type.String() });
const tags = ['statistics'];

export async function registerStatisticsRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const project = async (id: string) => {
    const projectId = checkId('project', id);
    found(await getProject(ctx.db, projectId), 'project', projectId);
    return projectId;
  };
  // Statistics change only when something is written: kept until then where that is known.
  const kept = <V>(request: { url: string }, compute: () => Promise<V>): Promise<V> => keptOrComputed(ctx.answers, `statistics ${request.url}`, compute);

  app.get(
    '/api/projects/:projectId/statistics/networkstatistics',
    {
      schema: {
        tags,
        summary: 'Per network: samples, signal, noise, throughput and coverage',
        params: ProjectParams,
        querystring: NetworkStatisticsQuery,
        response: { 200: PageOf(NetworkStatisticsSchema) },
      },
    },
    async (request) =>
      kept(request, async () => networkStatistics(ctx.db, await project(request.params.projectId), request.query, request.query.sort ?? 'signal', pageArgs(request.query))),
  );

  app.get(
    '/api/projects/:projectId/statistics/channels',
    {
      schema: {
        tags,
        summary: 'Per technology, band and channel: networks, signal and overlap',
        params: ProjectParams,
        querystring: FilterQuery,
        response: { 200: PageOf(ChannelStatisticsSchema) },
      },
    },
    async (request) => kept(request, async () => channelStatistics(ctx.db, await project(request.params.projectId), request.query, pageArgs(request.query))),
  );

  app.get(
    '/api/projects/:projectId/statistics/networks',
    {
      schema: {
        tags,
        summary: 'Per network name (SSID or operator): radios, bands, channels and floors',
        params: ProjectParams,
        querystring: FilterQuery,
        response: { 200: PageOf(NamedNetworkSchema) },
      },
    },
    async (request) => kept(request, async () => namedNetworks(ctx.db, await project(request.params.projectId), request.query, pageArgs(request.query))),
  );

  app.get(
    '/api/projects/:projectId/stats',
    { schema: { tags, summary: "A project's summary: counts, track states and coverage", params: ProjectParams, response: { 200: ProjectStatsSchema } } },
    async (request) => kept(request, async () => projectStats(ctx.db, await project(request.params.projectId))),
  );
}
