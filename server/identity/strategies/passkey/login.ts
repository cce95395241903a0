/**
 * Signing in with a passkey: no identifier typed, the authenticator says whose key it is (the
 * user handle) and proves it with a user-verified signature over the flow's challenge.
 */
import { addMessage, setMessages } from '../../flows/flow-service.js';
import { identityIsUnverified } from '../../identities/verification-required.js';
import { findIdentityIdByIdentifier, getIdentity } from '../../store/identities.js';
import { failure } from '../../ui/messages.js';
import { clearMessages } from '../../ui/nodes.js';
import { CeremonyError, parseAssertion, verifyAssertion } from '../../webauthn/ceremony.js';
import { loadKeys, recordKeyUse } from '../../webauthn/key-store.js';
import { takePending } from '../../webauthn/pending.js';
import { relyingParty } from '../../webauthn/relying-party.js';
import { userHandleIdentifier } from '../../webauthn/stored-keys.js';
import type { LoginOutcome, LoginStrategy } from '../strategy.js';
import { passkeyLoginNodes } from './nodes.js';
import { offerLogin, renewLogin } from './offer.js';

const refused = (): LoginOutcome => ({ kind: 'form', status: 400 });

export const passkeyLogin: LoginStrategy = {
  method: 'passkey',
  firstFactorNodes: (call, flow) => (flow ? passkeyLoginNodes(call.ctx.options.publicUrl, offerLogin(call, flow)) : []),
  refreshNodes(_identity, credentials, call, flow) {
    const keys = credentials.find((c) => c.type === 'passkey')?.config.credentials;
    if (!call || !flow || !Array.isArray(keys) || keys.length === 0) return [];
    return passkeyLoginNodes(call.ctx.options.publicUrl, offerLogin(call, flow, keys));
  },
  async login(call, flow, body, current) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    const pending = await takePending(call, flow, 'passkey_login');
    const own = current ? (await loadKeys(ctx.db, current.identity.id, 'passkey')).credentials : [];
    renewLogin(call, flow, own);
    if (!pending) {
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    let assertion;
    try {
      assertion = parseAssertion(body.passkey_login);
    } catch (error) {
      if (!(error instanceof CeremonyError)) throw error;
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    const identityId = assertion.userHandle.length ? await findIdentityIdByIdentifier(ctx.db, 'passkey', userHandleIdentifier(assertion.userHandle)) : undefined;
    const keys = identityId ? (await loadKeys(ctx.db, identityId, 'passkey')).credentials : [];
    if (!identityId || keys.length === 0) {
      addMessage(flow, failure.noKeyForAccount());
      return refused();
    }
    let used;
    try {
      used = await verifyAssertion(relyingParty(ctx.options), 'passkey', assertion, pending.challenge, keys);
    } catch (error) {
      if (!(error instanceof CeremonyError)) throw error;
      ctx.log.info({ identityId, reason: error.message }, 'passkey sign-in refused');
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    const fresh = await recordKeyUse(ctx, identityId, 'passkey', (config) => [userHandleIdentifier(Buffer.from(config.user_handle, 'base64'))], used);
    if (!fresh) {
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    const identity = (await getIdentity(ctx.db, identityId))!;
    if (identity.state !== 'active') {
      addMessage(flow, failure.accountDisabled());
      return refused();
    }
    if (ctx.options.requireVerifiedAddress && identityIsUnverified(identity)) {
      addMessage(flow, failure.addressNotVerified());
      return refused();
    }
    return { kind: 'authenticated', identityId, method: 'passkey', aal: 'aal1' };
  },
};
