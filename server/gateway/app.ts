/**
 * buildGateway(config): the one origin the browser talks to. Read top to bottom, this is the
 * gateway's table of contents; each plugin lives in its own file.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import underPressure from '@fastify/under-pressure';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { AssertionSigner } from './assertion.js';
import { Authorizer } from './authorize.js';
import { adminApi } from './admin-api.js';
import { apiFastLane, type FastLane } from './api-fast-lane.js';
import type { ApiKeyCheck } from './api-key-check.js';
import { ApiKeys } from './api-keys.js';
import { apiProxy } from './api-proxy.js';
import { authzRoute } from './bff/authz.js';
import { consentRoutes } from './bff/consent.js';
import { discoveryAlias } from './discovery-alias.js';
import { clientConfigRoute } from './bff/client-config.js';
import { healthRoutes } from './bff/health.js';
import { logoutRoutes } from './bff/logout.js';
import { metricsRoute } from './bff/metrics.js';
import { permissionRoutes } from './bff/permissions.js';
import { sessionRoute } from './bff/session.js';
import { ClientAuthFailures } from './client-auth-failures.js';
import { systemClock, type Clock } from './clock.js';
import { checkCsrf, ensureXsrfCookie } from './csrf.js';
import { installErrorHandlers } from './error-handler.js';
import { connectToPrimary } from './cluster-ipc.js';
import { Evictions } from './evictions.js';
import { HttpError } from './http-error.js';
import { identityProxy } from './identity-proxy.js';
import { installRequestLog, loggerOptions, requestIdFrom } from './logging.js';
import { GatewayMetrics } from './metrics.js';
import { PermissionLists } from './permissions.js';
import { projectApi } from './project-api.js';
import { ResourceScopes } from './resource-scope.js';
import { logOutput } from '../logging/log-output.js';
import { requestLoggerFactory } from '../logging/request-logger.js';
import { installRefusalReports, RefusalReports } from './refusal-reports.js';
import { RoutePolicyTable } from './route-policy.js';
import { securityHeaders } from './security-headers.js';
import { OAuth2Admin } from './oauth2-admin.js';
import { SessionCache } from './session.js';
import { staticClient } from './static-client.js';
import { Upstream } from './upstream.js';
import { whoami } from './whoami.js';
import { MemoryWindowCounts, RedisWindowCounts } from './window-counts.js';
import type { Config } from '../config.js';
import { errorEnvelope } from '../../shared/error-envelope.js';
import { assertionKey } from '../../shared/identity-assertion.js';
import { frameworkErrors } from '../http/framework-errors.js';
import { REFUSE_PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { installValidators } from '../http/validators.js';

export type GatewayConfig = Pick<
  Config,
  | 'publicUrl'
  | 'identityPublicUrl'
  | 'apiUrl'
  | 'identityAdminUrl'
  | 'identityAdminToken'
  | 'oauth2PublicUrl'
  | 'oauth2AdminUrl'
  | 'oauth2AdminToken'
  | 'platformUrl'
  | 'platformAdminToken'
  | 'permissionUrl'
  | 'permissionReadUrl'
  | 'permissionWriteUrl'
  | 'permissionAdminToken'
  | 'redisUrl'
  | 'logLevel'
  | 'assertionSecret'
  | 'sessionCookieName'
  | 'sessionCacheTtlMs'
  | 'upstreamTimeoutMs'
  | 'bodyLimit'
  | 'identitySubmitsPerMinute'
  | 'shareReadsPerMinute'
  | 'clientAuthFailuresPerClientAddress'
  | 'clientAuthFailuresPerAddress'
  | 'clientAuthFailuresPerClient'
  | 'clientAuthFailureWindowMs'
  | 'trustProxy'
  | 'metricsToken'
  | 'internalToken'
  | 'supportEmail'
  | 'webRoot'
> & { /** Absent: JSON lines. */ logFormat?: Config['logFormat'] };

/** Wrong API keys one client address may send in a minute before it is told to wait. */
const API_KEY_FAILURES_PER_MINUTE = 20;

export interface GatewayTuning {
  clock?: Clock;
  /** Slowloris defence: the whole header block must arrive within this time. */
  headersTimeoutMs?: number;
  /** How often Node checks connections against headersTimeout (its default is 30 s). */
  connectionsCheckingIntervalMs?: number;
  /** Overload shedding thresholds (@fastify/under-pressure). */
  maxEventLoopDelayMs?: number;
  /** How often the event loop is sampled for those thresholds (under-pressure's default is 1 s). */
  pressureSampleIntervalMs?: number;
  version?: string;
  /** This gateway is one of several workers (server/workers.ts): sessions and evictions go through the primary. */
  clusterWorker?: boolean;
  /** Where logs go (tests read them); standard output by default. */
  logStream?: Writable;
}

