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
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    ...(options.redis ? { redis: options.redis, nameSpace: 'sitewave:share-reads:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many reads through share links from this address: retry in ${Math.ceil(context.ttl / 1000)} s`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  // Only share reads reach the limiter: as a global hook it ran (two awaits and a key) for
  // every API request just to let it through.
  const limit = app.rateLimit();
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(SHARE_PREFIX)) {
      done();
      return;
    }
    limit.call(app, request, reply).then(() => done(), done);
  });
}
