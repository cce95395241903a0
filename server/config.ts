/**
 * Environment → typed, validated configuration. Every bad variable is reported at once, by
 * name, with what was expected, so an operator fixes a deployment in one go.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EnvReader, type Env } from './env-reader.js';
import { parseOidcProviders, type OidcProvider } from './identity/strategies/oidc/providers.js';
import type { S3Settings } from './storage/s3.js';
import { defaultLogFormat } from './logging/log-output.js';
import { MOST_INDEXED_TUPLES } from './permissions/store/tuple-index.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** JSON lines for machines, or readable lines for a person at a terminal (server/logging/log-output.ts). */
export type LogFormat = 'json' | 'pretty';

export interface Config {
  port: number;
  host: string;
  /** The one origin the browser sees, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** Unset → the embedded identity service is started. */
  identityPublicUrl?: string;
  identityAdminUrl?: string;
  identityAdminToken?: string;
  /**
   * Public endpoints of the OAuth2 provider (`/oauth2/*`, `/userinfo`, discovery, JWKS), which
   * the gateway serves under `/.ory`. Unset → those paths go to the identity host, as on Ory Network.
   */
  oauth2PublicUrl?: string;
  /** Unset (and the identity service embedded) → the embedded OAuth2 provider is started. */
  oauth2AdminUrl?: string;
  oauth2AdminToken?: string;
  /**
   * The project API and its API keys (server/platform), which the gateway serves under
   * `/.ory/projects`. Unset (and the identity service embedded) → the embedded one is started.
   */
  platformUrl?: string;
  platformAdminToken?: string;
  /**
   * Relationships and permission checks in Keto's wire format (server/permissions), which the
   * gateway serves under `/.ory`. Unset (and the identity service embedded) → the embedded one is started.
   */
  permissionUrl?: string;
  /**
   * Keto's read API (relationships, checks, expand, namespaces, the syntax check) and write API
   * (`/admin/relation-tuples`) on listeners of their own, as a self-hosted Keto serves them. Both
   * or neither; set, they take the place of `permissionUrl` and no embedded service is started.
   */
  permissionReadUrl?: string;
  permissionWriteUrl?: string;
  /** Sent to the permission service(s) as a bearer token; unset → no `Authorization` (a real Keto needs none). */
  permissionAdminToken?: string;
  /** The most relationships the embedded permission service keeps in memory (store/tuple-index.ts); 0: none, checks read the database. */
  permissionMemoryTuples?: number;
  /** Unset → the embedded API is started. */
  apiUrl?: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  /** HS256 key the gateway signs identity assertions with and the API verifies them with. */
  assertionSecret: string;
  sessionCookieName: string;
  sessionCacheTtlMs: number;
  upstreamTimeoutMs: number;
  bodyLimit: number;
  identitySubmitsPerMinute: number;
  /** Reads through share links per client address per minute. */
  shareReadsPerMinute: number;
  /** Failed OAuth2 client authentications one address may make for one client within the window. */
  clientAuthFailuresPerClientAddress: number;
  /** Failed OAuth2 client authentications one address may make, for any clients, within the window. */
  clientAuthFailuresPerAddress: number;
  /** Failed authentications of one client, from anywhere, after which only addresses that have not failed for it are heard. */
  clientAuthFailuresPerClient: number;
  /** The window those failures are counted in. */
  clientAuthFailureWindowMs: number;
  trustProxy: boolean | number | string;
  metricsToken?: string;
  internalToken?: string;
  supportEmail?: string;
  /** SMTP delivery for the embedded services' outboxes (smtp: or smtps:, credentials in the URL). */
  smtpUrl?: string;
  /** Sender of the embedded services' e-mails. */
  mailFrom: string;
  /** The embedded identity service refuses sign-in until an address is verified. */
  requireVerifiedAddress: boolean;
  /** How long a self-service flow of the embedded identity service may be completed, in seconds. */
  identityFlowLifespanSeconds: number;
  /** OpenID Connect providers the embedded identity service signs people in with. */
  identityOidcProviders: OidcProvider[];
  /** The embedded OAuth2 provider takes OpenID Connect Dynamic Client Registration at `/oauth2/register`. */
  oauth2DynamicRegistration: boolean;
  /** The embedded OAuth2 provider may call applications on loopback and private addresses (back-channel logout). */
  oauth2PrivateNetworkCallbacks: boolean;
  /** Days the embedded OAuth2 provider's ID token signing key signs before it is replaced by a new one. */
  oauth2SigningKeyRotationDays: number;
  /** Audit events older than this are removed by the daily retention job. */
  auditRetentionDays: number;
  /** Each audit event also as a pino line on stdout, on a logger of its own (`AUDIT_LOG=stdout`). */
  auditLog: boolean;
  /** Gateway processes sharing the port; one per core is the fastest on a dedicated machine. */
  workers: number;
  webRoot: string;
  /** Set → blobs go to this S3-compatible bucket instead of `DATA_DIR/blobs`. */
  s3?: S3Settings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const HTTP = ['http:', 'https:'];

/** Where the gateway listens and the origin browsers see. */
function origin(read: EnvReader) {
  const port = read.integer('PORT', 3000, 1, 65535);
  const publicUrl = read.url('PUBLIC_URL', HTTP) ?? `http://localhost:${port}`;
  if (read.value('PUBLIC_URL') && new URL(publicUrl).pathname !== '/') {
    read.problems.push(`PUBLIC_URL="${read.value('PUBLIC_URL')}": expected an origin without a path`);
  }
  return { port, host: read.value('HOST') ?? '127.0.0.1', publicUrl };
}

/** The identity host, the API host and the key the gateway signs identity assertions with. */
function upstreams(read: EnvReader) {
  const apiUrl = read.url('API_URL', HTTP);
  // A remote API verifies assertions with a key it shares with every gateway instance; only
  // the embedded API can use a key made up at start.
  let assertionSecret = read.secret('ASSERTION_SECRET', 32);
  if (!assertionSecret) {
    if (apiUrl && !read.value('ASSERTION_SECRET')) {
      read.problems.push('ASSERTION_SECRET: required when API_URL is set (the key the API verifies identity assertions with, at least 32 characters)');
    }
    assertionSecret = randomBytes(32).toString('base64url');
  }
  return {
    identityPublicUrl: read.url('IDENTITY_PUBLIC_URL', HTTP),
    identityAdminUrl: read.url('IDENTITY_ADMIN_URL', HTTP),
    identityAdminToken: read.secret('IDENTITY_ADMIN_TOKEN', 16),
    oauth2PublicUrl: read.url('OAUTH2_PUBLIC_URL', HTTP),
    oauth2AdminUrl: read.url('OAUTH2_ADMIN_URL', HTTP),
    oauth2AdminToken: read.secret('OAUTH2_ADMIN_TOKEN', 16),
    platformUrl: read.url('PLATFORM_URL', HTTP),
    platformAdminToken: read.secret('PLATFORM_ADMIN_TOKEN', 16),
    ...permissionService(read),
    permissionAdminToken: read.secret('PERMISSION_ADMIN_TOKEN', 16),
    permissionMemoryTuples: read.integer('PERMISSION_MEMORY_TUPLES', MOST_INDEXED_TUPLES, 0, 50_000_000),
    apiUrl,
    assertionSecret,
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),
  };
}

