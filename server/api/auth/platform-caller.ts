/**
 * Who calls a platform route (route-table.ts): the actor the gateway's platform assertion names,
 * an API key or a global administrator. An assertion that is missing, forged, expired or meant
 * for another audience (an identity assertion among them) is a 401; an administrator who no
 * longer holds the route's permission is a 403, whatever the gateway had cached.
 */
import type { FastifyRequest } from 'fastify';
import { PLATFORM_ASSERTION_HEADER, verifyPlatformAssertion, type PlatformActor } from '../../../shared/platform-assertion.js';
import { ApiError } from '../http/api-error.js';
import type { RolePermissions } from '../permissions/lists.js';
import type { PlatformRoutePolicy } from './route-table.js';

declare module 'fastify' {
  interface FastifyRequest {
    platformActor: PlatformActor | null;
  }
}

export async function platformCaller(request: FastifyRequest, policy: PlatformRoutePolicy, roles: RolePermissions, key: Uint8Array): Promise<PlatformActor> {
  const token = request.headers[PLATFORM_ASSERTION_HEADER];
  if (typeof token !== 'string' || !token) throw new ApiError(401, 'No platform assertion: only the gateway calls this route, for the project API');
  let actor: PlatformActor;
  try {
    actor = await verifyPlatformAssertion(key, token);
  } catch {
    throw new ApiError(401, 'The platform assertion is invalid or has expired');
  }
  if (actor.kind === 'identity') {
    const held = await roles.user(actor.id);
    if (!policy.permissions.some((id) => held.includes(id))) {
      throw new ApiError(403, `Missing permission: this needs one of ${policy.permissions.join(', ')}`, { missing: [...policy.permissions] });
    }
  }
  return actor;
}
