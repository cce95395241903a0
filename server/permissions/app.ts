/**
 * buildPermissionService: relationships and permission checks in Ory Keto's REST wire format
 * (read, check, expand, write, namespaces, the Permission Language syntax check), on one
 * loopback listener that only the gateway calls. The gateway serves it under `$PUBLIC_URL/.ory`,
 * so the paths here are Keto's own, at the root.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorEnvelope } from '../../shared/error-envelope.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { cacheUntilSchemaChanges } from '../db/until-next-write.js';
import { frameworkErrors } from '../http/framework-errors.js';
import { installJsonParser, REFUSE_PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { installValidators } from '../http/validators.js';
import { fixedSettings, type PermissionSettings, type SettingsSource } from '../platform/project-settings.js';
import { requireAdminToken } from './admin-token.js';
import type { PermissionContext } from './context.js';
import { KeptAnswers } from './kept-answers.js';
import { permissionMigrations } from './migrations.js';
import { PermissionError } from './permission-error.js';
import { checkRoutes } from './routes/check-routes.js';
import { expandRoute } from './routes/expand-route.js';
import { listObjectsRoute } from './routes/list-objects-route.js';
import { readRoutes } from './routes/read-routes.js';
import { syntaxRoute } from './routes/syntax-route.js';
import { writeRoutes } from './routes/write-routes.js';
import { KeptRows } from './store/kept-rows.js';
import { MOST_INDEXED_TUPLES, TupleIndex } from './store/tuple-index.js';
import { scheduleChangeTrimming } from './store/change-trimming.js';
import { TupleStore } from './store/tuple-store.js';
import { startAuditSealer } from '../audit/sealer.js';

/** Keto's defaults, for a service that runs without the project's settings: no namespaces until configured. */
export const DEFAULT_PERMISSION_SETTINGS: PermissionSettings = { namespaces: [], maxReadDepth: 5, maxReadWidth: 100, strictMode: false };

export interface PermissionServiceOptions {
  db: Database;
  adminToken: string;
  /** The project's settings, live; fixed defaults without a platform service. */
  settings?: SettingsSource<PermissionSettings>;
  logger?: FastifyBaseLogger;
  /** The most relationships kept in memory (store/tuple-index.ts); 0: none. */
  memoryTuples?: number;
  /** Called once the relationships are in memory, or it was given up (too many, or the load failed). */
  relationshipsLoaded?: () => void;
}

export async function buildPermissionService(options: PermissionServiceOptions): Promise<FastifyInstance> {
  // The handle's own schema: `permission` when embedded, one of their own in tests.
  await migrate(options.db, { schema: options.db.schema, migrations: permissionMigrations });
  // The API's triggers write relationships too, on its own handle: every change is heard.
  const { db, answers, close: stopHearingChanges } = await cacheUntilSchemaChanges(options.db);
  const settings = options.settings ?? fixedSettings(DEFAULT_PERMISSION_SETTINGS);
  const current = () => settings.current();
  const store = new TupleStore(db);
  const kept = new KeptRows(store, answers);
  const memoryTuples = options.memoryTuples ?? MOST_INDEXED_TUPLES;
  // Read on the handle that signals nothing: the index's reads change no answer.
  const index = memoryTuples > 0 ? new TupleIndex(options.db, answers, kept, { mostTuples: memoryTuples, log: options.logger }) : undefined;
  void (index?.start() ?? Promise.resolve()).then(() => options.relationshipsLoaded?.());
  const context: PermissionContext = { store, rows: index ?? kept, settings: current, kept: new KeptAnswers(answers, current) };

  // Trimmed on the handle that signals nothing: a trim changes no answer.
  const stopTrimming = scheduleChangeTrimming(options.db, (err) => options.logger?.error({ err }, 'old relationship changes could not be trimmed'));
  const stop = async () => {
    stopTrimming();
    index?.stop();
    await stopHearingChanges();
  };
  try {
    return await serve(options, settings, context, stop);
  } catch (error) {
    await stop();
    throw error;
  }
}

async function serve(
  options: PermissionServiceOptions,
  settings: SettingsSource<PermissionSettings>,
  context: PermissionContext,
  stopHearingChanges: () => Promise<void>,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // A check is answered in a millisecond or two; a log line each would cost more than the answer.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    ...REFUSE_PROTOTYPE_KEYS,
    frameworkErrors: frameworkErrors(errorEnvelope),
  });
  installValidators(app);
  installJsonParser(app);
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => reply.code(404).send(errorEnvelope(404, `No route ${request.method} ${request.url.split('?')[0]}`)));
  app.addHook('onClose', stopHearingChanges);
  const sealer = startAuditSealer(options.db, { onError: (err) => app.log.error({ err }, 'audit events could not be sealed into the chain') });
  app.addHook('onClose', () => sealer.close());
  requireAdminToken(app, options.adminToken);
  // A change saved on another instance is read before this request is answered.
  app.addHook('onRequest', () => settings.fresh());
  app.get('/health/alive', async () => ({ status: 'ok' }));
  await app.register(readRoutes, context);
  await app.register(checkRoutes, context);
  await app.register(expandRoute, context);
  await app.register(listObjectsRoute, context);
  await app.register(writeRoutes, context);
  await app.register(syntaxRoute);
  return app;
}

/** The envelope; validation failures name the field; anything unexpected is a 500 without internals. */
function answerError(error: FastifyError | PermissionError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof PermissionError) return reply.code(error.status).send(error.body());
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'permission request failed');
  return reply.code(status).send(errorEnvelope(status, status === 500 ? 'The permission service failed to answer' : error.message));
}