/**
 * The permission service: one host for Keto's read and write APIs (`PERMISSION_URL`), or Keto's
 * two listeners (`PERMISSIONS_READ_URL`, `PERMISSIONS_WRITE_URL`; ports 4466 and 4467 of a
 * self-hosted Keto), never a mix: a read API without its write API would leave half the routes
 * going nowhere.
 */
function permissionService(read: EnvReader) {
  const permissionUrl = read.url('PERMISSION_URL', HTTP);
  const permissionReadUrl = read.url('PERMISSIONS_READ_URL', HTTP);
  const permissionWriteUrl = read.url('PERMISSIONS_WRITE_URL', HTTP);
  const given = (name: string) => read.value(name) !== undefined;
  if (given('PERMISSIONS_READ_URL') !== given('PERMISSIONS_WRITE_URL')) {
    const [set, missing] = given('PERMISSIONS_READ_URL') ? ['PERMISSIONS_READ_URL', 'PERMISSIONS_WRITE_URL'] : ['PERMISSIONS_WRITE_URL', 'PERMISSIONS_READ_URL'];
    read.problems.push(`${missing}: required together with ${set} (Keto's read API and write API, e.g. its ports 4466 and 4467), or set neither`);
  }
  if (given('PERMISSION_URL') && (given('PERMISSIONS_READ_URL') || given('PERMISSIONS_WRITE_URL'))) {
    read.problems.push(
      "PERMISSION_URL, PERMISSIONS_READ_URL, PERMISSIONS_WRITE_URL: set PERMISSION_URL (one service for reads and writes) or PERMISSIONS_READ_URL and PERMISSIONS_WRITE_URL (Keto's two APIs), not both",
    );
  }
  return { permissionUrl, permissionReadUrl, permissionWriteUrl };
}

