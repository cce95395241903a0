/**
 * The embedded survey & administration API: one Fastify instance over the API schema, reached by
 * the gateway over HTTP like any remote `/api` host. Reads like a table of contents; each line
 * registers one concern.
 */
import { linkRoleRelationships, roleRelationshipsSchema } from './permissions/role-relationships.js';
import { RolePermissions } from './permissions/lists.js';
import { registerAccessRoutes } from './permissions/access-routes.js';
import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { startAuditSealer } from '../audit/sealer.js';
import { AuditRecorder } from './audit/recorder.js';
import { DEFAULT_AUDIT_RETENTION_DAYS, scheduleAuditRetention } from './audit/retention.js';
import { scheduleChangeTrimming } from '../permissions/store/change-trimming.js';
import { registerRefusalReportRoute } from './audit/refusal-report-route.js';
import { registerAuditRoutes } from './audit/routes.js';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { assertionKey } from '../../shared/identity-assertion.js';
import type { Database } from '../db/database.js';
import { cacheUntilNextWrite } from '../db/until-next-write.js';
import { migrate } from '../db/migrate.js';
import { openMailTransport, type MailSettings } from '../mail/transport.js';
import { installAccessControl } from './auth/access-control.js';
import { seedDemoOrgOnFirstStart } from './demo/demo-org.js';
import { resolveDeviceScope } from './devices/scope.js';
import { deviceForToken } from './devices/tokens.js';
import type { ApiContext } from './context.js';
import { installErrorHandling } from './http/errors.js';
import { registerDocsPage } from './http/docs-page.js';
import { registerHealthRoutes } from './http/health.js';
import { installOpenApi } from './http/openapi.js';
import { buildSerializer } from './http/serializers.js';
import { errorEnvelope } from '../../shared/error-envelope.js';
import { frameworkErrors } from '../http/framework-errors.js';
import { installJsonParser, REFUSE_PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { installValidators } from '../http/validators.js';
import { apiLoggerOptions } from './http/logging.js';
import { requestLoggerFactory } from '../logging/request-logger.js';
import { identityAdmin, type IdentityAdmin } from './identity/identity-admin.js';
import { registerInviteAcceptRoutes } from './invites/accept-routes.js';
import { registerInviteRoutes } from './invites/routes.js';
import { installOutboxDelivery } from './mail/delivery.js';
import { apiMigrations } from './migrations.js';
import { registerOAuth2GrantRoutes } from './oauth2-apps/grant-routes.js';
import { registerOAuth2IssuerRoutes } from './oauth2-apps/issuer-routes.js';
import { providerAdmin, unconfiguredProviderAdmin, type ProviderAdmin } from './oauth2-apps/provider-admin.js';
import { registerOAuth2ApplicationRoutes } from './oauth2-apps/routes.js';
import { registerOAuth2SigningKeyRoutes } from './oauth2-apps/signing-key-routes.js';
import { registerAdminOrgRoutes } from './orgs/admin-routes.js';
import { registerOrgMemberRoutes } from './orgs/member-routes.js';
import { registerOrgLogoRoutes } from './orgs/logo-routes.js';
import { registerOrgRoutes } from './orgs/routes.js';
import { registerPermissionRoutes } from './permissions/routes.js';
import { ScopeResolvers } from './scopes/resolve.js';
import { registerScopeRoutes } from './scopes/routes.js';
import type { BlobStore } from '../storage/blob-store.js';
import { installFleet } from './fleet/routes.js';
import { surveyBlobs } from './survey-blobs.js';
import { installSurvey } from './survey/routes.js';
import { registerAdminUserRoutes } from './users/admin-routes.js';
import { registerGlobalAdminRoutes } from './users/global-admin-routes.js';
import { registerUserMessageRoutes } from './users/message-routes.js';
import { registerUserSessionRoutes } from './users/session-routes.js';
import { KnownUsers } from './users/known-users.js';
import { registerUserSettingsRoutes } from './users/settings-routes.js';

export interface ApiOptions {
  /** Its schema is migrated before the first route is registered. */
  db: Database;
  blobs: BlobStore;
  /** The key the gateway signs identity assertions with. */
  assertionSecret: string;
  /** The identity service's admin API, with its bearer token. */
  identityAdminUrl: string;
  identityAdminToken: string;
  /** The OAuth2 provider's admin API, with its bearer token; without them its administration answers 503. */
  oauth2AdminUrl?: string;
  oauth2AdminToken?: string;
  /** The origin the browser sees, for links in e-mails. */
  publicUrl: string;
  now?: () => Date;
  logLevel?: string;
  logStream?: Writable;
  /** On a first start (no organisation yet), create the demo organisation and survey. */
  seedDemo?: boolean;
  /** Replaces the @ory/client one (another identity host's adapter). */
  identities?: IdentityAdmin;
  /** Replaces the @ory/client one (another provider's adapter). */
  oauth2?: ProviderAdmin;
  /** Where `api_outbox` e-mails are delivered (SMTP, else a mail directory); without it they stay unsent. */
  mail?: MailSettings;
  /** The product's version, shown in the API reference. */
  version?: string;
  /** Each audit event as a pino line on this logger too, once sealed into the chain (AUDIT_LOG=stdout), for a SIEM. */
  auditLog?: Logger;
  /** Records no audit events: only for measuring what recording costs (test/load/audit.mjs). */
  unrecordedForMeasurement?: boolean;
  /** Audit events older than this many days are removed by the retention job (default 400). */
  auditRetentionDays?: number;
  /** How often delivery looks for unsent mail besides being woken by new mail (default 5 s). */
  mailPollMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The handle every write of this process must go through, so that what the API keeps until
     * the next change is ended at once (until-next-write.ts): a script or test beside it uses this.
     */
    database?: Database;
  }
}

