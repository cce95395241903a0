/** `GET /self-service/errors?id=`: the error a browser was sent to the error screen with. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { kratosErrorBody } from '../http/kratos-error.js';
import { getError } from '../store/errors.js';

export function registerErrorRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.get<{ Querystring: { id?: string } }>('/self-service/errors', async (request, reply) => {
    const id = request.query.id ?? '';
    if (id.startsWith('stub:')) {
      const code = Number(id.slice(5));
      const status = code >= 400 && code < 600 ? code : 500;
      return { id, error: kratosErrorBody(status, { reason: 'This is a stub error.' }).error, created_at: new Date(0).toISOString(), updated_at: new Date(0).toISOString() };
    }
    const stored = await getError(ctx.db, id);
    if (!stored) return reply.code(404).send(kratosErrorBody(404, { reason: 'No error with this id is known.' }));
    const at = stored.created_at.toISOString();
    return { id: stored.id, error: stored.error, created_at: at, updated_at: at };
  });
}
