/**
 * Answering an invite. `GET /api/validate` shows an invite's organisation and state to whoever
 * holds the link, and whether its address already has an account. Then:
 *   `POST /api/register`     no account yet: creates one with the invite's (now verified) address
 *                            and a password, and joins;
 *   `POST /api/registerjoin` just signed up through the identity service: sets the names, joins;
 *   `POST /api/join`         signed in: accepts (or, with `accept: false`, declines).
 * Signed-in callers must own the invited address: a forwarded link is no way into an organisation.
 * An accepted invite tells the organisation (a notification, in the same transaction).
 */
import type { FastifyInstance } from 'fastify';
import { PASSWORD_MIN_LENGTH } from '../../../shared/password-policy.js';
import type { Queryable } from '../../db/database.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import type { IdentityProfile } from '../identity/identity-admin.js';
import { notifyOrg } from '../notifications/notify.js';
import { addMember, type OrgMember } from '../orgs/members.js';
import { ApiError, conflict, notFound } from '../http/api-error.js';
import { saveProfile } from '../users/store.js';
import { OrgMemberSchema } from '../orgs/member-schema.js';
import { InvitationCheckSchema } from './invite-schema.js';
import { closeInvite, findByToken, type Invite } from './store.js';

const TOKEN = { type: 'string', minLength: 16, maxLength: 128 } as const;
const NAME = { type: 'string', maxLength: 100 } as const;

const unknownInvite = () => notFound('invite', 'of this link');

function mustBePending(invite: Invite): void {
  if (invite.status !== 'pending') throw conflict(`This invite is ${invite.status}`);
}

function mustBeAddressedTo(invite: Invite, profile: IdentityProfile): void {
  if (profile.email.toLowerCase() !== invite.email.toLowerCase()) {
    throw new ApiError(403, 'This invite was sent to another e-mail address: sign in with that address');
  }
}

export async function registerInviteAcceptRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  /** Joins under a lock on the invite row, so a token is used once. */
  const accept = (token: string, profile: IdentityProfile): Promise<OrgMember> =>
    ctx.db.transaction(async (tx) => {
      const invite = await findByToken(tx, token, ctx.now(), true);
      if (!invite) throw unknownInvite();
      mustBePending(invite);
      mustBeAddressedTo(invite, profile);
      await saveProfile(tx, profile, ctx.now());
      const member = await addMember(tx, invite.orgId, profile.id, invite.role, ctx.now());
      if (!member) throw conflict('You already belong to this organisation');
      await closeInvite(tx, invite.id, 'accepted', profile.id, ctx.now());
      const who = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
      await notifyOrg(tx, {
        orgId: invite.orgId,
        kind: 'invite.accepted',
        title: `${who} joined the organisation`,
        body: `${who} (${profile.email}) accepted the invite and joined as ${invite.role}.`,
        data: { inviteId: invite.id, userId: profile.id, role: invite.role },
        createdAt: ctx.now(),
      });
      return member;
    });

  const pendingInvite = async (db: Queryable, token: string) => {
    const invite = await findByToken(db, token, ctx.now());
    if (!invite) throw unknownInvite();
    mustBePending(invite);
    return invite;
  };

  app.get<{ Querystring: { token: string } }>(
    '/api/validate',
    { schema: { querystring: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: TOKEN } }, response: { 200: InvitationCheckSchema } } },
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

  app.post<{ Body: { token: string; password: string; firstName?: string; lastName?: string } }>(
    '/api/register',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token', 'password'],
          properties: { token: TOKEN, password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: 256 }, firstName: NAME, lastName: NAME },
        },
        response: { 201: OrgMemberSchema },
      },
    },
    async (request, reply) => {
      const { token, password, firstName, lastName } = request.body;
      const invite = await pendingInvite(ctx.db, token);
      // The invite reached this address: it counts as verified.
      const profile = await ctx.identities.create({ email: invite.email, firstName, lastName, password, verified: true });
      const member = await accept(token, profile);
      return reply.code(201).send(member);
    },
  );

  app.post<{ Body: { token: string; firstName?: string; lastName?: string } }>(
    '/api/registerjoin',
    {
      schema: {
        body: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: TOKEN, firstName: NAME, lastName: NAME } },
        response: { 201: OrgMemberSchema },
      },
    },
    async (request, reply) => {
      const { token, firstName, lastName } = request.body;
      const callerId = callerOf(request).id;
      const invite = await pendingInvite(ctx.db, token);
      let profile = await ctx.identities.get(callerId);
      if (!profile) throw new ApiError(401, 'The identity of this request no longer exists');
      mustBeAddressedTo(invite, profile);
      if (firstName !== undefined || lastName !== undefined) {
        profile = (await ctx.identities.update(callerId, { firstName, lastName })) ?? profile;
      }
      return reply.code(201).send(await accept(token, profile));
    },
  );

  app.post<{ Body: { token: string; accept?: boolean } }>(
    '/api/join',
    { schema: { body: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: TOKEN, accept: { type: 'boolean' } } }, response: { 201: OrgMemberSchema } } },
    async (request, reply) => {
      const { token } = request.body;
      const callerId = callerOf(request).id;
      const profile = await ctx.identities.get(callerId);
      if (!profile) throw new ApiError(401, 'The identity of this request no longer exists');
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
      const member = await accept(token, profile);
      return reply.code(201).send(member);
    },
  );
}
