/**
 * The admin API answers only requests carrying the configured bearer token; it listens on
 * loopback besides, and the token keeps other local processes out.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HydraError } from './hydra-error.js';

export function requireAdminToken(app: FastifyInstance, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.addHook('onRequest', async (request) => {
    if (request.url === '/health/alive' || request.url === '/health/ready') return;
    const sent = Buffer.from(String(request.headers.authorization ?? ''));
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      throw new HydraError(401, 'unauthorized', 'The admin API needs the bearer token from configuration');
    }
  });
}