export async function buildGateway(config: GatewayConfig, tuning: GatewayTuning = {}): Promise<FastifyInstance> {
  const clock = tuning.clock ?? systemClock;
  const publicOrigin = new URL(config.publicUrl).origin;
  const secureCookies = publicOrigin.startsWith('https:');

  // Set once the API door is registered; sees each request before Fastify does (api-fast-lane.ts).
  const front: { lane?: FastLane } = {};
  let closing = false;

  const app = Fastify({
    // Slow clients may not hold connections open: headers must arrive promptly, idle sockets go.
    serverFactory: (handler) => {
      const server = createServer(
        { headersTimeout: tuning.headersTimeoutMs ?? 15_000, requestTimeout: 0, connectionsCheckingInterval: tuning.connectionsCheckingIntervalMs ?? 1_000 },
        (request, response) => {
          if (!front.lane?.(request, response)) handler(request, response);
        },
      );
      server.keepAliveTimeout = 65_000;
      server.setTimeout(0);
      return server;
    },
    logger: loggerOptions(config.logLevel, tuning.logStream ?? logOutput(config.logFormat ?? 'json')),
    // One line per request, written by logging.ts with what an operator needs.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory,
    // A hop count is valid at run time (proxy-addr) though the typings omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: config.bodyLimit,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id'], randomUUID),
    return503OnClosing: true,
    routerOptions: { maxParamLength: 256 },
    ...REFUSE_PROTOTYPE_KEYS,
    frameworkErrors: frameworkErrors(errorEnvelope),
  });
  installValidators(app);

  // ── Collaborators ────────────────────────────────────────────────────────
  const metrics = new GatewayMetrics();
  const identity = new Upstream({ name: 'identity', url: config.identityPublicUrl, variable: 'IDENTITY_PUBLIC_URL', timeoutMs: config.upstreamTimeoutMs });
  const api = new Upstream({ name: 'API', url: config.apiUrl, variable: 'API_URL', timeoutMs: config.upstreamTimeoutMs });
  // Unset: the identity host serves the OAuth2 paths too (Ory Network does).
  const oauth2Public = config.oauth2PublicUrl
    ? new Upstream({ name: 'OAuth2', url: config.oauth2PublicUrl, variable: 'OAUTH2_PUBLIC_URL', timeoutMs: config.upstreamTimeoutMs, connections: 32 })
    : undefined;
  const oauth2Upstream = new Upstream({ name: 'OAuth2 provider', url: config.oauth2AdminUrl, variable: 'OAUTH2_ADMIN_URL', timeoutMs: config.upstreamTimeoutMs, connections: 8 });
  const oauth2 = new OAuth2Admin(oauth2Upstream, config.oauth2AdminToken);
  // The admin APIs' door for servers holding an API key, on pools of its own: heavy use of it
  // cannot hold up the consent and logout calls above.
  const adminDoor = {
    identity: new Upstream({ name: 'identity admin', url: config.identityAdminUrl, variable: 'IDENTITY_ADMIN_URL', timeoutMs: config.upstreamTimeoutMs, connections: 8 }),
    oauth2: new Upstream({ name: 'OAuth2 admin', url: config.oauth2AdminUrl, variable: 'OAUTH2_ADMIN_URL', timeoutMs: config.upstreamTimeoutMs, connections: 8 }),
    ...permissionApis(config),
  };
  const platform = new Upstream({ name: 'platform', url: config.platformUrl, variable: 'PLATFORM_URL', timeoutMs: config.upstreamTimeoutMs, connections: 16 });
  const apiKeys = new ApiKeys(platform, config.platformAdminToken, clock);
  const signer = new AssertionSigner(config.assertionSecret);
  const primary = tuning.clusterWorker ? connectToPrimary((event) => evictions.apply(event), config.upstreamTimeoutMs + 1_000) : null;
  const lookup = primary?.lookup ?? whoami(identity, config.sessionCookieName, metrics);
  const sessions = new SessionCache({ lookup, ttlMs: config.sessionCacheTtlMs, clock, metrics });
  const permissions = new PermissionLists(api, signer, clock, metrics);
  const scopes = new ResourceScopes(api, signer, clock, metrics);
  const policies = new RoutePolicyTable();
  const authorizer = new Authorizer(sessions, permissions, scopes, signer, config.sessionCookieName);
  const evictions = new Evictions(sessions, permissions, apiKeys);

  // A cluster worker's evictions go through its primary, which also carries them to Redis.
  if (primary) {
    evictions.attach(primary.broadcast);
    app.addHook('onClose', async () => primary.close());
  } else if (config.redisUrl) {
    const { connectEvictionBroadcast } = await import('./eviction-broadcast.js');
    const broadcast = connectEvictionBroadcast(config.redisUrl, (event) => evictions.apply(event), app.log);
    evictions.attach(broadcast);
    app.addHook('onReady', () => broadcast.ready);
    app.addHook('onClose', () => broadcast.close());
  }
  // The limits' counts (share reads, failed client authentications) are kept in Redis when there
  // is one, so every instance sees them. ioredis (like the broadcast above) is imported only
  // then: without Redis it would be resident for nothing.
  const limitCounter = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 })
    : undefined;
  if (limitCounter) {
    // One line says Redis is away, not one per reconnection attempt.
    let down = false;
    limitCounter.on('error', (error: Error) => {
      if (!down) {
        app.log.warn(
          { reason: error.message },
          'rate limits: redis is unavailable; until it is back share reads are not limited and failed client authentications are counted by each instance alone',
        );
      }
      down = true;
    });
    limitCounter.on('ready', () => {
      if (down) app.log.info('rate limits: redis is back');
      down = false;
    });
    // Ready once Redis has answered or failed to, so the first requests' counts are already shared.
    const connected = new Promise<void>((resolve) => {
      limitCounter.once('ready', () => resolve());
      limitCounter.once('error', () => resolve());
    });
    app.addHook('onReady', () => connected);
  }
  const localCounts = new MemoryWindowCounts(clock);
  const clientAuthFailures = new ClientAuthFailures(limitCounter ? new RedisWindowCounts(limitCounter, 'sitewave:client-auth-failures:', localCounts) : localCounts, {
    perClientAddress: config.clientAuthFailuresPerClientAddress,
    perAddress: config.clientAuthFailuresPerAddress,
    perClient: config.clientAuthFailuresPerClient,
    windowMs: config.clientAuthFailureWindowMs,
    // The provider's headers, then its body, each within the upstream timeout.
    attemptTtlMs: 2 * config.upstreamTimeoutMs + 1_000,
  });
  app.addHook('onClose', async () => {
    await Promise.all([
      identity.close(),
      api.close(),
      oauth2Upstream.close(),
      adminDoor.identity.close(),
      adminDoor.oauth2.close(),
      // One pool for both unless Keto's two APIs were named apart.
      ...[...new Set([adminDoor.permissionRead, adminDoor.permissionWrite])].map((permission) => permission.close()),
      platform.close(),
      oauth2Public?.close(),
      limitCounter && (limitCounter.status === 'ready' ? limitCounter.quit().catch(() => undefined) : limitCounter.disconnect()),
    ]);
  });
  // A response finished during shutdown must not leave its keep-alive socket open, or closing
  // would wait for the client to hang up.
  app.addHook('preClose', async () => {
    closing = true;
    app.server.keepAliveTimeout = 1;
  });

  // ── Cross-cutting ────────────────────────────────────────────────────────
  installRefusalReports(app, new RefusalReports(api, assertionKey(config.assertionSecret), clock, app.log), authorizer, policies);
  installErrorHandlers(app);
  installRequestLog(app, metrics);
  await app.register(cookie, { hook: false });
  await app.register(securityHeaders, { secure: secureCookies });
  // Shed load on event-loop delay, the signal that requests are queueing. Utilisation is no
  // such signal: a busy, healthy gateway runs near 1.0, and under-pressure averages it since
  // start, so it shed a freshly started gateway under load and would never trip a long-lived one.
  await app.register(underPressure, {
    maxEventLoopDelay: tuning.maxEventLoopDelayMs ?? 500,
    ...(tuning.pressureSampleIntervalMs ? { sampleInterval: tuning.pressureSampleIntervalMs } : {}),
    retryAfter: 5,
    pressureHandler: (_request, _reply, type, value) => {
      throw new HttpError(503, `The gateway is overloaded (${type} at ${value}): retry shortly`, undefined, { 'retry-after': '5' });
    },
  });

  // ── The doors: identity host, project API, API host, shaped endpoints ────
  await app.register(identityProxy, {
    identity,
    oauth2: oauth2Public,
    publicOrigin,
    cookieName: config.sessionCookieName,
    submitsPerMinute: config.identitySubmitsPerMinute,
    clientAuthFailures,
    timeoutMs: config.upstreamTimeoutMs,
    evictions,
    metrics,
  });
  // The project API and the admin APIs live under /.ory too; their routes are more specific than the identity host's.
  if (config.platformUrl) {
    const keys: ApiKeyCheck = {
      apiKeys,
      failures: limitCounter ? new RedisWindowCounts(limitCounter, 'sitewave:', localCounts) : localCounts,
      failuresPerMinute: API_KEY_FAILURES_PER_MINUTE,
    };
    await app.register(projectApi, {
      platform,
      platformToken: config.platformAdminToken,
      api,
      assertionKey: assertionKey(config.assertionSecret),
      keys,
      authorizer,
      permissions,
      evictions,
      publicOrigin,
    });
    await app.register(adminApi, {
      services: {
        identity: { upstream: adminDoor.identity, token: config.identityAdminToken },
        oauth2: { upstream: adminDoor.oauth2, token: config.oauth2AdminToken },
        permissionRead: { upstream: adminDoor.permissionRead, token: config.permissionAdminToken },
        permissionWrite: { upstream: adminDoor.permissionWrite, token: config.permissionAdminToken },
      },
      keys,
      authorizer,
      permissions,
      evictions,
      publicOrigin,
    });
  }
  await app.register(discoveryAlias, { upstream: oauth2Public ?? identity, publicOrigin });
  await app.register(apiProxy, {
    api,
    policies,
    authorizer,
    evictions,
    publicOrigin,
    bodyLimit: config.bodyLimit,
    shareReadsPerMinute: config.shareReadsPerMinute,
    shareReadCounter: limitCounter,
    metrics,
  });
  front.lane = apiFastLane({
    api,
    policies,
    authorizer,
    publicOrigin,
    bodyLimit: config.bodyLimit,
    metrics,
    secure: secureCookies,
    trustProxy: config.trustProxy,
    log: app.log,
    open: () => !closing && !app.isUnderPressure(),
  });
  await app.register(async (bff) => {
    bff.addHook('onRequest', async (request, reply) => {
      checkCsrf(request.method, request.headers, publicOrigin);
      ensureXsrfCookie(request, reply, secureCookies);
    });
    await bff.register(sessionRoute, { authorizer });
    await bff.register(permissionRoutes, { authorizer, permissions });
    await bff.register(consentRoutes, { authorizer, oauth2 });
    await bff.register(logoutRoutes, { oauth2, publicOrigin });
    await bff.register(clientConfigRoute, { supportEmail: config.supportEmail, version: tuning.version ?? 'dev' });
    await bff.register(healthRoutes, { upstreams: [identity, api] });
    if (config.metricsToken) await bff.register(metricsRoute, { metrics, token: config.metricsToken });
  });
  // Another proxy's subrequest, not a browser's: outside the XSRF cookie hook above.
  if (config.internalToken) await app.register(authzRoute, { authorizer, policies, token: config.internalToken, publicOrigin });

  // ── The client ───────────────────────────────────────────────────────────
  await app.register(staticClient, { webRoot: config.webRoot, secureCookies });

  return app;
}

/**
 * Keto's read and write APIs: the two listeners of a self-hosted Keto when the operator names
 * both, else one service (`PERMISSION_URL`, or the embedded one) answering both on one pool.
 */
function permissionApis(config: GatewayConfig): { permissionRead: Upstream; permissionWrite: Upstream } {
  const upstream = (name: string, url: string | undefined, variable: string) => new Upstream({ name, url, variable, timeoutMs: config.upstreamTimeoutMs, connections: 16 });
  if (config.permissionReadUrl || config.permissionWriteUrl) {
    return {
      permissionRead: upstream('permission read', config.permissionReadUrl, 'PERMISSIONS_READ_URL'),
      permissionWrite: upstream('permission write', config.permissionWriteUrl, 'PERMISSIONS_WRITE_URL'),
    };
  }
  const both = upstream('permission', config.permissionUrl, 'PERMISSION_URL (or PERMISSIONS_READ_URL and PERMISSIONS_WRITE_URL)');
  return { permissionRead: both, permissionWrite: both };
}