/** How the gateway treats requests: proxies in front, limits, caches, tokens of its own endpoints. */
function requestHandling(read: EnvReader) {
  const trustProxyRaw = read.value('TRUST_PROXY') ?? 'false';
  let trustProxy: boolean | number | string = trustProxyRaw;
  if (trustProxyRaw === 'true' || trustProxyRaw === 'false') trustProxy = trustProxyRaw === 'true';
  else if (/^\d+$/.test(trustProxyRaw)) trustProxy = Number(trustProxyRaw);
  else if (!/^[0-9a-fA-F.:/,\s]+$/.test(trustProxyRaw)) {
    read.problems.push(`TRUST_PROXY="${trustProxyRaw}": expected true, false, a hop count or a comma-separated list of addresses/CIDRs`);
  }
  const logLevel = (read.value('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) read.problems.push(`LOG_LEVEL="${logLevel}": expected one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = read.value('LOG_FORMAT');
  if (logFormat !== undefined && logFormat !== 'json' && logFormat !== 'pretty') read.problems.push(`LOG_FORMAT="${logFormat}": expected json or pretty`);
  return {
    logLevel,
    logFormat: defaultLogFormat(logFormat, Boolean(process.stdout.isTTY)),
    trustProxy,
    sessionCookieName: read.matching('SESSION_COOKIE_NAME', 'ory_kratos_session', /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, 'a cookie name'),
    sessionCacheTtlMs: read.integer('SESSION_CACHE_TTL', 60, 1, 3600) * 1000,
    upstreamTimeoutMs: read.integer('UPSTREAM_TIMEOUT', 30, 1, 3600) * 1000,
    bodyLimit: read.integer('BODY_LIMIT', 1024 * 1024, 1024, 64 * 1024 * 1024),
    identitySubmitsPerMinute: read.integer('RATE_LIMIT_IDENTITY_SUBMITS', 60, 1, 100_000),
    shareReadsPerMinute: read.integer('RATE_LIMIT_SHARE_READS', 600, 1, 1_000_000),
    clientAuthFailuresPerClientAddress: read.integer('RATE_LIMIT_CLIENT_AUTH_FAILURES', 10, 1, 100_000),
    clientAuthFailuresPerAddress: read.integer('RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS', 30, 1, 1_000_000),
    clientAuthFailuresPerClient: read.integer('RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_CLIENT', 100, 1, 1_000_000),
    clientAuthFailureWindowMs: read.integer('RATE_LIMIT_CLIENT_AUTH_WINDOW', 900, 1, 86_400) * 1000,
    metricsToken: read.secret('METRICS_TOKEN', 16),
    internalToken: read.secret('INTERNAL_TOKEN', 16),
    workers: read.integer('GATEWAY_WORKERS', 1, 1, 64),
  };
}

/** What the embedded services do: mail, addresses that must be verified, flow lifetimes, storage. */
function embeddedServices(read: EnvReader) {
  const supportEmail = read.value('SUPPORT_EMAIL');
  if (supportEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail)) {
    read.problems.push(`SUPPORT_EMAIL="${supportEmail}": expected an e-mail address`);
  }
  return {
    dataDir: path.resolve(read.value('DATA_DIR') ?? './data'),
    webRoot: path.resolve(read.value('WEB_ROOT') ?? 'dist/web'),
    supportEmail,
    smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read.matching('MAIL_FROM', 'sitewave <no-reply@localhost>', /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/, 'an address such as "sitewave <no-reply@example.com>"'),
    requireVerifiedAddress: read.flag('IDENTITY_REQUIRE_VERIFIED_ADDRESS', false),
    identityFlowLifespanSeconds: read.integer('IDENTITY_FLOW_LIFESPAN_SECONDS', 3600, 1, 86_400),
    identityOidcProviders: oidcProviders(read),
    oauth2DynamicRegistration: read.flag('OAUTH2_DYNAMIC_REGISTRATION', false),
    oauth2PrivateNetworkCallbacks: read.flag('OAUTH2_PRIVATE_NETWORK_CALLBACKS', false),
    // At most ten years: a key kept longer is not rotated in any useful sense.
    oauth2SigningKeyRotationDays: read.integer('OAUTH2_SIGNING_KEY_ROTATION_DAYS', 90, 1, 3650),
    auditRetentionDays: read.integer('AUDIT_RETENTION_DAYS', 400, 1, 36_500),
    auditLog: read.matching('AUDIT_LOG', 'off', /^(off|stdout)$/, 'off or stdout') === 'stdout',
    s3: s3Settings(read),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const read = new EnvReader(env);
  const config: Config = { ...origin(read), ...upstreams(read), ...requestHandling(read), ...embeddedServices(read) };
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

/** `IDENTITY_OIDC_PROVIDERS` (JSON) or `IDENTITY_OIDC_PROVIDERS_FILE` (a JSON file, for secrets kept out of the environment). */
function oidcProviders(read: EnvReader): OidcProvider[] {
  const inline = read.value('IDENTITY_OIDC_PROVIDERS');
  const file = read.value('IDENTITY_OIDC_PROVIDERS_FILE');
  if (inline && file) {
    read.problems.push('IDENTITY_OIDC_PROVIDERS, IDENTITY_OIDC_PROVIDERS_FILE: set one of them, not both');
    return [];
  }
  let json = inline;
  if (file) {
    try {
      json = readFileSync(file, 'utf8');
    } catch (error) {
      read.problems.push(`IDENTITY_OIDC_PROVIDERS_FILE="${file}": cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return [];
    }
  }
  if (!json) return [];
  const { providers, problems } = parseOidcProviders(file ? 'IDENTITY_OIDC_PROVIDERS_FILE' : 'IDENTITY_OIDC_PROVIDERS', json);
  read.problems.push(...problems);
  return providers;
}

// DNS-compatible bucket names, the rule every S3-compatible store accepts.
const BUCKET = /^(?!\d+\.\d+\.\d+\.\d+$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;

function s3Settings(read: EnvReader): S3Settings | undefined {
  const value = (name: string) => read.value(name);
  const { problems } = read;
  const bucket = value('S3_BUCKET');
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((name) => value(name));
  if (!bucket) {
    if (others.length > 0) problems.push(`${others.join(', ')}: set S3_BUCKET too, or none of them (blobs are then kept in DATA_DIR/blobs)`);
    return undefined;
  }
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    problems.push(`S3_BUCKET="${bucket}": expected a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens`);
  }
  const endpoint = read.url('S3_ENDPOINT', HTTP);
  const region = value('S3_REGION') ?? 'us-east-1';
  if (!REGION.test(region)) problems.push(`S3_REGION="${region}": expected a region name such as eu-central-1`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push(`${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: required together with ${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}`);
  }
  // Self-hosted stores rarely have a wildcard DNS name per bucket: path style unless told otherwise.
  const pathStyleRaw = value('S3_FORCE_PATH_STYLE') ?? (endpoint ? 'true' : 'false');
  if (pathStyleRaw !== 'true' && pathStyleRaw !== 'false') problems.push(`S3_FORCE_PATH_STYLE="${pathStyleRaw}": expected true or false`);
  return { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle: pathStyleRaw === 'true' };
}
