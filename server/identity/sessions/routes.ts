/**
 * `GET /sessions/whoami` (the gateway calls it for every new session) and a user's own session
 * list: `GET /sessions` (the others), `DELETE /sessions` (sign out everywhere else),
 * `DELETE /sessions/{id}`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context.js';
import { recordAccountEvent } from '../audit.js';
import { kratosErrorBody } from '../http/kratos-error.js';
import { getSession, listIdentitySessions, revokeIdentitySessions, revokeSession } from '../store/sessions.js';
import { currentSession, sessionByToken } from './session-service.js';
import { sessionTokenOf } from './session-cookie.js';
import { WhoamiCache, type WhoamiAnswer } from './whoami-cache.js';
import { identityToWire, sessionToWire } from './wire.js';
import { browserInit } from '../flows/urls.js';

const MAX_PER_PAGE = 1000;

export function registerSessionRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const unauthorized = () => kratosErrorBody(401, { reason: 'No valid session credentials found in the request.', message: 'The request could not be authorized' });

  app.get('/sessions/whoami', async (request, reply) => {
    const token = sessionTokenOf(request);
    if (!token) return reply.code(401).send(unauthorized());
    const key = WhoamiCache.keyOf(token);
    const answer = await ctx.whoami.lookup(key, () => loadWhoami(ctx, token));
    if (!answer) return reply.code(401).send(unauthorized());
    // whoami's required AAL is the highest available: a half-finished sign-in is not a session yet.
    if (answer.needsAal2) {
      const location = browserInit(ctx.options, 'login', { aal: 'aal2' });
      return reply.code(403).send({
        ...kratosErrorBody(403, {
          id: 'session_aal2_required',
          reason: 'An active session was found but it does not fulfil the Authenticator Assurance Level, implying that the session must be upgraded.',
          message: 'Session does not fulfil the requested Authenticator Assurance Level',
          details: { redirect_browser_to: location },
        }),
        redirect_browser_to: location,
      });
    }
    // Already JSON: a string with a JSON content type goes out as it is, unserialised.
    return reply
      .header('x-kratos-authenticated-identity-id', answer.identityId)
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(answer.body);
  });

  app.get<{ Querystring: { page?: string; per_page?: string } }>('/sessions', async (request, reply) => {
    const active = await currentSession(ctx, request);
    if (!active) return reply.code(401).send(unauthorized());
    const { offset, limit } = paging(request);
    const sessions = await listIdentitySessions(ctx.db, active.identity.id, { offset, limit, active: true, except: active.session.id, now: ctx.now() });
    return sessions.map((s) => sessionToWire(s, undefined));
  });

  app.delete('/sessions', async (request, reply) => {
    const active = await currentSession(ctx, request);
    if (!active) return reply.code(401).send(unauthorized());
    const count = await ctx.db.transaction(async (tx) => {
      const revoked = await revokeIdentitySessions(tx, active.identity.id, ctx.now(), active.session.id);
      await recordAccountEvent(tx, request, { action: 'account.signout.everywhere', identityId: active.identity.id, details: { sessions: revoked } }, ctx.now());
      return revoked;
    });
    return { count };
  });

  app.delete<{ Params: { id: string } }>('/sessions/:id', async (request, reply) => {
    const active = await currentSession(ctx, request);
    if (!active) return reply.code(401).send(unauthorized());
    if (request.params.id === active.session.id) {
      return reply.code(400).send(kratosErrorBody(400, { reason: 'Use logout to end the current session.' }));
    }
    const session = await getSession(ctx.db, request.params.id);
    if (!session || session.identity_id !== active.identity.id) {
      return reply.code(404).send(kratosErrorBody(404, { reason: 'No such session of yours.' }));
    }
    await ctx.db.transaction(async (tx) => {
      if (await revokeSession(tx, session.id, ctx.now()))
        await recordAccountEvent(tx, request, { action: 'account.session.revoked', identityId: active.identity.id, details: { sessionId: session.id } }, ctx.now());
    });
    return reply.code(204).send();
  });
}

/** The database's whoami answer for a token, when its session is active and unexpired. */
async function loadWhoami(ctx: IdentityContext, token: string): Promise<WhoamiAnswer | undefined> {
  const active = await sessionByToken(ctx, token);
  if (!active) return undefined;
  return {
    identityId: active.identity.id,
    needsAal2: active.session.aal !== 'aal2' && active.hasSecondFactor,
    body: JSON.stringify(sessionToWire(active.session, identityToWire(active.identity, ctx.options.publicUrl))),
    expiresAt: active.session.expires_at.getTime(),
  };
}

function paging(request: FastifyRequest<{ Querystring: { page?: string; per_page?: string } }>): { offset: number; limit: number } {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(request.query.per_page ?? 250) || 250));
  const page = Math.max(1, Number(request.query.page ?? 1) || 1);
  return { offset: (page - 1) * perPage, limit: perPage };
}
