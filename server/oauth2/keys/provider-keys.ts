/**
 * The provider's secrets that must outlive a restart: the ID token signing keys (a JWKS whose
 * public half is `/.well-known/jwks.json`) and the keys cookies are signed with. Made on first
 * start; several instances starting together agree on one set because the insert does nothing
 * when another instance's row is already there, and everyone reads back what was kept. How long
 * each signing key has signed, and its rotation, are signing-keys.ts's.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Queryable } from '../../db/database.js';

export interface ProviderKeys {
  /** Private JWKs; the first signs, the others still verify. */
  signing: JWK[];
  cookies: string[];
}

/** The set name Hydra gives the ID token keys, as `GET /admin/keys/{set}` knows them. */
export const ID_TOKEN_KEY_SET = 'hydra.openid.id-token';

export function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

async function keep<T>(db: Queryable, name: string, make: () => T): Promise<T> {
  await db.query('INSERT INTO keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, JSON.stringify(make())]);
  const row = await db.query<{ value: T }>('SELECT value FROM keys WHERE name = $1', [name]);
  return row.rows[0]!.value;
}

export async function loadKeys(db: Queryable): Promise<ProviderKeys> {
  const signing = await keep(db, ID_TOKEN_KEY_SET, () => [newSigningKey()]);
  const cookies = await keep(db, 'cookies', () => [randomBytes(32).toString('base64url')]);
  return { signing, cookies };
}

/** The key client secrets are hashed under (client-secrets.ts); it never leaves the database. */
export async function loadClientSecretKey(db: Queryable): Promise<Buffer> {
  return Buffer.from(await keep(db, 'client-secrets', () => randomBytes(32).toString('base64url')), 'base64url');
}

/** The public half of a JWK: what may leave the provider. */
export function publicJwk(key: JWK): JWK {
  const { kty, kid, alg, use, n, e, crv, x, y } = key;
  return Object.fromEntries(Object.entries({ kty, kid, alg, use, n, e, crv, x, y }).filter(([, value]) => value !== undefined));
}
