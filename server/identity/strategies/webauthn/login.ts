/**
 * A security key as second factor: the signed-in identity proves it holds one of its keys,
 * which raises the session to aal2.
 */
import type { Call } from '../../flows/call.js';
import { addMessage, setMessages, type Flow } from '../../flows/flow-service.js';
import { failure } from '../../ui/messages.js';
import { clearMessages, findInput } from '../../ui/nodes.js';
import { CeremonyError, newChallenge, parseAssertion, requestOptions, verifyAssertion } from '../../webauthn/ceremony.js';
import { loadKeys, recordKeyUse } from '../../webauthn/key-store.js';
import { remember, takePending } from '../../webauthn/pending.js';
import { relyingParty } from '../../webauthn/relying-party.js';
import { keysOf, type StoredWebAuthnKey } from '../../webauthn/stored-keys.js';
import type { LoginOutcome, LoginStrategy } from '../strategy.js';
import { securityKeyLoginNodes } from './nodes.js';

function offer(call: Call, flow: Flow, keys: readonly StoredWebAuthnKey[]) {
  const challenge = newChallenge();
  remember(flow, 'webauthn_login', { challenge });
  return requestOptions(relyingParty(call.ctx.options), 'security_key', challenge, keys);
}

const refused = (): LoginOutcome => ({ kind: 'form', status: 400 });

export const webauthnLogin: LoginStrategy = {
  method: 'webauthn',
  secondFactorNodes(credentials, call, flow) {
    const keys = keysOf(credentials.find((c) => c.type === 'webauthn')).credentials.filter((key) => !key.is_passwordless);
    if (!call || !flow || keys.length === 0) return [];
    return securityKeyLoginNodes(call.ctx.options.publicUrl, offer(call, flow, keys));
  },
  refreshNodes(_identity, credentials, call, flow) {
    return this.secondFactorNodes!(credentials, call, flow);
  },
  async login(call, flow, body, current) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    if (!current) return refused();
    const pending = await takePending(call, flow, 'webauthn_login');
    const keys = (await loadKeys(ctx.db, current.identity.id, 'webauthn')).credentials.filter((key) => !key.is_passwordless);
    const trigger = findInput(flow.wire.ui.nodes, 'webauthn_login_trigger');
    if (trigger?.attributes.node_type === 'input') trigger.attributes.value = JSON.stringify(offer(call, flow, keys));
    if (keys.length === 0) {
      addMessage(flow, failure.noSecurityKey());
      return refused();
    }
    if (!pending) {
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    let used;
    try {
      used = await verifyAssertion(relyingParty(ctx.options), 'security_key', parseAssertion(body.webauthn_login), pending.challenge, keys);
    } catch (error) {
      if (!(error instanceof CeremonyError)) throw error;
      ctx.log.info({ identityId: current.identity.id, reason: error.message }, 'security key refused');
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    const fresh = await recordKeyUse(ctx, current.identity.id, 'webauthn', () => [current.identity.id], used);
    if (!fresh) {
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    return { kind: 'authenticated', identityId: current.identity.id, method: 'webauthn', aal: 'aal2' };
  },
};
