/**
 * Logout: browsers first fetch a logout URL carrying a single-purpose token (so a third-party
 * page cannot log anyone out with a bare link), then follow it; API clients revoke their
 * session token directly.
 */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { recordAccountEvent } from '../audit.js';
import { bodyOf, stringField } from '../http/body.js';
import { KratosError } from '../http/kratos-error.js';
import { isJsonRequest } from '../http/request-kind.js';
import { checkReturnTo } from '../http/return-to.js';
import { clearSessionCookie, SESSION_COOKIE } from '../sessions/session-cookie.js';
import { currentSession, sessionByToken } from '../sessions/session-service.js';
import { newLogoutToken } from '../sessions/tokens.js';
import { findSessionByLogoutToken, hashToken, revokeSession } from '../store/sessions.js';
import type { Call } from './call.js';
import { ensureCsrfCookie } from './csrf-guard.js';
import { respondError } from './respond.js';
import { sessionInactive } from './session-guards.js';
import { flowUi, publicPath } from './urls.js';

export function registerLogoutRoutes(app: FastifyInstance, ctx: IdentityContext, allowedReturns: () => string[]): void {
  app.get<{ Querystring: { return_to?: string } }>('/self-service/logout/browser', async (request, reply) => {
    const call: Call = { ctx, request, reply, json: isJsonRequest(request) };
    try {
      const returnTo = checkReturnTo(request.query.return_to, allowedReturns());
      const active = await currentSession(ctx, request);
      if (!active) throw sessionInactive();
      // A fresh token per request: the stored hash is replaced, so only the latest URL works.
      const token = newLogoutToken();
      await ctx.db.query('UPDATE sessions SET logout_token_hash = $2 WHERE id = $1', [active.session.id, hashToken(token)]);
      const url = new URL(publicPath(ctx.options, '/self-service/logout'));
      url.searchParams.set('token', token);
      if (returnTo) url.searchParams.set('return_to', returnTo);
      return { logout_url: url.toString(), logout_token: token };
    } catch (error) {
      if (!(error instanceof KratosError)) throw error;
      call.json = true;
      return respondError(call, error);
    }
  });

  app.get<{ Querystring: { token?: string; return_to?: string } }>('/self-service/logout', async (request, reply) => {
    const call: Call = { ctx, request, reply, json: isJsonRequest(request) };
    try {
      const returnTo = checkReturnTo(request.query.return_to, allowedReturns());
      if (!request.query.token) throw new KratosError(400, { reason: 'The logout token is missing.' });
      const session = await findSessionByLogoutToken(ctx.db, request.query.token);
      const cookieSession = request.cookies[SESSION_COOKIE] ? await sessionByToken(ctx, request.cookies[SESSION_COOKIE]) : undefined;
      if (!session || (cookieSession && cookieSession.session.id !== session.id)) {
        throw new KratosError(403, { reason: 'The logout token is not valid for this session.' });
      }
      await ctx.db.transaction(async (tx) => {
        if (await revokeSession(tx, session.id, ctx.now()))
          await recordAccountEvent(tx, request, { action: 'account.session.revoked', identityId: session.identity_id, details: { by: 'sign-out' } }, ctx.now());
      });
      clearSessionCookie(reply, ctx.options.publicUrl);
      // A new CSRF secret after logout: nothing prepared for the old session carries over.
      delete request.cookies[Object.keys(request.cookies).find((name) => name.startsWith('csrf_token_')) ?? ''];
      ensureCsrfCookie(request, reply, ctx.options);
      if (call.json) return reply.code(204).send();
      return reply.redirect(returnTo ?? flowUi(ctx.options, 'login'), 303);
    } catch (error) {
      if (!(error instanceof KratosError)) throw error;
      return respondError(call, error);
    }
  });

  app.delete('/self-service/logout/api', async (request, reply) => {
    const token = stringField(bodyOf(request.body), 'session_token');
    if (!token) return reply.code(400).send(new KratosError(400, { reason: 'The session_token field is missing.' }).body());
    const active = await sessionByToken(ctx, token);
    if (!active) return reply.code(403).send(new KratosError(403, { reason: 'The session token is not valid.' }).body());
    await ctx.db.transaction(async (tx) => {
      if (await revokeSession(tx, active.session.id, ctx.now()))
        await recordAccountEvent(tx, request, { action: 'account.session.revoked', identityId: active.identity.id, details: { by: 'sign-out' } }, ctx.now());
    });
    return reply.code(204).send();
  });
}
