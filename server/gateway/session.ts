/**
 * Who is calling: the identity host's answer to `/sessions/whoami` (whoami.ts), cached by the
 * credential's hash.
 *
 * An answer is kept for the configured TTL and never past the session's `expires_at`;
 * concurrent misses for one credential share one upstream call (lru-cache's fetch); a
 * rejected credential is remembered briefly so a flood of bad cookies cannot flood the
 * identity host. Logout and re-authentication through the gateway evict the entry.
 */
import { LRUCache } from 'lru-cache';
import type { Session } from '../../shared/identity-session.js';
import type { ErrorEnvelope } from '../../shared/error-envelope.js';
import type { Clock } from './clock.js';
import type { Credential } from './credentials.js';
import { HttpError } from './http-error.js';
import type { MaybePromise } from './maybe-async.js';
import type { GatewayMetrics } from './metrics.js';

export type SessionAnswer =
  | { ok: true; session: Session }
  /** The identity host's refusal (401, or 403 for e.g. `session_aal2_required`), to pass on. */
  | { ok: false; status: 401 | 403; body: ErrorEnvelope };

/** Asks the identity host (or, in a cluster worker, the primary) about one credential. */
export type SessionLookup = (credential: Credential) => Promise<SessionAnswer>;

export interface SessionCacheOptions {
  lookup: SessionLookup;
  ttlMs: number;
  clock: Clock;
  metrics: GatewayMetrics;
  max?: number;
}

/** Long enough to absorb a burst of bad credentials, short enough to be invisible to people. */
const REJECTION_TTL_MS = 5_000;

export class SessionCache {
  private readonly cache: LRUCache<string, SessionAnswer, Credential>;

  constructor(private readonly options: SessionCacheOptions) {
    this.cache = new LRUCache<string, SessionAnswer, Credential>({
      max: options.max ?? 50_000,
      ttl: options.ttlMs,
      perf: options.clock,
      fetchMethod: async (_key, _stale, { context, options: entry }) => {
        const answer = await this.options.lookup(context);
        if (answer.ok) {
          const expiresAt = answer.session.expires_at ? Date.parse(answer.session.expires_at) : NaN;
          const left = Number.isFinite(expiresAt) ? expiresAt - this.options.clock.epochMs() : this.options.ttlMs;
          // A ttl of 0 would mean "forever" to lru-cache: clamp to one millisecond.
          entry.ttl = Math.max(1, Math.min(this.options.ttlMs, left));
        } else if (answer.status === 401) {
          entry.ttl = Math.min(REJECTION_TTL_MS, this.options.ttlMs);
        } else {
          // A 403 such as aal2-required changes as soon as the user completes the second factor.
          entry.ttl = 1;
        }
        return answer;
      },
    });
  }

  /** Synchronous on a cache hit. */
  validate(credential: Credential): MaybePromise<SessionAnswer> {
    const hit = this.cache.get(credential.hash);
    this.options.metrics.cacheLookup('session', hit !== undefined);
    return hit ?? this.fetch(credential);
  }

  private async fetch(credential: Credential): Promise<SessionAnswer> {
    const answer = await this.cache.fetch(credential.hash, { context: credential });
    if (!answer) throw new HttpError(502, 'The identity service gave no answer');
    return answer;
  }

  /** The identity a cached credential belongs to, without calling the identity host. */
  identityOf(hash: string): string | undefined {
    const answer = this.cache.peek(hash);
    return answer?.ok ? answer.session.identity.id : undefined;
  }

  /** Forget one credential (logout, re-authentication). */
  evict(hash: string): void {
    this.cache.delete(hash);
  }

  /** Forget every cached credential of a session (`DELETE /sessions/{id}`). */
  evictSession(sessionId: string): void {
    this.evictWhere((answer) => answer.ok && answer.session.id === sessionId);
  }

  /** Forget every cached credential of an identity but one (`DELETE /sessions`). */
  evictIdentity(identityId: string, keepHash?: string): void {
    this.evictWhere((answer, hash) => answer.ok && answer.session.identity.id === identityId && hash !== keepHash);
  }

  /** Forget every credential (evictions from other instances may have been missed). */
  clear(): void {
    this.cache.clear();
  }

  private evictWhere(match: (answer: SessionAnswer, hash: string) => boolean): void {
    for (const [hash, answer] of this.cache.entries()) {
      if (match(answer, hash)) this.cache.delete(hash);
    }
  }
}
