/**
 * A survey project's report as a PDF, for a reader without an account: streamed to the caller
 * while it is produced (the first page arrives before the last heatmap is painted). Options that
 * name nothing in the project are refused before any byte is sent.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { fileAnswer } from '../floorplans/routes.js';
import { checkId, found } from '../http/api-error.js';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { organisationName } from './report-data.js';
import { ReportQuery, reportOptions } from './report-options.js';
import { reportTexts } from './texts.js';

const ProjectParams = Type.Object({ projectId: Type.String() });

/** `filename` for old readers (ASCII only), `filename*` with the project's own name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`;
}

export async function registerReportRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/projects/:projectId/report.pdf',
    {
      schema: {
        tags: ['reports'],
        summary:
          "The project's survey report as a PDF: cover, requirements met per floor, heatmaps per floor, walk and view, network and channel tables, photos. Streamed while it is produced.",
        params: ProjectParams,
        querystring: ReportQuery,
        response: { 200: fileAnswer('The report.', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const projectId = checkId('project', request.params.projectId);
      const project = found(await getProject(ctx.db, projectId), 'project', projectId);
      const options = await reportOptions(ctx.db, projectId, request.query);
      const texts = await reportTexts(options.locale);
      // The PDF and image libraries are imported with the first report, not resident from the start.
      const [{ reportDocument }, { produceReport }] = await Promise.all([import('./report-document.js'), import('./produce-report.js')]);
      const rd = reportDocument(texts, { project: project.name, organisation: await organisationName(ctx.db, project) });
      // A reader that hangs up (the Cancel button) stops the work, not just the sending.
      let cancelled = false;
      reply.raw.once('close', () => {
        cancelled = !reply.raw.writableFinished;
      });
      produceReport(ctx, rd, texts, project, options, () => cancelled).then(
        () => rd.doc.end(),
        (err: unknown) => {
          request.log.error({ err }, 'the report could not be produced');
          rd.doc.destroy(err as Error);
        },
      );
      return reply.type('application/pdf').header('content-disposition', attachment(project.name)).header('cache-control', 'no-store').send(rd.doc);
    },
  );
}
