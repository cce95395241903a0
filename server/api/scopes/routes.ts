/**
 * `GET /api/scopes/{kind}/{id}`: the owner of a resource, for the gateway's permission check. Not
 * in the browser's route table: only a caller holding an identity assertion reaches it.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../http/api-error.js';
import { OwnerScopeSchema, type ScopeResolvers } from './resolve.js';

export async function registerScopeRoutes(fastify: FastifyInstance, db: Queryable, scopes: ScopeResolvers): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The gateway's own question, not part of the published contract.
  app.get(
    '/api/scopes/:kind/:id',
    {
      schema: {
        hide: true,
        summary: 'The organisation (and project) owning a resource',
        params: Type.Object({ kind: Type.String(), id: Type.String() }),
        response: { 200: OwnerScopeSchema },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const owner = await scopes.resolve(db, kind, id);
      if (!owner) throw new ApiError(404, `No ${kind} with id ${id}`);
      return owner;
    },
  );
}
