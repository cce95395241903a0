/**
 * Six-digit codes e-mailed for login, registration, recovery and verification. A code belongs
 * to one flow, expires, is spent on use, and dies after CODE_MAX_ATTEMPTS wrong guesses (a
 * million codes, five guesses: a one-in-200,000 chance per e-mail).
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../../db/database.js';
import type { RenderedEmail } from '../../courier/templates.js';
import type { IdentityContext } from '../../context.js';
import { CODE_MAX_ATTEMPTS } from '../../options.js';
import { countAttempt, hashSecret, insertSecret, invalidateFlowCodes, latestCode, useSecret, type SecretPurpose, type StoredSecret } from '../../store/one-time-secrets.js';
import type { TraitAddress } from '../../traits/trait-addresses.js';

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Replaces any earlier code of the flow and queues the e-mail, in the caller's transaction. */
export async function sendCode(
  ctx: IdentityContext,
  q: Queryable,
  flowId: string,
  purpose: SecretPurpose,
  address: TraitAddress,
  identityId: string | null,
  email: (code: string) => RenderedEmail,
): Promise<void> {
  const now = ctx.now();
  const code = newCode();
  await invalidateFlowCodes(q, flowId, now);
  await insertSecret(
    q,
    {
      flow_id: flowId,
      purpose,
      kind: 'code',
      address: address.value,
      via: address.via,
      identity_id: identityId,
      expires_at: new Date(now.getTime() + ctx.options.lifespans.codeMs),
    },
    code,
    now,
  );
  await ctx.courier.queue(q, address.value, email(code));
}

/** The spent code's record when `entered` is the flow's live code; undefined otherwise. */
export async function redeemCode(ctx: IdentityContext, flowId: string, entered: string): Promise<StoredSecret | undefined> {
  const now = ctx.now();
  const code = await latestCode(ctx.db, flowId);
  if (!code || code.expires_at <= now || code.attempts >= CODE_MAX_ATTEMPTS) return undefined;
  const given = Buffer.from(hashSecret(entered.trim()));
  if (!timingSafeEqual(given, Buffer.from(code.secret_hash))) {
    await countAttempt(ctx.db, code.id);
    return undefined;
  }
  return (await useSecret(ctx.db, code.id, now)) ? code : undefined;
}
