/**
 * `/admin/keys/{set}` for the ID token keys (`hydra.openid.id-token`): read the public keys,
 * rotate (`POST`: a new RS256 key signs from now on, the older ones keep verifying tokens they
 * signed), read one, and drop a retired one (`DELETE /admin/keys/{set}/{kid}`).
 */
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'oidc-provider';
import type { Database } from '../../db/database.js';
import { ID_TOKEN_KEY_SET, publicJwk, removeKey, rotateSigningKey } from '../keys.js';
import type { ProviderHost } from '../provider-host.js';
import { invalidRequest, notFound } from './hydra-error.js';

const setParams = { type: 'object', required: ['set'], properties: { set: { type: 'string', minLength: 1, maxLength: 256 } } } as const;
const keyParams = {
  type: 'object',
  required: ['set', 'kid'],
  properties: { set: { type: 'string', minLength: 1, maxLength: 256 }, kid: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;
const rotateBody = {
  type: 'object',
  properties: { alg: { type: 'string', enum: ['RS256'] }, use: { type: 'string', enum: ['sig'] }, kid: { type: 'string' } },
} as const;

export async function keyRoutes(app: FastifyInstance, deps: { db: Database; host: ProviderHost }): Promise<void> {
  const { db, host } = deps;

  /** Only the ID token set exists; the cookie keys beside it are no JWKS and never leave. */
  const keysOf = async (set: string): Promise<JWK[]> => {
    if (set !== ID_TOKEN_KEY_SET) throw notFound('Unable to locate the resource');
    const row = await db.query<{ value: JWK[] }>('SELECT value FROM keys WHERE name = $1', [set]);
    return row.rows[0]?.value ?? [];
  };

  app.get<{ Params: { set: string } }>('/admin/keys/:set', { schema: { params: setParams } }, async (request) => ({
    keys: (await keysOf(request.params.set)).map(publicJwk),
  }));

  app.get<{ Params: { set: string; kid: string } }>('/admin/keys/:set/:kid', { schema: { params: keyParams } }, async (request) => {
    const key = (await keysOf(request.params.set)).find((candidate) => candidate.kid === request.params.kid);
    if (!key) throw notFound('Unable to locate the resource');
    return { keys: [publicJwk(key)] };
  });

  app.post<{ Params: { set: string } }>('/admin/keys/:set', { schema: { params: setParams, body: rotateBody } }, async (request, reply) => {
    await keysOf(request.params.set);
    const keys = await rotateSigningKey(db);
    await host.reload(db);
    return reply.code(201).send({ keys: [publicJwk(keys[0]!)] });
  });

  app.delete<{ Params: { set: string; kid: string } }>('/admin/keys/:set/:kid', { schema: { params: keyParams } }, async (request, reply) => {
    await keysOf(request.params.set);
    const outcome = await removeKey(db, request.params.kid);
    if (outcome === 'missing') throw notFound('Unable to locate the resource');
    if (outcome === 'signing') throw invalidRequest('The key that signs now cannot be deleted: rotate first');
    await host.reload(db);
    return reply.code(204).send();
  });
}
