/** Signing in with identifier and password. */
import type { UiNode } from '../../../../shared/identity-flow.js';
import { stringField } from '../../http/body.js';
import { addMessage, setMessages } from '../../flows/flow-service.js';
import { findIdentityIdByIdentifier, getCredential, getIdentity, upsertCredential } from '../../store/identities.js';
import { normalizeIdentifier } from '../../traits/trait-addresses.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { failure } from '../../ui/messages.js';
import { addNodeMessage, clearMessages } from '../../ui/nodes.js';
import type { LoginStrategy } from '../strategy.js';
import { passwordInput, passwordLoginSubmit, passwordRefreshSubmit } from './nodes.js';
import { identityIsUnverified } from '../../identities/verification-required.js';

export const passwordLogin: LoginStrategy = {
  method: 'password',
  firstFactorNodes: () => [passwordInput('current-password'), passwordLoginSubmit()],
  refreshNodes: (_identity, credentials) => (credentials.some((c) => c.type === 'password') ? [passwordInput('current-password'), passwordRefreshSubmit()] : []),
  async login(call, flow, body) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    const identifier = stringField(body, 'identifier')?.trim() ?? '';
    const password = stringField(body, 'password') ?? '';
    if (!identifier) addNodeMessage(flow.wire.ui.nodes, 'identifier', validationRequired('identifier'));
    if (!password) addNodeMessage(flow.wire.ui.nodes, 'password', validationRequired('password'));
    keepIdentifier(flow.wire.ui.nodes, identifier);
    if (!identifier || !password) return { kind: 'form', status: 400 };

    // In refresh mode the identifier is the session's own; it is hidden but still checked.
    const identityId = await findIdentityIdByIdentifier(ctx.db, 'password', normalizeIdentifier(identifier));
    const credential = identityId ? await getCredential(ctx.db, identityId, 'password') : undefined;
    const hash = typeof credential?.config.hashed_password === 'string' ? credential.config.hashed_password : undefined;
    const ok = hash ? await ctx.hasher.verify(hash, password) : await ctx.hasher.verifyAgainstNothing(password);
    if (!ok || !identityId) {
      addMessage(flow, failure.invalidCredentials());
      return { kind: 'form', status: 400 };
    }
    const identity = (await getIdentity(ctx.db, identityId))!;
    if (identity.state !== 'active') {
      addMessage(flow, failure.accountDisabled());
      return { kind: 'form', status: 400 };
    }
    if (ctx.options.requireVerifiedAddress && identityIsUnverified(identity)) {
      addMessage(flow, failure.addressNotVerified());
      return { kind: 'form', status: 400 };
    }
    if (hash && ctx.hasher.needsRehash(hash)) {
      const fresh = await ctx.hasher.hash(password);
      await ctx.db.transaction((tx) => upsertCredential(tx, identityId, { type: 'password', config: { hashed_password: fresh }, identifiers: credential!.identifiers }, ctx.now()));
    }
    return { kind: 'authenticated', identityId, method: 'password', aal: 'aal1' };
  },
};

/** What was typed stays in the form after a failed attempt (the hidden refresh identifier is fixed). */
function keepIdentifier(nodes: readonly UiNode[], identifier: string): void {
  for (const node of nodes) {
    const attributes = node.attributes;
    if (attributes.node_type === 'input' && attributes.name === 'identifier' && attributes.type !== 'hidden') attributes.value = identifier;
  }
}
