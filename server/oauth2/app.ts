/**
 * The embedded OAuth2 / OpenID Connect provider: oidc-provider on a public listener and a
 * Fastify admin API in Hydra's shapes, over one database schema. Reads like a table of contents.
 */
import type { Server } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { anyWrite, watchWrites } from '../db/write-watch.js';
import { ModelCache } from './store/model-cache.js';
import { requireAdminToken } from './admin/admin-auth.js';
import { HydraError } from './admin/hydra-error.js';
import { registerAdminRoutes } from './admin/routes.js';
import { Interactions } from './interactions.js';
import { ClientSecrets, hashStoredSecrets } from './client-secrets.js';
import { loadClientSecretKey, loadKeys } from './keys/provider-keys.js';
import { LogoutRequests } from './logout.js';
import { signingKeyPass, startMaintenance } from './maintenance.js';
import { DEFAULT_SIGNING_KEY_ROTATION, type OAuth2ServiceOptions } from './options.js';
import { buildProvider } from './provider.js';
import { ProviderHost } from './provider-host.js';
import { publicServer } from './public-server.js';
import { ResumeVerifiers } from './resume/resume-verifiers.js';
import { recordSigningKeyTimes, type SigningKeyChanges, type SigningKeyPolicy } from './keys/signing-keys.js';
import { oauth2Migrations } from './store/migrations.js';
import { frameworkErrors } from '../http/framework-errors.js';
import { formFields, installJsonParser, REFUSE_PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { installValidators } from '../http/validators.js';
import { fixedSettings, type OAuth2Settings, type SettingsSource } from '../platform/project-settings.js';
import { settingsFromOptions } from './settings-from-options.js';
import { startAuditSealer } from '../audit/sealer.js';

export interface OAuth2ServiceDeps {
  db: Database;
  options: OAuth2ServiceOptions;
  logger?: FastifyBaseLogger;
  version?: string;
  /** The project's live settings (server/platform); without them, opaque tokens and the lifespans of `options`. */
  settings?: SettingsSource<OAuth2Settings>;
}

export interface OAuth2Service {
  host: ProviderHost;
  public: Server;
  admin: FastifyInstance;
  /**
   * What the maintenance loop does every minute, at the time given: replace the signing key if it
   * is due, drop retired keys whose tokens have expired, and serve the keys as stored.
   */
  maintainSigningKeys(now?: Date): Promise<SigningKeyChanges>;
  close(): Promise<void>;
}

export async function buildOAuth2Service(deps: OAuth2ServiceDeps): Promise<OAuth2Service> {
  const { options } = deps;
  // Where this process is the only writer, oidc-provider's rows are kept in memory; its adapters write
  // on the bare handle and end exactly what they change, every other write ends everything kept.
  const cache = deps.db.kind === 'pglite' ? new ModelCache() : undefined;
  const store = { db: deps.db, cache };
  const db = cache ? watchWrites(deps.db, anyWrite, () => cache.clear()) : deps.db;
  await migrate(db, { schema: db.schema, migrations: oauth2Migrations });
  const keys = await loadKeys(db);
  await recordSigningKeyTimes(db, new Date());
  const settings = deps.settings ?? fixedSettings(settingsFromOptions(options));
  const keyPolicy: SigningKeyPolicy = {
    rotateAfter: options.signingKeyRotation ?? DEFAULT_SIGNING_KEY_ROTATION,
    // A key signs ID tokens and, in the jwt strategy, access tokens: it stays published while either may live.
    get idTokenLifespan() {
      const { ttl } = settings.current();
      return Math.max(options.lifespans.idToken, ttl.idToken, ttl.accessToken);
    },
  };
  const secrets = new ClientSecrets(await loadClientSecretKey(db));
  await hashStoredSecrets(db, secrets);
  const log = deps.logger;
  const logout = new LogoutRequests(() => host.current, db, options.issuer, options.uiUrl);
  const host = new ProviderHost((current) => {
    const provider = buildProvider(db, store, current, secrets, options, logout, settings);
    // The provider's own failures reach the log by kind and message only: its context holds tokens.
    provider.on('server_error', (_ctx, err) => log?.error({ err }, 'OAuth2 provider request failed'));
    return provider;
  }, keys);

  // Request logging stays off: URLs here carry codes and challenges.
  const admin = Fastify({
    ...(log ? { loggerInstance: log } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    ...REFUSE_PROTOTYPE_KEYS,
    frameworkErrors: frameworkErrors((status, reason) => new HydraError(status, 'Bad Request', reason).body()),
  });
  installValidators(admin, { dropUnknownFields: true });
  admin.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, formFields(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  installJsonParser(admin);
  installJsonParser(admin, 'application/json-patch+json');
  admin.setErrorHandler(answerError);
  admin.setNotFoundHandler((request, reply) => reply.code(404).send(new HydraError(404, 'Not Found', `No route ${request.method} ${request.url.split('?')[0]}`).body()));
  // A change saved on another instance is read before this request is answered.
  admin.addHook('onRequest', () => settings.fresh());
  requireAdminToken(admin, options.adminToken);
  const verifiers = new ResumeVerifiers(db);
  await registerAdminRoutes(admin, {
    host,
    db,
    secrets,
    keyPolicy,
    interactions: new Interactions(host, db, verifiers, options.issuer),
    logout,
    issuer: options.issuer,
    version: deps.version ?? 'dev',
  });

  const server = publicServer(host, options, logout, verifiers, settings);
  const maintainSigningKeys = (now = new Date()) => signingKeyPass(db, host, keyPolicy, now);
  const stopMaintenance = startMaintenance(db, admin.log, maintainSigningKeys);
  const sealer = startAuditSealer(deps.db, { onError: (err) => admin.log.error({ err }, 'audit events could not be sealed into the chain') });
  return {
    host,
    public: server,
    admin,
    maintainSigningKeys,
    async close() {
      stopMaintenance();
      await Promise.all([
        admin.close(),
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
      ]);
      await sealer.close();
    },
  };
}

/** Hydra's error body; validation failures name the field; anything unexpected is a 500 without internals. */
function answerError(error: FastifyError | HydraError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HydraError) return reply.code(error.status).send(error.body());
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'OAuth2 admin request failed');
  const description = status === 500 ? 'The server encountered an internal error' : error.message;
  return reply.code(status).send(new HydraError(status, status === 500 ? 'error' : 'invalid_request', description).body());
}
