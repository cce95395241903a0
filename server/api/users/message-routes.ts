/**
 * The e-mails the system sent a user (sign-up codes, recovery, verification), newest first, with
 * their delivery state — so an administrator can tell "it never left" from "it went to spam".
 * Subjects and states only: the bodies hold codes and links that are the user's alone.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ApiContext } from '../context.js';
import { checkId, found } from '../http/api-error.js';
import { getUser } from './store.js';
import { SentMessagesSchema } from './user-admin-schema.js';

export async function registerUserMessageRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/admin/users/:userId/messages',
    {
      schema: {
        tags: ['users'],
        summary: "E-mails sent to a user's address with their delivery state (no bodies)",
        params: Type.Object({ userId: Type.String() }),
        querystring: Type.Object(
          { pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })), pageToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
          { additionalProperties: false },
        ),
        response: { 200: SentMessagesSchema },
      },
    },
    async (request) => {
      const id = checkId('user', request.params.userId);
      const user = found(await getUser(ctx.db, id), 'user', id);
      return ctx.identities.listMessages(user.email, request.query.pageSize ?? 20, request.query.pageToken);
    },
  );
}
