/**
 * Which organisation (and project) owns a resource named only by its id in the path
 * (`/api/devices/:deviceId`, `/api/floors/:floorId`, ...), and which organisation owns a
 * project. The API answers `GET /api/scopes/{kind}/{id}` with `{orgId, projectId?}`; the gateway
 * keeps the answer for two minutes, since ownership does not move.
 */
import { LRUCache } from 'lru-cache';
import type { ResourceKind } from '../../shared/api-route-policy.js';
import { ASSERTION_HEADER } from '../../shared/identity-assertion.js';
import type { Session } from '../../shared/identity-session.js';
import type { AssertionSigner } from './assertion.js';
import type { Clock } from './clock.js';
import { HttpError } from './http-error.js';
import type { MaybePromise } from './maybe-async.js';
import type { GatewayMetrics } from './metrics.js';
import { PERMISSION_TTL_MS } from './permissions.js';
import type { Upstream } from './upstream.js';

export interface OwnerScope {
  orgId: string;
  projectId?: string;
}

type Kind = ResourceKind | 'project';

export class ResourceScopes {
  private readonly cache: LRUCache<string, OwnerScope, Session>;

  constructor(
    private readonly api: Upstream,
    private readonly signer: AssertionSigner,
    clock: Clock,
    private readonly metrics: GatewayMetrics,
  ) {
    this.cache = new LRUCache<string, OwnerScope, Session>({
      max: 100_000,
      ttl: PERMISSION_TTL_MS,
      perf: clock,
      fetchMethod: (key, _stale, { context }) => this.load(key, context),
    });
  }

  /** Synchronous on a cache hit. */
  resolve(kind: Kind, id: string, session: Session): MaybePromise<OwnerScope> {
    const key = `${kind}/${id}`;
    const hit = this.cache.get(key);
    this.metrics.cacheLookup('scope', hit !== undefined);
    return hit ?? this.fetch(key, kind, id, session);
  }

  private async fetch(key: string, kind: Kind, id: string, session: Session): Promise<OwnerScope> {
    const scope = await this.cache.fetch(key, { context: session });
    if (!scope) throw new HttpError(404, `No ${kind} with id ${id}`);
    return scope;
  }

  forget(kind: Kind, id: string): void {
    this.cache.delete(`${kind}/${id}`);
  }

  private async load(key: string, session: Session): Promise<OwnerScope> {
    const response = await this.api.request({
      method: 'GET',
      path: `/api/scopes/${key}`,
      headers: { accept: 'application/json', [ASSERTION_HEADER]: await this.signer.sign(session) },
    });
    const text = await response.body.text();
    const [kind, id] = key.split('/');
    if (response.statusCode === 404) throw new HttpError(404, `No ${kind} with id ${id}`);
    if (response.statusCode !== 200) {
      this.metrics.upstreamError('api', `scope_status_${response.statusCode}`);
      throw new HttpError(502, `The API answered the owner of ${kind} ${id} with status ${response.statusCode}`);
    }
    let scope: Partial<OwnerScope> | undefined;
    try {
      scope = JSON.parse(text) as Partial<OwnerScope>;
    } catch {
      scope = undefined;
    }
    if (typeof scope?.orgId !== 'string') {
      throw new HttpError(502, `The API answered the owner of ${kind} ${id} without an orgId`);
    }
    return typeof scope.projectId === 'string' ? { orgId: scope.orgId, projectId: scope.projectId } : { orgId: scope.orgId };
  }
}
