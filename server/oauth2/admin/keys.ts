/** `GET /admin/keys/{set}`: the public half of a key set (the ID token keys are `hydra.openid.id-token`). */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { publicJwk } from '../keys.js';
import type { JWK } from 'oidc-provider';
import { notFound } from './hydra-error.js';

export async function keyRoutes(app: FastifyInstance, deps: { db: Queryable }): Promise<void> {
  app.get<{ Params: { set: string } }>(
    '/admin/keys/:set',
    { schema: { params: { type: 'object', required: ['set'], properties: { set: { type: 'string', minLength: 1, maxLength: 256 } } } } },
    async (request) => {
      // Cookie keys live beside the signing keys but are no JWKS and never leave.
      if (request.params.set === 'cookies') throw notFound('Unable to locate the resource');
      const row = await deps.db.query<{ value: JWK[] }>('SELECT value FROM keys WHERE name = $1', [request.params.set]);
      if (!row.rows[0]) throw notFound('Unable to locate the resource');
      return { keys: row.rows[0].value.map(publicJwk) };
    },
  );
}
