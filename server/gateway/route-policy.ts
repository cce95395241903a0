/**
 * Looks up the route policy (shared/api-route-policy.ts, the table to audit) for a request.
 * A method and path the table does not name gets no policy, and the gateway answers 404.
 * HEAD is GET without the body (RFC 9110 §9.3.2): it takes the GET row, so it passes exactly
 * the checks GET does, and the table needs no rows of its own for it.
 */
import FindMyWay from 'find-my-way';
import { API_ROUTE_POLICY, type ApiRoutePolicy } from '../../shared/api-route-policy.js';

export interface MatchedPolicy {
  policy: ApiRoutePolicy;
  params: Record<string, string>;
}

/** Path parameters are ids: plain tokens, never dots (no `..`) or anything an upstream decodes. */
const PARAM = /^[A-Za-z0-9_-]{1,128}$/;

export class RoutePolicyTable {
  private readonly router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false });

  constructor(policies: readonly ApiRoutePolicy[] = API_ROUTE_POLICY) {
    for (const policy of policies) {
      this.router.on(policy.method, policy.path, () => undefined, policy);
    }
  }

  /** `path` must already be canonical (path-guard.ts) and carry no query string. */
  match(method: string, path: string): MatchedPolicy | null {
    const found = this.router.find((method === 'HEAD' ? 'GET' : method) as FindMyWay.HTTPMethod, path);
    if (!found) return null;
    const params = found.params as Record<string, string>;
    for (const name in params) if (!PARAM.test(params[name]!)) return null;
    return { policy: found.store as ApiRoutePolicy, params };
  }
}
