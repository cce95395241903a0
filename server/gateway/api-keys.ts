/**
 * API keys as the gateway sees them: a presented key is checked by the platform service, and a
 * live answer is kept for a short while, keyed by a hash of the key (the key itself is never
 * kept), never past the key's expiry. Revoking a key evicts it here and, through the eviction
 * broadcast, on every other instance.
 */
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.js';
import { HttpError } from './http-error.js';
import type { Upstream } from './upstream.js';

export interface VerifiedKey {
  id: string;
  projectId: string;
}

interface Cached {
  key: VerifiedKey;
  /** Clock time after which the platform service is asked again. */
  until: number;
}

export class ApiKeys {
  private readonly cache: LRUCache<string, Cached>;
  /** Key id → the hash its answer is cached under, so a revocation by id finds it. */
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly platform: Upstream,
    private readonly token: string | undefined,
    private readonly clock: Clock,
    private readonly ttlMs = 30_000,
  ) {
    this.cache = new LRUCache<string, Cached>({
      max: 10_000,
      dispose: (cached, keyHash) => {
        if (this.hashes.get(cached.key.id) === keyHash) this.hashes.delete(cached.key.id);
      },
    });
  }

  /** The live key the value is, or null for an unknown, revoked or expired one. */
  async verify(value: string): Promise<VerifiedKey | null> {
    const keyHash = hash('sha256', value, 'base64url');
    const now = this.clock.now();
    const cached = this.cache.get(keyHash);
    if (cached && cached.until > now) return cached.key;
    const response = await this.platform.request({
      method: 'POST',
      path: '/internal/api-keys/verify',
      headers: { authorization: `Bearer ${this.token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value }),
    });
    const body = (await response.body.json().catch(() => undefined)) as { id?: string; project_id?: string; expires_at?: string | null } | undefined;
    if (response.statusCode === 401) return null;
    if (response.statusCode !== 200 || !body?.id || !body.project_id) throw new HttpError(502, 'The platform service could not check the API key');
    const key = { id: body.id, projectId: body.project_id };
    const expiresIn = body.expires_at ? Date.parse(body.expires_at) - this.clock.epochMs() : Infinity;
    this.cache.set(keyHash, { key, until: now + Math.min(this.ttlMs, expiresIn) });
    this.hashes.set(key.id, keyHash);
    return key;
  }

  evict(keyId: string): void {
    const keyHash = this.hashes.get(keyId);
    if (keyHash) this.cache.delete(keyHash);
  }

  clear(): void {
    this.cache.clear();
  }
}
