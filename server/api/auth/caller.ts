/** Who is calling, as the verified identity assertion says; set before any handler runs. */
import type { FastifyRequest } from 'fastify';
import type { AuthenticatorAssuranceLevel } from '../../../shared/identity-session.js';
import { ApiError } from '../http/api-error.js';

export interface Caller {
  /** Identity id. */
  id: string;
  sessionId: string;
  aal: AuthenticatorAssuranceLevel;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** The organisation this route acts in, once the access check has found that it exists. */
    checkedOrgId: string | null;
  }
}

/** The caller of a route that requires one; public routes have none. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new ApiError(401, 'No identity assertion: this call needs a signed-in user');
  return request.caller;
}
