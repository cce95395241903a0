/**
 * Environment → typed, validated configuration. Every bad variable is reported at once, by
 * name, with what was expected, so an operator fixes a deployment in one go.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { S3Settings } from './storage/s3.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

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
  oauth2AdminUrl?: string;
  oauth2AdminToken?: string;
  /** Unset → the embedded API is started. */
  apiUrl?: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: LogLevel;
  /** HS256 key the gateway signs identity assertions with and the API verifies them with. */
  assertionSecret: string;
  sessionCookieName: string;
  sessionCacheTtlMs: number;
  upstreamTimeoutMs: number;
  bodyLimit: number;
  identitySubmitsPerMinute: number;
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

type Env = Record<string, string | undefined>;
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      problems.push(`${name}="${raw}": expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return parsed;
  };

  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = value(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      if (parsed.search || parsed.hash) throw new Error('query');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name}="${raw}": expected an absolute ${protocols.join(' or ')} URL without query or fragment`);
      return undefined;
    }
  };

  const secret = (name: string, minLength: number): string | undefined => {
    const raw = value(name);
    if (raw !== undefined && raw.length < minLength) {
      problems.push(`${name}: expected at least ${minLength} characters (got ${raw.length})`);
      return undefined;
    }
    return raw;
  };

  const port = integer('PORT', 3000, 1, 65535);
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  if (value('PUBLIC_URL') && new URL(publicUrl).pathname !== '/') {
    problems.push(`PUBLIC_URL="${value('PUBLIC_URL')}": expected an origin without a path`);
  }

  const logLevel = (value('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL="${logLevel}": expected one of ${LOG_LEVELS.join(', ')}`);
  }

  const identityPublicUrl = url('IDENTITY_PUBLIC_URL', ['http:', 'https:']);
  const identityAdminUrl = url('IDENTITY_ADMIN_URL', ['http:', 'https:']);
  const apiUrl = url('API_URL', ['http:', 'https:']);

  // A remote API verifies assertions with a key it shares with every gateway instance; only
  // the embedded API can use a key made up at start.
  let assertionSecret = secret('ASSERTION_SECRET', 32);
  if (!assertionSecret) {
    if (apiUrl && !value('ASSERTION_SECRET')) {
      problems.push('ASSERTION_SECRET: required when API_URL is set (the key the API verifies identity assertions with, at least 32 characters)');
    }
    assertionSecret = randomBytes(32).toString('base64url');
  }

  const trustProxyRaw = value('TRUST_PROXY') ?? 'false';
  let trustProxy: boolean | number | string = trustProxyRaw;
  if (trustProxyRaw === 'true' || trustProxyRaw === 'false') trustProxy = trustProxyRaw === 'true';
  else if (/^\d+$/.test(trustProxyRaw)) trustProxy = Number(trustProxyRaw);
  else if (!/^[0-9a-fA-F.:/,\s]+$/.test(trustProxyRaw)) {
    problems.push(`TRUST_PROXY="${trustProxyRaw}": expected true, false, a hop count or a comma-separated list of addresses/CIDRs`);
  }

  const supportEmail = value('SUPPORT_EMAIL');
  if (supportEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail)) {
    problems.push(`SUPPORT_EMAIL="${supportEmail}": expected an e-mail address`);
  }

  const mailFrom = value('MAIL_FROM') ?? 'sitewave <no-reply@localhost>';
  if (!/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom)) {
    problems.push(`MAIL_FROM="${mailFrom}": expected an address such as "sitewave <no-reply@example.com>"`);
  }
  const requireVerifiedRaw = value('IDENTITY_REQUIRE_VERIFIED_ADDRESS') ?? 'false';
  if (requireVerifiedRaw !== 'true' && requireVerifiedRaw !== 'false') {
    problems.push(`IDENTITY_REQUIRE_VERIFIED_ADDRESS="${requireVerifiedRaw}": expected true or false`);
  }

  const sessionCookieName = value('SESSION_COOKIE_NAME') ?? 'ory_kratos_session';
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(sessionCookieName)) {
    problems.push(`SESSION_COOKIE_NAME="${sessionCookieName}": expected a cookie name`);
  }

  const s3 = s3Settings(value, url, problems);

  const config: Config = {
    port,
    host: value('HOST') ?? '127.0.0.1',
    publicUrl,
    dataDir: path.resolve(value('DATA_DIR') ?? './data'),
    identityPublicUrl,
    identityAdminUrl,
    identityAdminToken: secret('IDENTITY_ADMIN_TOKEN', 16),
    oauth2AdminUrl: url('OAUTH2_ADMIN_URL', ['http:', 'https:']),
    oauth2AdminToken: secret('OAUTH2_ADMIN_TOKEN', 16),
    apiUrl,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    logLevel,
    assertionSecret,
    sessionCookieName,
    sessionCacheTtlMs: integer('SESSION_CACHE_TTL', 60, 1, 3600) * 1000,
    upstreamTimeoutMs: integer('UPSTREAM_TIMEOUT', 30, 1, 3600) * 1000,
    bodyLimit: integer('BODY_LIMIT', 1024 * 1024, 1024, 64 * 1024 * 1024),
    identitySubmitsPerMinute: integer('RATE_LIMIT_IDENTITY_SUBMITS', 60, 1, 100_000),
    trustProxy,
    metricsToken: secret('METRICS_TOKEN', 16),
    internalToken: secret('INTERNAL_TOKEN', 16),
    supportEmail,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    requireVerifiedAddress: requireVerifiedRaw === 'true',
    identityFlowLifespanSeconds: integer('IDENTITY_FLOW_LIFESPAN_SECONDS', 3600, 1, 86_400),
    workers: integer('GATEWAY_WORKERS', 1, 1, 64),
    webRoot: path.resolve(value('WEB_ROOT') ?? 'dist/web'),
    s3,
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

// DNS-compatible bucket names, the rule every S3-compatible store accepts.
const BUCKET = /^(?!\d+\.\d+\.\d+\.\d+$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;

function s3Settings(
  value: (name: string) => string | undefined,
  url: (name: string, protocols: string[]) => string | undefined,
  problems: string[],
): S3Settings | undefined {
  const bucket = value('S3_BUCKET');
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((name) => value(name));
  if (!bucket) {
    if (others.length > 0) problems.push(`${others.join(', ')}: set S3_BUCKET too, or none of them (blobs are then kept in DATA_DIR/blobs)`);
    return undefined;
  }
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    problems.push(`S3_BUCKET="${bucket}": expected a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens`);
  }
  const endpoint = url('S3_ENDPOINT', ['http:', 'https:']);
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
