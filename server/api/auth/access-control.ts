/**
 * Defence in depth: the API checks every call as the gateway did. The route's policy row says
 * whether a caller is needed (no row → 404); the identity assertion says who calls (missing,
 * forged or expired → 401); the policy's scope and permission ids say whether they may (403
 * naming the missing ids). Runs before the body is read, so a refused upload is never parsed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiRoutePolicy } from '../../../shared/api-route-policy.js';
import { ASSERTION_HEADER, verifyIdentityAssertion } from '../../../shared/identity-assertion.js';
import type { PermissionId } from '../../../shared/permission-ids.js';
import type { Queryable } from '../../db/database.js';
import { orgPermissions, projectPermissions, userPermissions } from '../permissions/lists.js';
import type { ScopeResolvers } from '../scopes/resolve.js';
import { ApiError } from '../http/api-error.js';
import type { KnownUsers } from '../users/known-users.js';
import type { Caller } from './caller.js';
import { RouteTable } from './route-table.js';
import { UUID } from '../../../shared/uuid.js';

export interface AccessControlDeps {
  db: Queryable;
  assertionKey: Uint8Array;
  scopes: ScopeResolvers;
  users: KnownUsers;
}

/** An id that is not a UUID names nothing. */
function idParam(params: Record<string, string>, name: string, kind: string): string {
  const id = params[name] ?? '';
  if (!UUID.test(id)) throw new ApiError(404, `No ${kind} with id ${id}`);
  return id.toLowerCase();
}

export function installAccessControl(app: FastifyInstance, deps: AccessControlDeps): void {
  const table = new RouteTable();
  app.decorateRequest('caller', null);

  const authenticate = async (request: FastifyRequest): Promise<Caller> => {
    const token = request.headers[ASSERTION_HEADER];
    if (typeof token !== 'string' || !token) throw new ApiError(401, 'No identity assertion: this call needs a signed-in user');
    let claims;
    try {
      claims = await verifyIdentityAssertion(deps.assertionKey, token);
    } catch {
      throw new ApiError(401, 'The identity assertion is invalid or has expired');
    }
    if (!UUID.test(claims.sub)) throw new ApiError(401, 'The identity assertion names no identity');
    return { id: claims.sub.toLowerCase(), sessionId: claims.sid, aal: claims.aal };
  };

  /** The permission ids the caller holds where this route acts. */
  const held = async (policy: ApiRoutePolicy, params: Record<string, string>, caller: Caller): Promise<Set<PermissionId>> => {
    const ids = new Set<PermissionId>(await userPermissions(deps.db, caller.id));
    const addOrg = async (orgId: string) => {
      const list = await orgPermissions(deps.db, orgId, caller.id);
      if (!list) throw new ApiError(404, `No organisation with id ${orgId}`);
      for (const id of list.permissions) ids.add(id);
    };
    const addProject = async (projectId: string) => {
      const list = await projectPermissions(deps.db, projectId, caller.id);
      if (!list) throw new ApiError(404, `No project with id ${projectId}`);
      for (const id of list.permissions) ids.add(id);
      await addOrg(list.orgId);
    };
    if (policy.scope === 'org') await addOrg(idParam(params, 'orgId', 'organisation'));
    if (policy.scope === 'project') await addProject(idParam(params, 'projectId', 'project'));
    if (policy.scope === 'resource') {
      const { kind, param } = policy.resource!;
      const id = params[param] ?? '';
      const owner = await deps.scopes.resolve(deps.db, kind, id);
      if (!owner) throw new ApiError(404, `No ${kind} with id ${id}`);
      if (owner.projectId) await addProject(owner.projectId);
      else await addOrg(owner.orgId);
    }
    return ids;
  };

  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    // Unrouted: the not-found handler answers.
    if (pattern === undefined) return;
    const policy = table.get(request.method, pattern);
    if (!policy) throw new ApiError(404, `No route ${request.method} ${request.url.split('?')[0]}`);
    // Devices are authenticated by their route, with the upload token; share links by theirs, with the link's token.
    if (policy.scope === 'public' || policy.scope === 'device' || policy.scope === 'share') return;
    const caller = await authenticate(request);
    await deps.users.ensure(caller.id);
    request.caller = caller;
    if (policy.scope === 'session') return;
    const ids = await held(policy, request.params as Record<string, string>, caller);
    if (policy.permissions.length > 0 && !policy.permissions.some((id) => ids.has(id))) {
      throw new ApiError(403, `Missing permission: this needs one of ${policy.permissions.join(', ')}`, { missing: [...policy.permissions] });
    }
  });
}
