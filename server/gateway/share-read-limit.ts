/**
 * Reads through share links, limited per client address. A link needs no account, so its token is
 * the only thing between a guesser and the API; the limit keeps guessing (already hopeless against
 * 32 random bytes) and scraping slow. With Redis the count is shared by every gateway instance, so
 * N instances do not allow N times the limit; if Redis does not answer, reads go on unlimited
 * rather than the links failing.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './http-error.js';

export const SHARE_PREFIX = '/api/share/';

export interface ShareReadLimitOptions {
  perMinute: number;
  redis?: Redis;
}

export async function limitShareReads(app: FastifyInstance, options: ShareReadLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith(SHARE_PREFIX),
    ...(options.redis ? { redis: options.redis, nameSpace: 'sitewave:share-reads:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many reads through share links from this address: retry in ${Math.ceil(context.ttl / 1000)} s`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}
