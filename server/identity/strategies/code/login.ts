/** Passwordless sign-in with a code e-mailed to the account's address. */
import { booleanField, stringField } from '../../http/body.js';
import { loginCodeEmail } from '../../courier/templates.js';
import { addMessage, setMessages } from '../../flows/flow-service.js';
import { findIdentityIdByIdentifier, getIdentity, setAddressStatus } from '../../store/identities.js';
import { normalizeIdentifier } from '../../traits/trait-addresses.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { failure, notice } from '../../ui/messages.js';
import { addNodeMessage, clearMessages, csrfNode } from '../../ui/nodes.js';
import type { LoginStrategy } from '../strategy.js';
import { loginChooseNodes, loginSentNodes } from './nodes.js';
import { redeemCode, sendCode } from './one-time-code.js';

export const codeLogin: LoginStrategy = {
  method: 'code',
  firstFactorNodes: () => loginChooseNodes(),
  async login(call, flow, body) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    const sent = flow.wire.state === 'sent_email' && typeof flow.internal.code_address === 'string';
    const identifier = sent ? String(flow.internal.code_address) : normalizeIdentifier(stringField(body, 'identifier') ?? '');

    if (!sent || booleanField(body, 'resend') || stringField(body, 'resend') === 'code') {
      if (!identifier) {
        addNodeMessage(flow.wire.ui.nodes, 'identifier', validationRequired('identifier'));
        return { kind: 'form', status: 400 };
      }
      const identityId = await findIdentityIdByIdentifier(ctx.db, 'code', identifier);
      if (!identityId) {
        addMessage(flow, failure.noCodeLogin());
        return { kind: 'form', status: 400 };
      }
      await ctx.db.transaction((tx) =>
        sendCode(ctx, tx, flow.id, 'login', { value: identifier, via: 'email' }, identityId, (code) => loginCodeEmail(ctx.options.productName, code)),
      );
      ctx.courier.wake();
      flow.internal.code_address = identifier;
      flow.wire.state = 'sent_email';
      flow.wire.active = 'code';
      flow.wire.ui.nodes = [csrfNode(''), ...loginSentNodes(identifier)];
      setMessages(flow, [notice.loginCodeSent()]);
      return { kind: 'form', status: 200 };
    }

    const entered = stringField(body, 'code')?.trim() ?? '';
    if (!entered) {
      addNodeMessage(flow.wire.ui.nodes, 'code', validationRequired('code'));
      return { kind: 'form', status: 400 };
    }
    const redeemed = await redeemCode(ctx, flow.id, entered);
    if (!redeemed?.identity_id) {
      addMessage(flow, failure.invalidLoginCode());
      return { kind: 'form', status: 400 };
    }
    const identity = await getIdentity(ctx.db, redeemed.identity_id);
    if (!identity || identity.state !== 'active') {
      addMessage(flow, failure.accountDisabled());
      return { kind: 'form', status: 400 };
    }
    // The code reached the inbox, which proves the address as well as a verification would.
    await setAddressStatus(ctx.db, { value: redeemed.address, via: redeemed.via }, 'completed', ctx.now());
    return { kind: 'authenticated', identityId: identity.id, method: 'code', aal: 'aal1' };
  },
};
