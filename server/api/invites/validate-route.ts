/**
 * `GET /api/validate`: an invite's organisation and state for whoever holds the link, and
 * whether its address already has an account, so the client offers sign-in or sign-up.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ApiContext } from '../context.js';
import { InvitationCheckSchema } from './invite-schema.js';
import { InviteToken, tags, unknownInvite } from './invite-answer.js';
import { findByToken } from './store.js';

export async function registerInviteValidateRoute(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/validate',
    {
      schema: {
        tags,
        summary: "What an invite's link is for: its organisation, role, address and state",
        querystring: Type.Object({ token: InviteToken }, { additionalProperties: false }),
        response: { 200: InvitationCheckSchema },
      },
    },
    async (request) => {
      const invite = await findByToken(ctx.db, request.query.token, ctx.now());
      if (!invite) throw unknownInvite();
      const org = await ctx.db.query<{ name: string; inviter: string | null }>(
        `SELECT o.name, (SELECT nullif(trim(first_name || ' ' || last_name), '') FROM users WHERE identity_id = $2) AS inviter FROM orgs o WHERE o.id = $1`,
        [invite.orgId, invite.invitedBy],
      );
      const valid = invite.status === 'pending';
      return {
        valid,
        status: invite.status,
        email: invite.email,
        role: invite.role,
        orgId: invite.orgId,
        orgName: org.rows[0]?.name ?? '',
        invitedBy: org.rows[0]?.inviter ?? null,
        expiresAt: invite.expiresAt,
        // Tells the client whether to offer sign-in (join) or sign-up (register).
        accountExists: valid ? (await ctx.identities.findByEmail(invite.email)) !== undefined : null,
      };
    },
  );
}
