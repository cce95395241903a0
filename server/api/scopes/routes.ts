/**
 * `GET /api/scopes/{kind}/{id}`: the owner of a resource, for the gateway's permission check. Not
 * in the browser's route table: only a caller holding an identity assertion reaches it.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { ScopeResolvers } from './resolve.js';

export async function registerScopeRoutes(app: FastifyInstance, db: Queryable, scopes: ScopeResolvers): Promise<void> {
  // The gateway's own question, not part of the published contract.
  app.get<{ Params: { kind: string; id: string } }>('/api/scopes/:kind/:id', { schema: { hide: true } }, async (request) => {
    const { kind, id } = request.params;
    const owner = await scopes.resolve(db, kind, id);
    if (!owner) throw new ApiError(404, `No ${kind} with id ${id}`);
    return owner;
  });
}
