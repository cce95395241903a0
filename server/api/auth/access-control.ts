/**
 * Defence in depth: the API checks every call as the gateway did. The route's policy row says
 * whether a caller is needed (no row → 404); the identity assertion says who calls (missing,
 * forged or expired → 401); the policy's scope and permission ids say whether they may (403
 * naming the missing ids). Platform routes name their caller otherwise (platform-caller.ts). Runs
 * before the body is read, so a refused upload is never parsed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ApiRoutePolicy } from '../../../shared/api-route-policy.js';
import { ASSERTION_HEADER } from '../../../shared/identity-assertion.js';
import type { PermissionId } from '../../../shared/permission-ids.js';
import type { Queryable } from '../../db/database.js';
import type { UntilNextWrite } from '../../db/until-next-write.js';
import type { CheckedScope, RolePermissions } from '../permissions/lists.js';
import type { OwnerScope, ScopeResolvers } from '../scopes/resolve.js';
import { isSurveyResourceKind } from '../survey/scopes.js';
import { ApiError } from '../http/api-error.js';
import type { KnownUsers } from '../users/known-users.js';
import type { Caller } from './caller.js';
import { platformCaller } from './platform-caller.js';
import { RouteTable } from './route-table.js';
import { VerifiedAssertions } from './verified-assertions.js';
import { UUID } from '../../../shared/uuid.js';

export interface AccessControlDeps {
  db: Queryable;
  roles: RolePermissions;
  /** Permission answers kept until the next change (on PostgreSQL for a few seconds at most); a role change is a change. */
  answers?: UntilNextWrite;
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
  const assertions = new VerifiedAssertions(deps.assertionKey);
  app.decorateRequest('caller', null);
  app.decorateRequest('checkedOrgId', null);
  app.decorateRequest('platformActor', null);

  const authenticate = async (request: FastifyRequest): Promise<Caller> => {
    const token = request.headers[ASSERTION_HEADER];
    if (typeof token !== 'string' || !token) throw new ApiError(401, 'No identity assertion: this call needs a signed-in user');
    let claims;
    try {
      claims = await assertions.verify(token);
    } catch {
      throw new ApiError(401, 'The identity assertion is invalid or has expired');
    }
    if (!UUID.test(claims.sub)) throw new ApiError(401, 'The identity assertion names no identity');
    return { id: claims.sub.toLowerCase(), sessionId: claims.sid, aal: claims.aal };
  };

  // A survey resource never moves to another project, so where it lives is remembered; a
  // deleted one's entry only lets the call reach its handler, which answers 404 as before.
  const surveyScopes = new LRUCache<string, OwnerScope>({ max: 20_000 });
  const ownerOf = async (kind: string, id: string): Promise<OwnerScope | undefined> => {
    if (!isSurveyResourceKind(kind)) return deps.scopes.resolve(deps.db, kind, id);
    const key = `${kind}:${id.toLowerCase()}`;
    const known = surveyScopes.get(key);
    if (known) return known;
    const owner = await deps.scopes.resolve(deps.db, kind, id);
    if (owner) surveyScopes.set(key, owner);
    return owner;
  };

  /** Where this route acts: null for the caller's own list only. */
  const scopeOf = async (policy: ApiRoutePolicy, params: Record<string, string>): Promise<CheckedScope> => {
    if (policy.scope === 'org') return { orgId: idParam(params, 'orgId', 'organisation') };
    if (policy.scope === 'project') return { projectId: idParam(params, 'projectId', 'project') };
    if (policy.scope !== 'resource') return null;
    const { kind, param } = policy.resource!;
    const id = params[param] ?? '';
    const owner = await ownerOf(kind, id);
    if (!owner) throw new ApiError(404, `No ${kind} with id ${id}`);
    return owner.projectId ? { projectId: owner.projectId } : { orgId: owner.orgId };
  };

  /** The permission ids the caller holds where this route acts. */
  const held = async (request: FastifyRequest, policy: ApiRoutePolicy, caller: Caller): Promise<Set<PermissionId>> => {
    const scope = await scopeOf(policy, request.params as Record<string, string>);
    const lookup = () => deps.roles.where(caller.id, scope);
    const found = deps.answers ? await deps.answers.get(`held ${caller.id} ${scope?.orgId ?? ''} ${scope?.projectId ?? ''}`, lookup) : await lookup();
    if ('missing' in found) throw new ApiError(404, `No ${found.missing} with id ${found.id}`);
    // The permission statement found the organisation: its handler need not look again.
    if (policy.scope === 'org') request.checkedOrgId = scope!.orgId!;
    return found.permissions;
  };

  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    // Unrouted: the not-found handler answers.
    if (pattern === undefined) return;
    const policy = table.get(request.method, pattern);
    if (!policy) throw new ApiError(404, `No route ${request.method} ${request.url.split('?')[0]}`);
    if (policy.scope === 'platform') {
      request.platformActor = await platformCaller(request, policy, deps.roles, deps.assertionKey);
      return;
    }
    // Devices are authenticated by their route, with the upload token; share links by theirs, with the link's token.
    if (policy.scope === 'public' || policy.scope === 'device' || policy.scope === 'share') return;
    const caller = await authenticate(request);
    await deps.users.ensure(caller.id);
    request.caller = caller;
    if (policy.scope === 'session') return;
    const ids = await held(request, policy, caller);
    if (policy.permissions.length > 0 && !policy.permissions.some((id) => ids.has(id))) {
      throw new ApiError(403, `Missing permission: this needs one of ${policy.permissions.join(', ')}`, { missing: [...policy.permissions] });
    }
  });
}
