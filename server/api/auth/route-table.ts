/**
 * The API's copy of the route policy: the browser's table (shared/api-route-policy.ts) plus the
 * calls only the gateway (and a load balancer) makes. A route with no row here answers 404, so a
 * route added to the API without a policy cannot be reached by accident.
 */
import { API_ROUTE_POLICY, type ApiRoutePolicy } from '../../../shared/api-route-policy.js';

const GATEWAY_ROUTES: readonly ApiRoutePolicy[] = [
  // Asked with the caller's assertion while the gateway resolves a resource's owner.
  { method: 'GET', path: '/api/scopes/:kind/:id', scope: 'session', permissions: [] },
  // Probes: the gateway's readiness and load balancers call them without a caller.
  { method: 'GET', path: '/health/alive', scope: 'public', permissions: [] },
  { method: 'GET', path: '/health/ready', scope: 'public', permissions: [] },
];

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
