/**
 * Every request needs the service's bearer token: it listens on loopback, and the token keeps
 * other local processes out. Only the gateway holds it, and it forwards nobody's own header.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PermissionError } from './permission-error.js';

export function requireAdminToken(app: FastifyInstance, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.addHook('onRequest', async (request) => {
    if (request.url === '/health/alive') return;
    const sent = Buffer.from(String(request.headers.authorization ?? ''));
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      throw new PermissionError(401, 'The permission service needs the bearer token from configuration');
    }
  });
}
