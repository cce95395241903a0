/**
 * Inviting into an organisation and the organisation's invite list. Inviting an address that has
 * a pending invite replaces it (the old link stops working); inviting a member is a 409; only an
 * owner or a global administrator may invite an owner. Cancelling takes back a pending invite.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { ApiError, checkId, conflict, notFound } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { PageOf } from '../http/response-schemas.js';
import { Email, OrgParams, TextEnum } from '../http/schemas.js';
import { OrgRoleInput } from '../orgs/member-schema.js';
import type { OrgRole } from '../permissions/roles.js';
import { InviteSchema } from './invite-schema.js';
import { inviteMail, queueMail } from './outbox.js';
import { cancelInvite, createInvite, expireInvites, INVITE_STATUSES, listInvites } from './store.js';

const tags = ['invitations'];
const NewInvite = Type.Object({ email: Email, role: Type.Optional(OrgRoleInput) }, { additionalProperties: false });
const Created = Type.Object({ ...InviteSchema.properties, link: Type.String({ description: 'The join link the e-mail carries, answered only now' }) });
const ListQuery = Type.Object(
  { status: Type.Optional(TextEnum(INVITE_STATUSES)), q: Type.Optional(Type.String({ maxLength: 200 })), ...PageQueryFields },
  { additionalProperties: false },
);
const InviteParams = Type.Object({ ...OrgParams.properties, inviteId: Type.String() });

/** The client page that accepts an invite (under the `/orgs` area of the client's routes). */
export const inviteLink = (publicUrl: string, token: string) => `${publicUrl}/orgs/join?token=${encodeURIComponent(token)}`;

export async function registerInviteRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/orgs/:orgId/invite',
    {
      schema: {
        tags,
        summary: 'Invite an address into the organisation (as member unless another role is given); replaces its pending invite',
        params: OrgParams,
        body: NewInvite,
        response: { 201: Created },
      },
    },
    async (request, reply) => {
      const orgId = checkId('organisation', request.params.orgId);
      const caller = callerOf(request);
      const email = request.body.email.trim().toLowerCase();
      const role = request.body.role ?? 'member';
      const { invite, token } = await ctx.db.transaction(async (tx) => {
        const r = await tx.query<{ name: string; caller_role: OrgRole | null; caller_admin: boolean; inviter: string | null; member: boolean }>(
          `SELECT o.name,
                  (SELECT role FROM org_members WHERE org_id = o.id AND user_id = $2) AS caller_role,
                  EXISTS (SELECT 1 FROM users WHERE identity_id = $2 AND global_role = 'admin') AS caller_admin,
                  (SELECT nullif(trim(first_name || ' ' || last_name), '') FROM users WHERE identity_id = $2) AS inviter,
                  EXISTS (SELECT 1 FROM org_members m JOIN users u ON u.identity_id = m.user_id WHERE m.org_id = o.id AND lower(u.email) = $3) AS member
             FROM orgs o WHERE o.id = $1`,
          [orgId, caller.id, email],
        );
        const org = r.rows[0];
        if (!org) throw notFound('organisation', orgId);
        if (role === 'owner' && org.caller_role !== 'owner' && !org.caller_admin) {
          throw new ApiError(403, 'Only an owner can invite an owner', { missing: ['owner'] });
        }
        if (org.member) throw conflict(`${email} already belongs to this organisation`);
        const created = await createInvite(tx, { orgId, email, role, invitedBy: caller.id }, ctx.now());
        const link = inviteLink(ctx.publicUrl, created.token);
        await queueMail(tx, inviteMail(email, org.name, org.inviter ?? 'A colleague', link, created.invite.expiresAt), ctx.now());
        return created;
      });
      ctx.mailQueued?.();
      return reply.code(201).send({ ...invite, link: inviteLink(ctx.publicUrl, token) });
    },
  );

  app.get(
    '/api/orgs/:orgId/invites',
    {
      schema: {
        tags,
        summary: "The organisation's invites, newest first (query by address, status)",
        params: OrgParams,
        querystring: ListQuery,
        response: { 200: PageOf(InviteSchema) },
      },
    },
    async (request) => {
      const orgId = checkId('organisation', request.params.orgId);
      await expireInvites(ctx.db, ctx.now());
      const { status, q } = request.query;
      return listInvites(ctx.db, orgId, { status, q }, pageArgs(request.query));
    },
  );

  app.delete(
    '/api/orgs/:orgId/invites/:inviteId',
    { schema: { tags, summary: 'Take back a pending invite; its link stops working', params: InviteParams, response: { 200: InviteSchema } } },
    async (request) => {
      const orgId = checkId('organisation', request.params.orgId);
      const inviteId = checkId('invite', request.params.inviteId);
      await expireInvites(ctx.db, ctx.now());
      const result = await cancelInvite(ctx.db, orgId, inviteId, ctx.now());
      if ('cancelled' in result) return result.cancelled;
      // Another organisation's invite is answered like an unknown one: ids do not leak across.
      if (!result.status) throw notFound('invite', inviteId);
      throw conflict(`The invite is ${result.status}, not pending: only a pending invite can be cancelled`);
    },
  );
}
