/** The survey half of the API, registered in one place: read it as the table of contents. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerContactRoutes } from '../contacts/routes.js';
import { registerFloorplanRoutes } from '../floorplans/routes.js';
import { registerWallRoutes } from '../floorplans/walls-routes.js';
import { registerGeoreferenceRoutes } from '../floorplans/georeference-routes.js';
import { registerFloorRoutes } from '../floors/routes.js';
import { registerPhotoRoutes } from '../photos/routes.js';
import { registerProjectUserRoutes } from '../project-users/routes.js';
import { registerProjectRoutes } from '../projects/routes.js';
import { registerReportingRoutes } from '../reporting/routes.js';
import { registerReportRoutes } from '../reports/routes.js';
import { registerShareReadRoutes } from '../shares/read-routes.js';
import { registerShareRoutes } from '../shares/routes.js';
import { registerStatisticsRoutes } from '../statistics/routes.js';
import { registerDeviceUploadRoutes } from '../tracks/device-upload.js';
import { registerTrackRoutes } from '../tracks/routes.js';
import { ProcessingWorker } from '../tracks/processing/job.js';
import type { SurveyContext } from './context.js';

export async function registerSurveyRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  await app.register(async (survey) => {
    // Uploads stream; each route sets its own size limit (the route policy's bodyLimit).
    if (!survey.hasContentTypeParser('multipart/form-data')) await survey.register(multipart);
    await registerProjectRoutes(survey, ctx);
    await registerProjectUserRoutes(survey, ctx);
    await registerFloorRoutes(survey, ctx);
    await registerFloorplanRoutes(survey, ctx);
    await registerWallRoutes(survey, ctx);
    await registerGeoreferenceRoutes(survey, ctx);
    await registerTrackRoutes(survey, ctx);
    if (ctx.deviceForToken) registerDeviceUploadRoutes(survey, ctx, ctx.deviceForToken);
    await registerPhotoRoutes(survey, ctx);
    await registerContactRoutes(survey, ctx);
    await registerReportingRoutes(survey, ctx);
    await registerStatisticsRoutes(survey, ctx);
    await registerReportRoutes(survey, ctx);
    await registerShareRoutes(survey, ctx);
    await registerShareReadRoutes(survey, ctx);
  });
}

/**
 * The survey capability on an API instance: its routes and its processing worker, stopped when
 * the instance closes. The API application calls this once.
 */
export async function installSurvey(app: FastifyInstance, deps: Omit<SurveyContext, 'processing'>): Promise<SurveyContext> {
  const processing = new ProcessingWorker(deps.db, { now: deps.now, onError: (err) => app.log.error({ err }, 'track processing failed') });
  const ctx: SurveyContext = { ...deps, processing };
  await registerSurveyRoutes(app, ctx);
  app.addHook('onReady', async () => processing.start());
  app.addHook('onClose', async () => processing.stop());
  return ctx;
}
