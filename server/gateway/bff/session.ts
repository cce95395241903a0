/**
 * `GET /bff/session`: the caller's session, or `null` when no one is signed in (no credential, or
 * one the identity host no longer knows). Being signed out is an answer, not a failure, so an
 * anonymous page logs no error; any other refusal (a 403 asking for a second factor) and upstream
 * failures keep their status.
 */
import type { FastifyInstance } from 'fastify';
import type { Authorizer } from '../authorize.js';
import { HttpError } from '../http-error.js';

export async function sessionRoute(app: FastifyInstance, options: { authorizer: Authorizer }): Promise<void> {
  app.get('/bff/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const { session } = await options.authorizer.authenticate(request.headers);
      return session;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return reply.type('application/json; charset=utf-8').send('null');
      throw error;
    }
  });
}
