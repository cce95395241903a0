/** Statistics of a project, from stored processing results. */
import type { FastifyInstance } from 'fastify';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, found } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { channelStatistics, namedNetworks, networkStatistics, projectStats, type NetworkSort, type StatisticsFilter } from './store.js';
import { ProjectStatsSchema } from '../http/response-schemas.js';
import { UUID_PATTERN as UUID } from '../../../shared/uuid.js';

const FILTER = {
  floorId: { type: 'string', pattern: UUID },
  trackId: { type: 'string', pattern: UUID },
  technology: { type: 'string', maxLength: 16 },
  band: { type: 'string', maxLength: 16 },
  q: { type: 'string', maxLength: 100 },
  ...PAGE_QUERY_SCHEMA,
} as const;

type Query = StatisticsFilter & { page?: number; per_page?: number; sort?: NetworkSort };

export async function registerStatisticsRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const project = async (id: string) => {
    const projectId = checkId('project', id);
    found(await getProject(ctx.db, projectId), 'project', projectId);
    return projectId;
  };

  app.get<{ Params: { projectId: string }; Querystring: Query }>(
    '/api/projects/:projectId/statistics/networkstatistics',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...FILTER, sort: { type: 'string', enum: ['signal', 'samples', 'coverage', 'name', 'channel'] } },
        },
      },
    },
    async (request) => networkStatistics(ctx.db, await project(request.params.projectId), request.query, request.query.sort ?? 'signal', pageArgs(request.query)),
  );

  app.get<{ Params: { projectId: string }; Querystring: Query }>(
    '/api/projects/:projectId/statistics/channels',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: FILTER } } },
    async (request) => channelStatistics(ctx.db, await project(request.params.projectId), request.query, pageArgs(request.query)),
  );

  app.get<{ Params: { projectId: string }; Querystring: Query }>(
    '/api/projects/:projectId/statistics/networks',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: FILTER } } },
    async (request) => namedNetworks(ctx.db, await project(request.params.projectId), request.query, pageArgs(request.query)),
  );

  app.get<{ Params: { projectId: string } }>('/api/projects/:projectId/stats', { schema: { response: { 200: ProjectStatsSchema } } }, async (request) => projectStats(ctx.db, await project(request.params.projectId)));
}
