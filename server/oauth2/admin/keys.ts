/**
 * `/admin/keys/{set}` for the ID token keys (`hydra.openid.id-token`): read the public keys,
 * rotate (`POST`: a new RS256 key signs from now on, the older ones keep verifying tokens they
 * signed), read one, and drop a retired one (`DELETE /admin/keys/{set}/{kid}`).
 *
 * Beside Hydra's JWK members each key carries its times, which Hydra's keys do not have and JWK
 * readers ignore (RFC 7517 §4): `created_at`, and `rotate_after` for the signing key (when the
 * maintenance pass replaces it) or `retired_at` and `remove_after` for a retired one (when the
 * pass drops it, every token it signed having expired). The public JWKS carries none of them.
 */
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'oidc-provider';
import type { Database } from '../../db/database.js';
import { ID_TOKEN_KEY_SET, publicJwk } from '../keys/provider-keys.js';
import type { ProviderHost } from '../provider-host.js';
import { listSigningKeys, removeSigningKey, rotateSigningKey, type ListedSigningKey, type SigningKeyPolicy } from '../keys/signing-keys.js';
import { invalidRequest, notFound } from './hydra-error.js';
import { adminActor } from '../audit.js';

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

function withTimes({ jwk, createdAt, retiredAt, rotateAt, removeAt }: ListedSigningKey): JWK {
  const times = { created_at: createdAt, rotate_after: rotateAt, retired_at: retiredAt, remove_after: removeAt };
  return { ...publicJwk(jwk), ...Object.fromEntries(Object.entries(times).flatMap(([name, at]) => (at ? [[name, at.toISOString()]] : []))) };
}

export async function keyRoutes(app: FastifyInstance, deps: { db: Database; host: ProviderHost; keyPolicy: SigningKeyPolicy; now?: () => Date }): Promise<void> {
  const { db, host, keyPolicy } = deps;
  const now = deps.now ?? (() => new Date());

  /** Only the ID token set exists; the cookie keys beside it are no JWKS and never leave. */
  const keysOf = async (set: string): Promise<ListedSigningKey[]> => {
    if (set !== ID_TOKEN_KEY_SET) throw notFound('Unable to locate the resource');
    return listSigningKeys(db, keyPolicy);
  };

  app.get<{ Params: { set: string } }>('/admin/keys/:set', { schema: { params: setParams } }, async (request) => ({
    keys: (await keysOf(request.params.set)).map(withTimes),
  }));

  app.get<{ Params: { set: string; kid: string } }>('/admin/keys/:set/:kid', { schema: { params: keyParams } }, async (request) => {
    const key = (await keysOf(request.params.set)).find((candidate) => candidate.jwk.kid === request.params.kid);
    if (!key) throw notFound('Unable to locate the resource');
    return { keys: [withTimes(key)] };
  });

  app.post<{ Params: { set: string } }>('/admin/keys/:set', { schema: { params: setParams, body: rotateBody } }, async (request, reply) => {
    if (request.params.set !== ID_TOKEN_KEY_SET) throw notFound('Unable to locate the resource');
    const keys = await rotateSigningKey(db, now(), { trigger: 'on-demand', ...adminActor(request) });
    await host.reload(db);
    return reply.code(201).send({ keys: [publicJwk(keys[0]!)] });
  });

  app.delete<{ Params: { set: string; kid: string } }>('/admin/keys/:set/:kid', { schema: { params: keyParams } }, async (request, reply) => {
    if (request.params.set !== ID_TOKEN_KEY_SET) throw notFound('Unable to locate the resource');
    const outcome = await removeSigningKey(db, request.params.kid, now());
    if (outcome === 'missing') throw notFound('Unable to locate the resource');
    if (outcome === 'signing') throw invalidRequest('The key that signs now cannot be deleted: rotate first');
    await host.reload(db);
    return reply.code(204).send();
  });
}
