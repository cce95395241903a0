/**
 * Single-use link tokens for recovery and verification e-mails: 256 random bits in the URL,
 * only their hash in the database, bound to the flow that sent them.
 */
import { randomAlphanumeric } from '../../sessions/tokens.js';
import type { Queryable } from '../../../db/database.js';
import type { IdentityContext } from '../../context.js';
import type { RenderedEmail } from '../../courier/templates.js';
import { publicPath } from '../../flows/urls.js';
import { findLinkToken, insertSecret, useSecret, type SecretPurpose, type StoredSecret } from '../../store/one-time-secrets.js';
import type { TraitAddress } from '../../traits/trait-addresses.js';

export async function sendLink(
  ctx: IdentityContext,
  q: Queryable,
  flowId: string,
  purpose: Extract<SecretPurpose, 'recovery' | 'verification'>,
  address: TraitAddress,
  identityId: string | null,
  email: (link: string) => RenderedEmail,
): Promise<string> {
  const now = ctx.now();
  const token = randomAlphanumeric(43);
  await insertSecret(
    q,
    {
      flow_id: flowId,
      purpose,
      kind: 'link',
      address: address.value,
      via: address.via,
      identity_id: identityId,
      expires_at: new Date(now.getTime() + ctx.options.lifespans.linkMs),
    },
    token,
    now,
  );
  const link = publicPath(ctx.options, `/self-service/${purpose}?flow=${flowId}&token=${token}`);
  await ctx.courier.queue(q, address.value, email(link));
  return link;
}

/** The spent link's record when `token` is a live link this flow sent for `purpose`; undefined otherwise. */
export async function redeemLink(
  ctx: IdentityContext,
  flowId: string,
  purpose: Extract<SecretPurpose, 'recovery' | 'verification'>,
  token: string,
): Promise<StoredSecret | undefined> {
  const secret = await findLinkToken(ctx.db, token);
  const valid = secret && secret.flow_id === flowId && secret.purpose === purpose && !secret.used_at && secret.expires_at > ctx.now();
  return valid && (await useSecret(ctx.db, secret.id, ctx.now())) ? secret : undefined;
}
