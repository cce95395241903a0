/**
 * The API's copy of the route policy: the browser's table (shared/api-route-policy.ts) plus the
 * calls only the gateway (and a load balancer) makes. A route with no row here answers 404, so a
 * route added to the API without a policy cannot be reached by accident.
 */
import { API_ROUTE_POLICY, type ApiRoutePolicy, type HttpMethod } from '../../../shared/api-route-policy.js';
import type { PermissionId } from '../../../shared/permission-ids.js';
import { REFUSAL_REPORT_PATH } from '../../audit/refusal-report.js';

/**
 * A call the gateway makes for the identity platform's project API (its members): the caller is
 * an API key or a global administrator, named by the gateway's platform assertion
 * (shared/platform-assertion.ts) instead of an identity assertion. An administrator must still
 * hold one of `permissions` here; a key was checked by the gateway with the platform service.
 */
export interface PlatformRoutePolicy {
  method: HttpMethod;
  path: string;
  scope: 'platform';
  permissions: readonly PermissionId[];
}

export type RoutePolicy = ApiRoutePolicy | PlatformRoutePolicy;

const PLATFORM_ROUTES: readonly PlatformRoutePolicy[] = [
  { method: 'GET', path: '/internal/global-admins', scope: 'platform', permissions: ['admin:platform'] },
  { method: 'DELETE', path: '/internal/global-admins/:userId', scope: 'platform', permissions: ['admin:platform'] },
];

const GATEWAY_ROUTES: readonly ApiRoutePolicy[] = [
  // Asked with the caller's assertion while the gateway resolves a resource's owner.
  { method: 'GET', path: '/api/scopes/:kind/:id', scope: 'session', permissions: [] },
  // The gateway's own refusals for the audit trail: its handler checks the report's signature (refusal-report-route.ts).
  { method: 'POST', path: REFUSAL_REPORT_PATH, scope: 'public', permissions: [] },
  // Probes: the gateway's readiness and load balancers call them without a caller.
  { method: 'GET', path: '/health/alive', scope: 'public', permissions: [] },
  { method: 'GET', path: '/health/ready', scope: 'public', permissions: [] },
];

export class RouteTable {
  private readonly rows = new Map<string, RoutePolicy>();

  constructor(policies: readonly RoutePolicy[] = [...API_ROUTE_POLICY, ...GATEWAY_ROUTES, ...PLATFORM_ROUTES]) {
    for (const policy of policies) this.rows.set(`${policy.method} ${policy.path}`, policy);
  }

  /** `path` is the route's pattern as registered, e.g. `/api/orgs/:orgId`. */
  get(method: string, path: string): RoutePolicy | undefined {
    return this.rows.get(`${method} ${path}`);
  }
}
