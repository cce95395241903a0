/**
 * Signs identity assertions, once per (session, scope) and then reused until a third of their
 * lifetime is left: signing is the most expensive step of a request, and the claims do not
 * change within a session and scope.
 */
import { LRUCache } from 'lru-cache';
import { ASSERTION_MAX_LIFETIME_S, assertionKey, signIdentityAssertion, type IdentityAssertion } from '../../shared/identity-assertion.js';
import type { Session } from '../../shared/identity-session.js';
import type { MaybePromise } from './maybe-async.js';

export interface AssertionScope {
  orgId?: string;
  projectId?: string;
}

const REFRESH_WHEN_LEFT_S = ASSERTION_MAX_LIFETIME_S / 3;

export class AssertionSigner {
  private readonly key: Uint8Array;
  private readonly cache = new LRUCache<string, { token: string; exp: number }>({ max: 50_000 });

  /** `nowSeconds` is wall-clock time: the API checks `exp` against its own clock. */
  constructor(
    secret: string,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = assertionKey(secret);
  }

  /** Synchronous while a fresh enough assertion is cached. */
  sign(session: Session, scope: AssertionScope = {}): MaybePromise<string> {
    const key = `${session.id}|${scope.orgId ?? ''}|${scope.projectId ?? ''}`;
    const now = this.nowSeconds();
    const cached = this.cache.get(key);
    if (cached && cached.exp - now > REFRESH_WHEN_LEFT_S) return cached.token;
    return this.issue(key, session, scope, now);
  }

  private async issue(key: string, session: Session, scope: AssertionScope, now: number): Promise<string> {
    const claims: Omit<IdentityAssertion, 'iat' | 'exp'> = {
      sub: session.identity.id,
      sid: session.id,
      aal: session.authenticator_assurance_level ?? 'aal1',
    };
    if (scope.orgId) claims.org = scope.orgId;
    if (scope.projectId) claims.project = scope.projectId;
    const token = await signIdentityAssertion(this.key, claims, now);
    this.cache.set(key, { token, exp: now + ASSERTION_MAX_LIFETIME_S });
    return token;
  }
}
