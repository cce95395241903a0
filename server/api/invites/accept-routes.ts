/**
 * Answering an invite, in the order a visitor with the link goes through it:
 *   `GET /api/validate`      what the link is for, and whether its address has an account
 *                            (validate-route.ts);
 *   `POST /api/register`,
 *   `POST /api/registerjoin` joining with a new account (register-routes.ts);
 *   `POST /api/join`         joining, or declining, as a signed-in user (join-route.ts).
 * The rules they share (a pending invite, the caller's own address, one use per token, the
 * organisation told in the same transaction) are in invite-answer.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { registerInviteJoinRoute } from './join-route.js';
import { registerInviteRegisterRoutes } from './register-routes.js';
import { registerInviteValidateRoute } from './validate-route.js';

export async function registerInviteAcceptRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await registerInviteValidateRoute(app, ctx);
  await registerInviteRegisterRoutes(app, ctx);
  await registerInviteJoinRoute(app, ctx);
}
