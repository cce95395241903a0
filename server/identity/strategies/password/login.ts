/** Signing in with identifier and password. */
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
  refreshNodes: (_identity, credentials) =>
    credentials.some((c) => c.type === 'password') ? [passwordInput('current-password'), passwordRefreshSubmit()] : [],
  async login(call, flow, body) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    const identifier = stringField(body, 'identifier')?.trim() ?? '';
    const password = stringField(body, 'password') ?? '';
    let missing = false;
    if (!identifier) missing = addNodeMessage(flow.wire.ui.nodes, 'identifier', validationRequired('identifier')) || true;
    if (!password) missing = addNodeMessage(flow.wire.ui.nodes, 'password', validationRequired('password')) || true;
    setIdentifierValue(flow, identifier);
    if (missing) return { kind: 'form', status: 400 };

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
      await ctx.db.transaction((tx) =>
        upsertCredential(tx, identityId, { type: 'password', config: { hashed_password: fresh }, identifiers: credential!.identifiers }, ctx.now()),
      );
    }
    return { kind: 'authenticated', identityId, method: 'password', aal: 'aal1' };
  },
};

function setIdentifierValue(flow: { wire: { ui: { nodes: { attributes: { node_type: string; name?: string; value?: unknown; type?: string } }[] } } }, identifier: string): void {
  for (const node of flow.wire.ui.nodes) {
    if (node.attributes.node_type === 'input' && node.attributes.name === 'identifier' && node.attributes.type !== 'hidden') {
      node.attributes.value = identifier;
    }
  }
}
