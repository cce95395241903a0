/**
 * API logs: pino JSON with request ids. The identity assertion and any credential never reach a
 * line; invite tokens travel in query strings (`/api/validate?token=`), so URLs are masked too.
 */
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { maskUrl } from '../../logging/mask-url.js';

const REDACTED_HEADERS = ['x-sitewave-identity', 'x-sitewave-platform', 'authorization', 'cookie', 'set-cookie'];

export function apiLoggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [...REDACTED_HEADERS.map((name) => `req.headers["${name}"]`), '*.password', '*.token', '*.assertion', '*.clientSecret', '*.client_secret'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: maskUrl(req.url) }),
    },
  };
}
