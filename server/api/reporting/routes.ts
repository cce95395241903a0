/** Reporting settings of a project (thresholds per technology) and the global technology list. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, found } from '../http/api-error.js';
import { NETWORK_TECHNOLOGIES } from '../survey/technologies.js';
import { getReportingSettings, putReportingSettings } from './store.js';
import { NetworkTechnologiesSchema, ReportingSettingsSchema, ThresholdsChangeSchema } from './settings-schema.js';
import type { ReportingSettings } from './thresholds.js';

const ProjectParams = Type.Object({ projectId: Type.String() });
/** Only known technologies, each replaced whole. */
const SettingsChange = Type.Object(
  {
    settings: Type.Partial(Type.Object(Object.fromEntries(NETWORK_TECHNOLOGIES.map((t) => [t.id, ThresholdsChangeSchema]))), { minProperties: 1, additionalProperties: false }),
  },
  { additionalProperties: false },
);
const tags = ['reporting'];

/** The thresholds processing judges cells by: the report's pass mark (minAreaPercent) is read at report time and needs no reprocessing. */
function processingInputs(settings: ReportingSettings) {
  return Object.fromEntries(Object.entries(settings).map(([id, { minAreaPercent: _, ...rest }]) => [id, rest]));
}

export async function registerReportingRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/networktechnologies', { schema: { tags, summary: 'The network technologies a survey can hold', response: { 200: NetworkTechnologiesSchema } } }, async () => {
    const r = await ctx.db.query<{ id: string; name: string; family: string; standard: string; bands: string[] }>(
      'SELECT id, name, family, standard, bands FROM network_technologies ORDER BY position',
    );
    return { items: r.rows, total: r.rows.length };
  });

  app.get(
    '/api/projects/:projectId/reporting/settings',
    { schema: { tags, summary: "A project's reporting thresholds per technology", params: ProjectParams, response: { 200: ReportingSettingsSchema } } },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      return getReportingSettings(ctx.db, projectId);
    },
  );

  app.put(
    '/api/projects/:projectId/reporting/settings',
    {
      schema: {
        tags,
        summary: "Replace the thresholds of the technologies given (the others keep theirs); the project's processed tracks are queued again",
        params: ProjectParams,
        body: SettingsChange,
        response: { 200: ReportingSettingsSchema },
      },
    },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      const settings = request.body.settings;
      for (const t of Object.values(settings)) t?.colourScale.sort((a, b) => a.dbm - b.dbm);
      const saved = await ctx.db.transaction(async (tx) => {
        const before = await getReportingSettings(tx, projectId);
        const answer = await putReportingSettings(tx, projectId, settings, ctx.callerId(request), ctx.now());
        if (JSON.stringify(processingInputs(before.settings)) === JSON.stringify(processingInputs(answer.settings))) return answer;
        // Coverage was judged against the old thresholds: judge it again.
        await tx.query(
          `UPDATE tracks SET status = 'queued', queued_at = $2, updated_at = $2
            WHERE status IN ('processed', 'failed') AND floorplan_id IN (SELECT p.id FROM floorplans p JOIN floors f ON f.id = p.floor_id WHERE f.project_id = $1)`,
          [projectId, ctx.now()],
        );
        return answer;
      });
      ctx.processing.kick();
      return saved;
    },
  );
}
