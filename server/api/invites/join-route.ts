/** `POST /api/join`: a signed-in caller accepts an invite to their address, or declines it with `accept: false`. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { NoContent } from '../http/response-schemas.js';
import { OrgMemberSchema } from '../orgs/member-schema.js';
import { acceptInvite, callerProfile, InviteToken, mustBeAddressedTo, mustBePending, tags, unknownInvite } from './invite-answer.js';
import { closeInvite, findByToken } from './store.js';

const Answer = Type.Object({ token: InviteToken, accept: Type.Optional(Type.Boolean({ description: 'false declines; accepts when left out' })) }, { additionalProperties: false });

export async function registerInviteJoinRoute(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/join',
    {
      schema: {
        tags,
        summary: 'Accept an invite to your address and join (201), or decline it (204)',
        body: Answer,
        response: { 201: OrgMemberSchema, 204: NoContent },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      const callerId = callerOf(request).id;
      const profile = await callerProfile(ctx, callerId);
      if (request.body.accept === false) {
        await ctx.db.transaction(async (tx) => {
          const invite = await findByToken(tx, token, ctx.now(), true);
          if (!invite) throw unknownInvite();
          mustBePending(invite);
          mustBeAddressedTo(invite, profile);
          await closeInvite(tx, invite.id, 'declined', callerId, ctx.now());
        });
        return reply.code(204).send();
      }
      const member = await acceptInvite(ctx, token, profile);
      return reply.code(201).send(member);
    },
  );
}
