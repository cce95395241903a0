/**
 * The rules every answer to an invite follows: its link must name a pending invite, a signed-in
 * caller must own the invited address (a forwarded link is no way into an organisation), and
 * joining happens once, under a lock on the invite row, telling the organisation in the same
 * transaction.
 */
import { Type } from 'typebox';
import type { ApiContext } from '../context.js';
import { ApiError, conflict, notFound } from '../http/api-error.js';
import type { IdentityProfile } from '../identity/identity-admin.js';
import { notifyOrg } from '../notifications/notify.js';
import { addMember, type OrgMember } from '../orgs/members.js';
import { saveProfile } from '../users/store.js';
import { closeInvite, findByToken, type Invite } from './store.js';

/** The token from the invite's link. */
export const InviteToken = Type.String({ minLength: 16, maxLength: 128 });
export const tags = ['invitations'];

export const unknownInvite = () => notFound('invite', 'of this link');

export function mustBePending(invite: Invite): void {
  if (invite.status !== 'pending') throw conflict(`This invite is ${invite.status}`);
}

export function mustBeAddressedTo(invite: Invite, profile: IdentityProfile): void {
  if (profile.email.toLowerCase() !== invite.email.toLowerCase()) {
    throw new ApiError(403, 'This invite was sent to another e-mail address: sign in with that address');
  }
}

export async function pendingInvite(ctx: ApiContext, token: string): Promise<Invite> {
  const invite = await findByToken(ctx.db, token, ctx.now());
  if (!invite) throw unknownInvite();
  mustBePending(invite);
  return invite;
}

/** The caller's profile as the identity service has it now. */
export async function callerProfile(ctx: ApiContext, callerId: string): Promise<IdentityProfile> {
  const profile = await ctx.identities.get(callerId);
  if (!profile) throw new ApiError(401, 'The identity of this request no longer exists');
  return profile;
}

/** Joins under a lock on the invite row, so a token is used once. */
export function acceptInvite(ctx: ApiContext, token: string, profile: IdentityProfile): Promise<OrgMember> {
  return ctx.db.transaction(async (tx) => {
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
      data: { inviteId: invite.id, userId: profile.id, role: invite.role, name: who },
      createdAt: ctx.now(),
    });
    return member;
  });
}
