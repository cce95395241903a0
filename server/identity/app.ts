/**
 * The embedded identity service: a public and an admin Fastify instance over one database,
 * speaking the Kratos wire protocol. Reads like a table of contents; each line registers one
 * concern.
 */
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openMailTransport } from '../mail/transport.js';
import { requireAdminToken } from './admin/admin-auth.js';
import { registerAdminRoutes } from './admin/routes.js';
import type { IdentityContext } from './context.js';
import { createCourier } from './courier/courier.js';
import { startDelivery, type Delivery } from './courier/delivery.js';
import { registerFormParser } from './http/body.js';
import { KratosError, kratosErrorBody } from './http/kratos-error.js';
import { startMaintenance } from './maintenance.js';
import type { IdentityServiceOptions } from './options.js';
import { registerPublicRoutes } from './public/routes.js';
import { identityMigrations } from './store/migrations.js';
import { watchWhoamiWrites } from './store/write-watch.js';
import { WhoamiCache } from './sessions/whoami-cache.js';
import { createPasswordHasher, type Argon2Cost } from './strategies/password/hasher.js';
import { livePasswordValidator } from './strategies/password/validator.js';
import { settingsFromOptions } from './settings-from-options.js';
import { fixedSettings, type IdentitySettings, type SettingsSource } from '../platform/project-settings.js';
import { frameworkErrors } from '../http/framework-errors.js';
import { installJsonParser, REFUSE_PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { installValidators } from '../http/validators.js';
import { requestLoggerFactory } from '../logging/request-logger.js';
import { startAuditSealer } from '../audit/sealer.js';

export interface IdentityServiceDeps {
  db: Database;
  options: IdentityServiceOptions;
  now?: () => Date;
  /** Argon2 parameters; the hasher refuses anything below OWASP's minimum. */
  argon2?: Argon2Cost;
  /** Skip the breached-password list (tests that register many throwaway identities). */
  breachedCheck?: boolean;
  logger?: FastifyBaseLogger;
  version?: string;
  /**
   * How long a whoami answer is served from memory before it is read again (default 5 s; 0:
   * never kept). Writes through this service empty the cache at once; this bounds how long writes
   * by other processes take to show (twice this, see sessions/whoami-cache.ts).
   */
  whoamiCacheTtlMs?: number;
  /**
   * The project's live settings (server/platform). Without them the service runs on fixed
   * settings made from `options`: every method on, codes for recovery and verification.
   */
  settings?: SettingsSource<IdentitySettings>;
}

const WHOAMI_CACHE_TTL_MS = 5_000;
/** A serialised session is about 1–2 KB: at most some 20 MB. */
const WHOAMI_CACHE_MAX = 10_000;

export interface IdentityService {
  public: FastifyInstance;
  admin: FastifyInstance;
  context: IdentityContext;
  /** The e-mail delivery loop, when SMTP or a mail directory is configured. */
  delivery?: Delivery;
  close(): Promise<void>;
}

export async function buildIdentityService(deps: IdentityServiceDeps): Promise<IdentityService> {
  await migrate(deps.db, { schema: deps.db.schema, migrations: identityMigrations });
  // Request logging stays off: URLs here carry logout and link tokens, which must never reach a log.
  const logging = {
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory,
  };
  const refused = frameworkErrors((status, reason) => kratosErrorBody(status, { reason }));
  const publicApp = Fastify({ ...logging, trustProxy: true, bodyLimit: 256 * 1024, ...REFUSE_PROTOTYPE_KEYS, frameworkErrors: refused });
  const adminApp = Fastify({ ...logging, bodyLimit: 1024 * 1024, ...REFUSE_PROTOTYPE_KEYS, frameworkErrors: refused });
  for (const app of [publicApp, adminApp]) {
    installValidators(app, { dropUnknownFields: true });
    installJsonParser(app);
  }
  const now = deps.now ?? (() => new Date());
  const settings = deps.settings ?? fixedSettings(settingsFromOptions(deps.options, deps.breachedCheck ?? true));
  // Assigned once, below; the courier's wake-up callback is made before it and reads it later.
  // eslint-disable-next-line prefer-const
  let delivery: Delivery | undefined;
  const whoami = new WhoamiCache({ ttlMs: deps.whoamiCacheTtlMs ?? WHOAMI_CACHE_TTL_MS, max: WHOAMI_CACHE_MAX, now });
  const context: IdentityContext = {
    db: watchWhoamiWrites(deps.db, () => whoami.invalidate()),
    whoami,
    options: deps.options,
    settings: () => settings.current(),
    now,
    hasher: createPasswordHasher(deps.argon2),
    passwordValidator: livePasswordValidator(() => settings.current().password, deps.breachedCheck ?? true),
    courier: createCourier(now, () => delivery?.wake()),
    log: publicApp.log,
  };
  const transport = openMailTransport({ from: deps.options.courierFrom, smtpUrl: deps.options.smtpUrl, mailDirectory: deps.options.mailDirectory });
  delivery = transport && startDelivery(context, transport);

  for (const app of [publicApp, adminApp]) {
    // A change saved on another instance is read before this request is answered.
    app.addHook('onRequest', () => settings.fresh());
    await app.register(cookie, { hook: 'onRequest' });
    registerFormParser(app);
    app.setErrorHandler(answerError);
    app.setNotFoundHandler((request, reply) => reply.code(404).send(kratosErrorBody(404, { reason: `No route ${request.method} ${request.url.split('?')[0]}.` })));
  }
  await registerPublicRoutes(publicApp, context, deps.version ?? 'dev');
  requireAdminToken(adminApp, deps.options.adminToken);
  await registerAdminRoutes(adminApp, context, deps.version ?? 'dev');
  const stopMaintenance = startMaintenance(context);
  const sealer = startAuditSealer(deps.db, { onError: (err) => publicApp.log.error({ err }, 'audit events could not be sealed into the chain') });

  return {
    public: publicApp,
    admin: adminApp,
    context,
    delivery,
    async close() {
      stopMaintenance();
      await Promise.all([publicApp.close(), adminApp.close()]);
      await delivery?.stop();
      await sealer.close();
    },
  };
}

/** Validation errors name the field; anything unexpected is a 500 without internals. */
function answerError(
  this: FastifyInstance,
  error: Error & { statusCode?: number; validation?: unknown },
  request: { log: FastifyInstance['log'] },
  reply: import('fastify').FastifyReply,
) {
  if (error instanceof KratosError) return reply.code(error.status).send(error.body());
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'identity service request failed');
  return reply.code(status).send(kratosErrorBody(status, status === 500 ? {} : { reason: error.message }));
}
