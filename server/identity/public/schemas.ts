/** `GET /schemas` and `GET /schemas/{id}`. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { getSchemaBody, listSchemasBody } from '../traits/schemas-endpoint.js';

export function registerSchemaRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.get('/schemas', async () => listSchemasBody(ctx.options.schemas));
  app.get<{ Params: { id: string } }>('/schemas/:id', async (request, reply) => {
    const found = getSchemaBody(ctx.options.schemas, request.params.id, ctx.options.defaultSchemaId);
    return reply.code(found.status).send(found.body);
  });
}
