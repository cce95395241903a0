/**
 * The provider's ID token signing keys for global administrators: which one signs, when each was
 * made, stopped signing and will be replaced or dropped; and a rotation on demand (a new key
 * signs at once, the old one keeps verifying the tokens it signed until they have expired).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ProviderAdmin, ProviderSigningKey } from './provider-admin.js';
import { SigningKeysSchema, type SigningKey } from './schemas.js';

const tags = ['oauth2'];
const BASE = '/api/admin/oauth2/signing-keys';

function toSigningKey(key: ProviderSigningKey, index: number): SigningKey {
  return {
    kid: key.kid,
    algorithm: key.alg,
    // Hydra and the embedded provider both sign with the first key of the set.
    signing: index === 0,
    createdAt: key.created_at ?? null,
    retiredAt: key.retired_at ?? null,
    rotatesAt: key.rotate_after ?? null,
    removesAt: key.remove_after ?? null,
  };
}

export async function registerOAuth2SigningKeyRoutes(fastify: FastifyInstance, provider: ProviderAdmin): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const keys = async () => ({ items: (await provider.listSigningKeys()).map(toSigningKey) });

  app.get(BASE, { schema: { tags, summary: 'The keys ID tokens are signed and verified with, the signing one first', response: { 200: SigningKeysSchema } } }, keys);

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Rotate now: a new key signs from now on, the old one verifies until its tokens have expired; answers the keys as they are then',
        response: { 201: SigningKeysSchema },
      },
    },
    async (_request, reply) => {
      await provider.rotateSigningKey();
      return reply.code(201).send(await keys());
    },
  );
}
