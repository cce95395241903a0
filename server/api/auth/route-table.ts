/**
 * The API's copy of the route policy: the browser's table (shared/api-route-policy.ts) plus the
 * calls only the gateway makes. A route with no row here answers 404, so a route added to the
 * API without a policy cannot be reached by accident.
 */
import { API_ROUTE_POLICY, type ApiRoutePolicy } from '../../../shared/api-route-policy.js';

/** Asked by the gateway with the caller's assertion while it resolves a resource's owner. */
const GATEWAY_ROUTES: readonly ApiRoutePolicy[] = [{ method: 'GET', path: '/api/scopes/:kind/:id', scope: 'session', permissions: [] }];

export class RouteTable {
  private readonly rows = new Map<string, ApiRoutePolicy>();

  constructor(policies: readonly ApiRoutePolicy[] = [...API_ROUTE_POLICY, ...GATEWAY_ROUTES]) {
    for (const policy of policies) this.rows.set(`${policy.method} ${policy.path}`, policy);
  }

  /** `path` is the route's pattern as registered, e.g. `/api/orgs/:orgId`. */
  get(method: string, path: string): ApiRoutePolicy | undefined {
    return this.rows.get(`${method} ${path}`);
  }
}
