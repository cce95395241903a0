/**
 * API key values and how they are kept. A value is `sitewave_pat_` and 43 base64url characters
 * (256 random bits); only an HMAC-SHA-256 of it under a key of the service's own is stored.
 * A slow password hash would add nothing for values this random and would slow every request;
 * without the HMAC key, a copy of the database cannot even test a candidate.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';

export const API_KEY_PREFIX = 'sitewave_pat_';
const VALUE = /^sitewave_pat_[A-Za-z0-9_-]{43}$/;
/** How much of a value a listing shows, so a person can tell keys apart. */
const SHOWN = 4;

export function newApiKeyValue(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function looksLikeApiKey(value: string): boolean {
  return VALUE.test(value);
}

export function lastCharacters(value: string): string {
  return value.slice(-SHOWN);
}

export class ApiKeyHasher {
  constructor(private readonly key: Buffer) {}

  /** The hasher with the service's HMAC key, made on first start and kept; instances starting together agree on one. */
  static async load(db: Database): Promise<ApiKeyHasher> {
    await db.query("INSERT INTO keys (name, value) VALUES ('api-key-hmac', $1) ON CONFLICT (name) DO NOTHING", [randomBytes(32)]);
    const row = (await db.query<{ value: Uint8Array }>("SELECT value FROM keys WHERE name = 'api-key-hmac'")).rows[0]!;
    return new ApiKeyHasher(Buffer.from(row.value));
  }

  hash(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }
}
