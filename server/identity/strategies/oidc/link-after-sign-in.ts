/**
 * Account linking by verified e-mail, with the user's confirmation: a provider vouched for an
 * address an existing account already has, so the login flow asks the person to sign in to that
 * account the usual way; once they did, the provider account is added to it.
 */
import type { Call } from '../../flows/call.js';
import type { Flow } from '../../flows/flow-service.js';
import { AlreadyLinkedError, changeLinks, type LinkedProvider } from './credential.js';
import { recordSettingsChange } from '../../audit.js';

/** Kept in `flow.internal.oidc_link` of the login flow that asks for confirmation. */
export interface PendingLink extends LinkedProvider {
  identity_id: string;
}

export async function linkAfterSignIn(call: Call, flow: Flow, identityId: string): Promise<void> {
  const pending = flow.internal.oidc_link as PendingLink | undefined;
  if (!pending) return;
  delete flow.internal.oidc_link;
  // Only the account that owns the address takes the link, whoever signs in on this flow.
  if (pending.identity_id !== identityId) return;
  try {
    await call.ctx.db.transaction(async (tx) => {
      await changeLinks(tx, identityId, { provider: pending.provider, subject: pending.subject }, 'add', call.ctx.now());
      await recordSettingsChange(tx, call.request, identityId, { method: 'oidc', change: 'linked', provider: pending.provider, after: 'sign-in' }, call.ctx.now());
    });
  } catch (error) {
    // Linked to another account in the meantime: signing in still succeeds, without the link.
    if (!(error instanceof AlreadyLinkedError)) throw error;
  }
}