/** Request bodies of JSON routes; uploads set their own limits (the route policy's `bodyLimit`). */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApi(options: ApiOptions): Promise<FastifyInstance> {
  await migrate(options.db, { schema: options.db.schema, migrations: apiMigrations });
  const permissionSchema = roleRelationshipsSchema(options.db.schema);
  await linkRoleRelationships(options.db, permissionSchema);
  // Every statement of the API goes through this handle, so answers kept until the next write stay true.
  const { db: watched, answers, permissions, relationships, close: stopHearingChanges } = await cacheUntilNextWrite(options.db, undefined, permissionSchema);
  const now = options.now ?? (() => new Date());
  // Every change a route makes is recorded in its own transaction (audit/recorder.ts).
  const audit = new AuditRecorder({ now });
  const recording = options.unrecordedForMeasurement !== true;
  const db = recording ? audit.wrap(watched) : watched;
  const app = Fastify({
    logger: apiLoggerOptions(options.logLevel ?? 'info', options.logStream),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: JSON_BODY_LIMIT,
    exposeHeadRoutes: false,
    schemaController: { compilersFactory: { buildSerializer } },
    ...REFUSE_PROTOTYPE_KEYS,
    frameworkErrors: frameworkErrors(errorEnvelope),
    // The demo's first start (organisation, floors, walls, processed walks) runs in an onReady
    // hook, which Fastify bounds by this: 10 s by default, which a busy two-core machine exceeds.
    pluginTimeout: 120_000,
  });
  app.addHook('onClose', stopHearingChanges);
  app.decorate('database', watched);
  installValidators(app);
  installJsonParser(app);
  if (recording) audit.install(app, watched);
  const identities = options.identities ?? identityAdmin(options.identityAdminUrl, options.identityAdminToken);
  const oauth2 =
    options.oauth2 ?? (options.oauth2AdminUrl && options.oauth2AdminToken ? providerAdmin(options.oauth2AdminUrl, options.oauth2AdminToken) : unconfiguredProviderAdmin());
  const scopes = new ScopeResolvers();
  scopes.register('device', resolveDeviceScope);
  const mailQueued = installOutboxDelivery(app, { db: db, now, transport: options.mail && openMailTransport(options.mail), pollMs: options.mailPollMs });
  const roles = new RolePermissions(db, db, permissionSchema, relationships);
  void roles.start();
  app.addHook('onClose', () => roles.stop());
  const ctx: ApiContext = { db: db, now, identities, users: new KnownUsers(db, identities, now), roles, publicUrl: options.publicUrl, blobs: options.blobs, mailQueued };

  installErrorHandling(app);
  installAccessControl(app, { db: ctx.db, roles, answers: permissions, assertionKey: assertionKey(options.assertionSecret), scopes, users: ctx.users });

  await installOpenApi(app, options.version ?? '0.0.0');
  await registerDocsPage(app);
  await registerHealthRoutes(app, ctx.db);
  await registerScopeRoutes(app, ctx.db, scopes);
  await registerPermissionRoutes(app, ctx);
  await registerAccessRoutes(app, ctx);
  await registerUserSettingsRoutes(app, ctx);
  await registerAdminUserRoutes(app, ctx);
  await registerGlobalAdminRoutes(app, ctx);
  await registerUserSessionRoutes(app, ctx);
  await registerUserMessageRoutes(app, ctx);
  await registerOAuth2ApplicationRoutes(app, oauth2);
  await registerOAuth2GrantRoutes(app, ctx, oauth2);
  await registerOAuth2IssuerRoutes(app, oauth2);
  await registerOAuth2SigningKeyRoutes(app, oauth2);
  await registerAdminOrgRoutes(app, ctx);
  await registerOrgRoutes(app, ctx);
  await registerOrgMemberRoutes(app, ctx);
  await registerOrgLogoRoutes(app, { db: ctx.db, blobs: surveyBlobs(options.blobs) });
  await registerInviteRoutes(app, ctx);
  await registerInviteAcceptRoutes(app, ctx);
  const sealer = startAuditSealer(options.db, { log: options.auditLog, onError: (err) => app.log.error({ err }, 'audit events could not be sealed into the chain') });
  await registerAuditRoutes(app, { db: watched, recorder: audit, sealer });
  await registerRefusalReportRoute(app, { db: watched, recorder: audit, assertionKey: assertionKey(options.assertionSecret) });
  const stopRetention = scheduleAuditRetention(watched, now, options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS, (err) =>
    app.log.error({ err }, 'the audit retention job failed'),
  );
  // The membership triggers write relationship changes too, with or without the embedded permission service.
  const stopTrimming = scheduleChangeTrimming(options.db, (err) => app.log.error({ err }, 'old relationship changes could not be trimmed'), permissionSchema);
  const refusals = audit.installRefusals(app, watched);
  app.decorate('auditRefusals', refusals);
  app.addHook('onClose', async () => {
    stopRetention();
    stopTrimming();
    refusals.stop();
    await refusals.flush();
    await sealer.close();
  });
  const callerId = (request: FastifyRequest) => request.caller!.id;
  await installFleet(app, { db: ctx.db, answers, blobs: options.blobs, now, callerId });
  const survey = await installSurvey(app, {
    db: ctx.db,
    answers,
    blobs: surveyBlobs(options.blobs),
    now,
    callerId,
    roles,
    isOrgMember: async (orgId, userId) => (await ctx.db.query('SELECT 1 FROM org_members WHERE org_id = $1 AND user_id = $2', [orgId, userId])).rowCount > 0,
    deviceForToken: (token) => deviceForToken(ctx.db, token, now()),
  });
  if (options.seedDemo) {
    // A demo that cannot be made is no reason to refuse to start.
    app.addHook('onReady', async () => void (await seedDemoOrgOnFirstStart(survey).catch((err: unknown) => app.log.error({ err }, 'the demo organisation could not be created'))));
  }
  return app;
}
