/**
 * The admin API answers only requests carrying the configured bearer token. It listens on
 * loopback besides; the token is what keeps other local processes out.
 */
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { kratosErrorBody } from '../http/kratos-error.js';

export function requireAdminToken(app: FastifyInstance, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/health/alive' || request.url === '/health/ready' || request.url === '/version') return;
    const sent = Buffer.from(String(request.headers.authorization ?? ''));
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      return reply.code(401).send(kratosErrorBody(401, { reason: 'The admin API needs the bearer token from configuration.', message: 'The request could not be authorized' }));
    }
  });
}
