/**
 * A user's sessions for global administrators: the newest ones with how and where they were
 * signed in, ending one, and "sign out everywhere". The identity service keeps the sessions;
 * the gateway forgets its cached copies as soon as one is ended (the route policy's eviction).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ApiContext } from '../context.js';
import { checkId, notFound } from '../http/api-error.js';
import { NoContent } from '../http/response-schemas.js';
import { UserSessionsSchema } from './user-admin-schema.js';

/** Enough for a person's devices and recent history; older sessions have long expired. */
const SESSIONS_SHOWN = 50;
const tags = ['users'];
const UserParams = Type.Object({ userId: Type.String() });

export async function registerUserSessionRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/admin/users/:userId/sessions',
    { schema: { tags, summary: "A user's newest sessions, active or ended (never their tokens)", params: UserParams, response: { 200: UserSessionsSchema } } },
    async (request) => {
      const id = checkId('user', request.params.userId);
      const items = await ctx.identities.listSessions(id, SESSIONS_SHOWN);
      if (!items) throw notFound('user', id);
      return { items };
    },
  );

  app.delete(
    '/api/admin/users/:userId/sessions',
    { schema: { tags, summary: 'Sign a user out everywhere: end all their sessions', params: UserParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const id = checkId('user', request.params.userId);
      if (!(await ctx.identities.revokeSessions(id))) throw notFound('user', id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/admin/users/:userId/sessions/:sessionId',
    { schema: { tags, summary: "End one of a user's sessions", params: Type.Object({ userId: Type.String(), sessionId: Type.String() }), response: { 204: NoContent } } },
    async (request, reply) => {
      const id = checkId('user', request.params.userId);
      const sessionId = checkId('session', request.params.sessionId);
      if (!(await ctx.identities.revokeSession(id, sessionId))) throw notFound('session of this user', sessionId);
      return reply.code(204).send();
    },
  );
}
