/**
 * Offering a passkey ceremony on a flow: a fresh challenge remembered with the flow and the
 * options node carrying it. After every answer the offer is renewed, so a failed attempt can
 * be retried and a used challenge never comes back.
 */
import type { Call } from '../../flows/call.js';
import type { Flow } from '../../flows/flow-service.js';
import { findInput } from '../../ui/nodes.js';
import { newChallenge, requestOptions } from '../../webauthn/ceremony.js';
import { remember } from '../../webauthn/pending.js';
import { relyingParty } from '../../webauthn/relying-party.js';
import type { StoredWebAuthnKey } from '../../webauthn/stored-keys.js';

/** Sign-in options; `allowed` narrows them to one identity's keys (refresh). */
export function offerLogin(call: Call, flow: Flow, allowed: readonly StoredWebAuthnKey[] = []) {
  const challenge = newChallenge();
  remember(flow, 'passkey_login', { challenge });
  return requestOptions(relyingParty(call.ctx.options), 'passkey', challenge, allowed);
}

/** Puts a new sign-in challenge into the flow's existing options node. */
export function renewLogin(call: Call, flow: Flow, allowed: readonly StoredWebAuthnKey[] = []): void {
  const node = findInput(flow.wire.ui.nodes, 'passkey_challenge');
  const options = offerLogin(call, flow, allowed);
  if (node && node.attributes.node_type === 'input') node.attributes.value = JSON.stringify(options);
}
