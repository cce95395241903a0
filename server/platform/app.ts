/**
 * buildPlatformService: the project API of this installation (Ory Network's ProjectApi, for one
 * project) and the API keys that open it, on one loopback listener that only the gateway calls.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorEnvelope } from '../../shared/error-envelope.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { frameworkErrors } from '../http/framework-errors.js';
import { installJsonParser, REFUSE_PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { installValidators } from '../http/validators.js';
import { requireAdminToken } from './admin-token.js';
import { ApiKeyHasher } from './api-key-secret.js';
import { ApiKeyStore } from './api-key-store.js';
import { initialDocument, type ConfigSeed } from './config-defaults.js';
import { configUsable } from './config-usable.js';
import { ProjectDocumentValidator } from './config-schema.js';
import type { PlatformContext } from './context.js';
import { LiveProject } from './live-project.js';
import { platformMigrations } from './migrations.js';
import { PlatformError } from './platform-error.js';
import { ProjectStore } from './project-store.js';
import { consoleRoutes } from './routes/console-routes.js';
import { projectRoutes } from './routes/project-routes.js';
import { tokenRoutes } from './routes/token-routes.js';
import { verifyRoute } from './routes/verify-route.js';
import { startAuditSealer } from '../audit/sealer.js';

export interface PlatformServiceOptions {
  db: Database;
  adminToken: string;
  /** The configuration the project starts with, the first time it is made. */
  seed: ConfigSeed;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

export interface PlatformService {
  app: FastifyInstance;
  /** The project as this instance's embedded services read it; closed with `app`. */
  live: LiveProject;
}

export async function buildPlatformService(options: PlatformServiceOptions): Promise<PlatformService> {
  const { db } = options;
  // The handle's own schema: `platform` when embedded, one of their own in tests.
  await migrate(db, { schema: db.schema, migrations: platformMigrations });
  const projects = new ProjectStore(db, new ProjectDocumentValidator(configUsable(options.seed.oidcProviders)));
  await projects.ensure(initialDocument(options.seed));
  const live = await LiveProject.open(db, projects);
  projects.whenSaved((record) => live.saved(record));
  const context: PlatformContext = {
    projects,
    keys: new ApiKeyStore(db, await ApiKeyHasher.load(db)),
    hosts: [new URL(options.seed.publicOrigin).hostname],
    now: options.now ?? (() => new Date()),
  };

  // Request logging stays off: the verify call's body is a key.
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    ...REFUSE_PROTOTYPE_KEYS,
    frameworkErrors: frameworkErrors(errorEnvelope),
  });
  installValidators(app);
  installJsonParser(app);
  installJsonParser(app, 'application/json-patch+json');
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => reply.code(404).send(errorEnvelope(404, `No route ${request.method} ${request.url.split('?')[0]}`)));
  requireAdminToken(app, options.adminToken);
  app.get('/health/alive', async () => ({ status: 'ok' }));
  await app.register(projectRoutes, context);
  await app.register(tokenRoutes, context);
  await app.register(consoleRoutes, context);
  await app.register(verifyRoute, context);
  const sealer = startAuditSealer(db, { onError: (err) => app.log.error({ err }, 'audit events could not be sealed into the chain') });
  app.addHook('onClose', async () => {
    await live.close();
    await sealer.close();
  });
  return { app, live };
}

/** The envelope; validation failures name the field; anything unexpected is a 500 without internals. */
function answerError(error: FastifyError | PlatformError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof PlatformError) return reply.code(error.status).send(error.body());
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'platform request failed');
  return reply.code(status).send(errorEnvelope(status, status === 500 ? 'The platform service failed to answer' : error.message));
}
