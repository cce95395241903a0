/** `GET /bff/session`: the caller's session, or the identity host's 401/403. */
import type { FastifyInstance } from 'fastify';
import type { Authorizer } from '../authorize.js';

export async function sessionRoute(app: FastifyInstance, options: { authorizer: Authorizer }): Promise<void> {
  app.get('/bff/session', async (request, reply) => {
    const { session } = await options.authorizer.authenticate(request.headers);
    reply.header('cache-control', 'no-store');
    return session;
  });
}
