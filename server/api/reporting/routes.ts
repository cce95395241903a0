/** Reporting settings of a project (thresholds per technology) and the global technology list. */
import type { FastifyInstance } from 'fastify';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, found } from '../http/api-error.js';
import { NETWORK_TECHNOLOGIES } from '../survey/technologies.js';
import { getReportingSettings, putReportingSettings } from './store.js';
import type { ReportingSettings } from './thresholds.js';

const THRESHOLDS = {
  type: 'object',
  additionalProperties: false,
  required: ['minSignalDbm', 'minSnrDb', 'minServing', 'maxCoChannel', 'coChannelDbm', 'bands', 'colourScale'],
  properties: {
    minSignalDbm: { type: 'number', minimum: -150, maximum: 0 },
    minSnrDb: { type: 'number', minimum: -30, maximum: 80 },
    minServing: { type: 'integer', minimum: 0, maximum: 50 },
    maxCoChannel: { type: 'integer', minimum: 0, maximum: 255 },
    coChannelDbm: { type: 'number', minimum: -150, maximum: 0 },
    bands: { type: 'array', maxItems: 64, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 16 } },
    colourScale: {
      type: 'array',
      minItems: 2,
      maxItems: 16,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['dbm', 'colour'],
        properties: { dbm: { type: 'number', minimum: -150, maximum: 30 }, colour: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
      },
    },
  },
} as const;

export async function registerReportingRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  app.get('/api/networktechnologies', async () => {
    const r = await ctx.db.query<{ id: string; name: string; family: string; standard: string; bands: string[] }>(
      'SELECT id, name, family, standard, bands FROM network_technologies ORDER BY position',
    );
    return { items: r.rows, total: r.rows.length };
  });

  app.get<{ Params: { projectId: string } }>('/api/projects/:projectId/reporting/settings', async (request) => {
    const projectId = checkId('project', request.params.projectId);
    found(await getProject(ctx.db, projectId), 'project', projectId);
    return getReportingSettings(ctx.db, projectId);
  });

  app.put<{ Params: { projectId: string }; Body: { settings: Partial<ReportingSettings> } }>(
    '/api/projects/:projectId/reporting/settings',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['settings'],
          properties: {
            settings: {
              type: 'object',
              minProperties: 1,
              additionalProperties: false,
              properties: Object.fromEntries(NETWORK_TECHNOLOGIES.map((t) => [t.id, THRESHOLDS])),
            },
          },
        },
      },
    },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      const settings = request.body.settings;
      for (const t of Object.values(settings)) t?.colourScale.sort((a, b) => a.dbm - b.dbm);
      return putReportingSettings(ctx.db, projectId, settings, ctx.callerId(request), ctx.now());
    },
  );
}
