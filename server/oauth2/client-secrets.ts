/**
 * Client secrets at rest and at the token endpoint. A secret is shown once, when it is made, and
 * stored only as a keyed SHA-256 (HMAC under a key of the provider's own, kept beside its other
 * keys): generated secrets are 256-bit random, so nothing can be guessed from the hash, and a slow
 * password hash would only slow every token request. Without the key, a copy of the database
 * does not even let one test a candidate secret.
 *
 * A client authenticates exactly the way it registered: a `client_secret_basic` client with the
 * Authorization header, a `client_secret_post` client with the form body. oidc-provider takes
 * either for both, Hydra refuses the other one with `invalid_client`, and so does this provider.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { ClientMetadata } from 'oidc-provider';
import Provider from 'oidc-provider';
import type { Database } from '../db/database.js';

const PREFIX = 'hmac-sha256:';

export class ClientSecrets {
  /** Imported once: raw bytes handed to createHmac are imported again at every token request, five times the cost of the HMAC itself. */
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    this.key = createSecretKey(key);
  }

  isHashed(stored: unknown): boolean {
    return typeof stored === 'string' && stored.startsWith(PREFIX);
  }

  hash(secret: string): string {
    return PREFIX + createHmac('sha256', this.key).update(secret).digest('base64url');
  }

  /** The client's metadata as it is stored: a plain secret replaced by its hash, a hash kept. */
  sealed<T extends { client_secret?: unknown }>(metadata: T): T {
    const secret = metadata.client_secret;
    return typeof secret === 'string' && !this.isHashed(secret) ? { ...metadata, client_secret: this.hash(secret) } : metadata;
  }

  matches(stored: string | undefined, presented: string): boolean {
    if (!stored || !this.isHashed(stored)) return false;
    const expected = Buffer.from(stored);
    const actual = Buffer.from(this.hash(presented));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

/** How the request in progress presented its secret, as oidc-provider read it. */
function presentedMethod(): 'client_secret_basic' | 'client_secret_post' | undefined {
  const ctx = Provider.ctx;
  if (!ctx) return undefined;
  if (typeof ctx.oidc?.params?.client_secret === 'string' && ctx.oidc.params.client_secret !== '') return 'client_secret_post';
  return ctx.headers.authorization === undefined ? undefined : 'client_secret_basic';
}

/**
 * oidc-provider compares a presented secret in one method of its Client; that is where both the
 * hash and the registered method are checked. A mismatch reads as a wrong secret (`invalid_client`).
 * Dynamic registration's reads and updates answer the stored client, whose secret is a hash
 * that means nothing outside: it is left out (the registration answer showed the secret once).
 */
export function guardClientSecrets(provider: Provider, secrets: ClientSecrets): void {
  Object.defineProperty(provider.Client.prototype, 'compareClientSecret', {
    value(this: { clientSecret?: string; clientAuthMethod: string }, presented: string): boolean {
      if (presentedMethod() !== this.clientAuthMethod) return false;
      return secrets.matches(this.clientSecret, presented);
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { client_secret?: unknown } | undefined;
    if (body && typeof body === 'object' && secrets.isHashed(body.client_secret)) delete body.client_secret;
  });
}

/**
 * Clients stored before secrets were hashed get their hash, once, at start; each row is changed
 * only if it still holds the secret that was read, so instances starting together agree.
 */
export async function hashStoredSecrets(db: Database, secrets: ClientSecrets): Promise<number> {
  const rows = await db.query<{ id: string; payload: ClientMetadata }>(
    "SELECT id, payload FROM models WHERE model = 'Client' AND payload ? 'client_secret' AND NOT starts_with(payload->>'client_secret', $1)",
    [PREFIX],
  );
  let changed = 0;
  for (const { id, payload } of rows.rows) {
    const plain = payload.client_secret as string;
    const updated = await db.query(
      "UPDATE models SET payload = jsonb_set(payload, '{client_secret}', to_jsonb($3::text)) WHERE model = 'Client' AND id = $1 AND payload->>'client_secret' = $2",
      [id, plain, secrets.hash(plain)],
    );
    changed += updated.rowCount;
  }
  return changed;
}
