/**
 * The admin session API (Kratos `IdentityApi` session calls): list every session, get one,
 * disable one, extend one. `expand=identity` embeds the identity; devices are always listed.
 */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { KratosError } from '../http/kratos-error.js';
import { identityToWire, sessionToWire } from '../sessions/wire.js';
import { getIdentity, listIdentities } from '../store/identities.js';
import { extendSession, getSession, listSessions, revokeSession, type StoredSession } from '../store/sessions.js';
import { linkPages, pageQuerySchema, readPage, type PageQuery } from './paging.js';
import { recordAdminChange } from '../audit.js';

type Expand = { expand?: string | string[] };

const expandSchema = {
  anyOf: [
    { type: 'string', enum: ['identity', 'devices'] },
    { type: 'array', items: { type: 'string', enum: ['identity', 'devices'] } },
  ],
};

export function registerAdminSessionRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const expandsIdentity = (query: Expand) => [query.expand ?? []].flat().includes('identity');

  const withIdentities = async (sessions: StoredSession[], expand: boolean) => {
    if (!expand) return sessions.map((s) => sessionToWire(s, undefined));
    const ids = [...new Set(sessions.map((s) => s.identity_id))];
    const identities = new Map((await listIdentities(ctx.db, { limit: ids.length, ids })).map((i) => [i.id, identityToWire(i, ctx.options.publicUrl, { admin: true })]));
    return sessions.map((s) => sessionToWire(s, identities.get(s.identity_id)));
  };

  const mustGet = async (id: string) => {
    const session = await getSession(ctx.db, id);
    if (!session) throw new KratosError(404, { reason: `No session with id ${id}.` });
    return session;
  };

  app.get<{ Querystring: PageQuery & Expand & { active?: boolean } }>(
    '/admin/sessions',
    { schema: { querystring: { type: 'object', properties: { ...pageQuerySchema, active: { type: 'boolean' }, expand: expandSchema } } } },
    async (request, reply) => {
      const { size, after } = readPage(request.query);
      const rows = await listSessions(ctx.db, { limit: size + 1, after, active: request.query.active, now: ctx.now() });
      return withIdentities(linkPages(request, reply, rows, size), expandsIdentity(request.query));
    },
  );

  app.get<{ Params: { id: string }; Querystring: Expand }>(
    '/admin/sessions/:id',
    { schema: { querystring: { type: 'object', properties: { expand: expandSchema } } } },
    async (request) => {
      const [session] = await withIdentities([await mustGet(request.params.id)], expandsIdentity(request.query));
      return session;
    },
  );

  app.delete<{ Params: { id: string } }>('/admin/sessions/:id', async (request, reply) => {
    const session = await mustGet(request.params.id);
    await ctx.db.transaction(async (tx) => {
      if (await revokeSession(tx, session.id, ctx.now())) {
        await recordAdminChange(tx, request, { action: 'user.session.revoked', identityId: session.identity_id, details: { sessionId: session.id } }, ctx.now());
      }
    });
    return reply.code(204).send();
  });

  // A fresh full lifespan from now; an ended session stays ended.
  app.patch<{ Params: { id: string } }>('/admin/sessions/:id/extend', async (request) => {
    const session = await mustGet(request.params.id);
    const now = ctx.now();
    if (!session.active || session.expires_at <= now) throw new KratosError(404, { reason: `Session ${session.id} is no longer active.` });
    await extendSession(ctx.db, session.id, new Date(now.getTime() + ctx.settings().sessionLifespanMs), now);
    const extended = await mustGet(session.id);
    const identity = await getIdentity(ctx.db, extended.identity_id);
    return sessionToWire(extended, identity && identityToWire(identity, ctx.options.publicUrl, { admin: true }));
  });
}
