/**
 * Gateway logs: pino JSON, one line per request with request id, method, route group, status
 * and latency. Credentials never reach a log line: credential headers are redacted and
 * credential-bearing query parameters (logout tokens, recovery tokens, codes) are masked.
 */
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.js';
import { routeGroup, type GatewayMetrics } from './metrics.js';
import { maskUrl } from '../logging/mask-url.js';

const REDACTED_HEADERS = ['cookie', 'authorization', 'x-session-token', 'x-xsrf-token', 'x-sitewave-identity', 'x-sitewave-platform', 'set-cookie', 'proxy-authorization'];

export function loggerOptions(level: LogLevel, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [...REDACTED_HEADERS.map((name) => `req.headers["${name}"]`), ...REDACTED_HEADERS.map((name) => `res.headers["${name}"]`), '*.password', '*.token', '*.session_token'],
      censor: '[redacted]',
    },
  };
}

/** Levels at which the per-request line is written. */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

/** Valid client request ids are reused so a trace spans the browser, gateway and API. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined, generate: () => string): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : generate();
}

export function installRequestLog(app: FastifyInstance, metrics: GatewayMetrics): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    recordRequest(request.log, metrics, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/** A finished request: its latency in the metrics and, at info and below, its log line. */
export function recordRequest(log: FastifyBaseLogger, metrics: GatewayMetrics, method: string, url: string, status: number, ms: number): void {
  const group = routeGroup(url);
  metrics.observeRequest(group, method, status, ms / 1000);
  // Masking the URL and building the line cost a few microseconds even when pino drops it.
  if (LOGS_REQUESTS.has(log.level)) {
    log.info({ method, url: maskUrl(url), group, status, ms: Math.round(ms * 10) / 10 }, 'request');
  }
}
