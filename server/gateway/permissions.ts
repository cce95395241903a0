/**
 * The three permission lists of a caller (own, organisation, project), fetched from the API
 * with the caller's identity assertion and cached per (identity, scope) for exactly two
 * minutes in a bounded LRU. Concurrent misses share one fetch. Role-changing mutations evict
 * (see evictions.ts). The decision itself is the shared `checkPermissions`.
 */
import { LRUCache } from 'lru-cache';
import { ASSERTION_HEADER } from '../../shared/identity-assertion.js';
import type { Session } from '../../shared/identity-session.js';
import type { PermissionEntry } from '../../shared/permission-check.js';
import type { AssertionSigner } from './assertion.js';
import type { Clock } from './clock.js';
import { HttpError } from './http-error.js';
import type { MaybePromise } from './maybe-async.js';
import type { GatewayMetrics } from './metrics.js';
import type { Upstream } from './upstream.js';

export const PERMISSION_TTL_MS = 2 * 60 * 1000;

export type PermissionScope = { kind: 'user' } | { kind: 'org'; id: string } | { kind: 'project'; id: string };

interface FetchContext {
  session: Session;
  scope: PermissionScope;
}

const SEPARATOR = '\u0000';

export class PermissionLists {
  private readonly cache: LRUCache<string, ReadonlySet<string>, FetchContext>;

  constructor(
    private readonly api: Upstream,
    private readonly signer: AssertionSigner,
    clock: Clock,
    private readonly metrics: GatewayMetrics,
    max = 100_000,
  ) {
    this.cache = new LRUCache<string, ReadonlySet<string>, FetchContext>({
      max,
      ttl: PERMISSION_TTL_MS,
      perf: clock,
      fetchMethod: (_key, _stale, { context }) => this.load(context.session, context.scope),
    });
  }

  /** Synchronous on a cache hit. */
  list(session: Session, scope: PermissionScope): MaybePromise<ReadonlySet<string>> {
    const key = session.identity.id + SEPARATOR + scopeKey(scope);
    const hit = this.cache.get(key);
    this.metrics.cacheLookup('permissions', hit !== undefined);
    return hit ?? this.fetch(key, session, scope);
  }

  private async fetch(key: string, session: Session, scope: PermissionScope): Promise<ReadonlySet<string>> {
    const loaded = await this.cache.fetch(key, { context: { session, scope } });
    if (!loaded) throw new HttpError(502, 'The API gave no permission list');
    return loaded;
  }

  /** Every cached list of one identity. */
  evictIdentity(identityId: string): void {
    const prefix = identityId + SEPARATOR;
    for (const key of this.cache.keys()) if (key.startsWith(prefix)) this.cache.delete(key);
  }

  /** Every cached list (evictions from other instances may have been missed). */
  clear(): void {
    this.cache.clear();
  }

  /** Every identity's cached list for one organisation or project. */
  evictScope(scope: PermissionScope): void {
    const suffix = SEPARATOR + scopeKey(scope);
    for (const key of this.cache.keys()) if (key.endsWith(suffix)) this.cache.delete(key);
  }

  private async load(session: Session, scope: PermissionScope): Promise<ReadonlySet<string>> {
    const path = scope.kind === 'user' ? '/api/permissions' : scope.kind === 'org' ? `/api/orgs/${scope.id}/permissions` : `/api/projects/${scope.id}/permissions`;
    const assertion = await this.signer.sign(session, scope.kind === 'org' ? { orgId: scope.id } : scope.kind === 'project' ? { projectId: scope.id } : {});
    const response = await this.api.request({
      method: 'GET',
      path,
      headers: { accept: 'application/json', [ASSERTION_HEADER]: assertion },
    });
    const text = await response.body.text();
    // Not a member, or no such organisation/project: an empty list, so the check says no.
    if (response.statusCode === 403 || response.statusCode === 404) return new Set();
    if (response.statusCode !== 200) {
      this.metrics.upstreamError('api', `permissions_status_${response.statusCode}`);
      throw new HttpError(502, `The API answered ${path} with status ${response.statusCode}`);
    }
    let entries: unknown;
    try {
      entries = JSON.parse(text);
    } catch {
      entries = undefined;
    }
    if (!Array.isArray(entries) || !entries.every(isEntry)) {
      throw new HttpError(502, `The API answered ${path} with something other than a list of permissions`);
    }
    return new Set(entries.map((entry) => entry.id));
  }
}

function isEntry(value: unknown): value is PermissionEntry {
  return typeof value === 'object' && value !== null && typeof (value as PermissionEntry).id === 'string';
}

function scopeKey(scope: PermissionScope): string {
  return scope.kind === 'user' ? 'user' : `${scope.kind}:${scope.id}`;
}
