/**
 * The verification flow: prove an address by a code (default) or a link. It never tells whether
 * an address belongs to an account: every submission moves to "sent".
 */
import type { ContinueWith } from '../../../shared/identity-flow.js';
import { verificationCodeEmail, verificationLinkEmail } from '../courier/templates.js';
import { booleanField, stringField } from '../http/body.js';
import { checkReturnTo } from '../http/return-to.js';
import { findIdentityIdByAddress, setAddressStatus } from '../store/identities.js';
import { findLinkToken, useSecret } from '../store/one-time-secrets.js';
import { normalizeAddress, type TraitAddress } from '../traits/trait-addresses.js';
import { verificationChooseNodes, verificationSentNodes } from '../strategies/code/nodes.js';
import { redeemCode, sendCode } from '../strategies/code/one-time-code.js';
import { linkEmailNodes } from '../strategies/link/nodes.js';
import { sendLink } from '../strategies/link/link-token.js';
import { validationRequired } from '../traits/validation-messages.js';
import { failure, label, notice } from '../ui/messages.js';
import { addNodeMessage, anchorNode, csrfNode } from '../ui/nodes.js';
import type { Call } from './call.js';
import type { FlowKindHandler } from './flow-kind.js';
import { addMessage, createFlow, insert, save, setMessages, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';
import { allowedReturnUrls, defaultReturn, flowUi } from './urls.js';

function newVerificationFlow(call: Call, type: 'browser' | 'api', returnTo?: string): Flow {
  const flow = createFlow(call, { kind: 'verification', type, state: 'choose_method', returnTo });
  setNodes(flow, verificationChooseNodes());
  return flow;
}

/** Sends the code for a registration or changed address and answers the `continue_with` item. */
export async function startVerificationFor(call: Call, type: 'browser' | 'api', address: TraitAddress, returnTo?: string): Promise<ContinueWith> {
  const { ctx } = call;
  const flow = newVerificationFlow(call, type, returnTo);
  await insert(call, flow);
  const identityId = (await findIdentityIdByAddress(ctx.db, 'verifiable_addresses', address)) ?? null;
  await ctx.db.transaction(async (tx) => {
    await sendCode(ctx, tx, flow.id, 'verification', address, identityId, (code) => verificationCodeEmail(ctx.options.productName, code));
    await setAddressStatus(tx, address, 'sent', ctx.now());
  });
  ctx.courier.wake();
  markSent(flow, address.value, 'code');
  await save(call, flow);
  return {
    action: 'show_verification_ui',
    flow: { id: flow.id, verifiable_address: address.value, ...(type === 'browser' ? { url: flowUi(ctx.options, 'verification', { flow: flow.id }) } : {}) },
  };
}

function markSent(flow: Flow, email: string, method: 'code' | 'link'): void {
  flow.internal.address = email;
  flow.wire.state = 'sent_email';
  flow.wire.active = method;
  flow.wire.ui.nodes = [csrfNode(''), ...(method === 'code' ? verificationSentNodes(email) : linkEmailNodes(email))];
  setMessages(flow, [method === 'code' ? notice.verificationCodeSent() : notice.verificationLinkSent()]);
}

function markVerified(call: Call, flow: Flow): void {
  const target = flow.wire.return_to ?? defaultReturn(call.ctx.options);
  flow.wire.state = 'passed_challenge';
  flow.wire.ui.method = 'GET';
  flow.wire.ui.action = target;
  flow.wire.ui.nodes = [csrfNode(''), anchorNode('continue', target, label.continue(), 'code')];
  setMessages(flow, [notice.addressVerified()]);
}

async function verifyAddress(call: Call, address: TraitAddress): Promise<void> {
  await setAddressStatus(call.ctx.db, address, 'completed', call.ctx.now());
}

export const verificationFlow: FlowKindHandler = {
  kind: 'verification',

  async init(call, type, query) {
    return newVerificationFlow(call, type, checkReturnTo(query.return_to, allowedReturnUrls(call.ctx.options)));
  },

  async submit(call, flow, body) {
    const { ctx } = call;
    if (flow.wire.state === 'passed_challenge') {
      const fresh = newVerificationFlow(call, flow.type, flow.wire.return_to);
      addMessage(fresh, failure.verificationDone());
      await insert(call, fresh);
      return respondFlow(call, 'verification', fresh);
    }
    const method = stringField(body, 'method') ?? (body.code ? 'code' : '');
    if (method !== 'code' && method !== 'link') {
      addMessage(flow, failure.verificationNoStrategy());
      await save(call, flow);
      return respondFlow(call, 'verification', flow, 400);
    }
    const rawEmail = stringField(body, 'email')?.trim();
    const code = stringField(body, 'code')?.trim();
    // An e-mail without a code starts over or resends; a code alone answers the last e-mail.
    if (rawEmail !== undefined && !code) {
      if (!rawEmail) {
        setNodes(flow, verificationChooseNodes());
        addNodeMessage(flow.wire.ui.nodes, 'email', validationRequired('email'));
        await save(call, flow);
        return respondFlow(call, 'verification', flow, 400);
      }
      const address: TraitAddress = { value: normalizeAddress(rawEmail, 'email', 'email'), via: 'email' };
      const identityId = await findIdentityIdByAddress(ctx.db, 'verifiable_addresses', address);
      if (identityId) {
        await ctx.db.transaction(async (tx) => {
          if (method === 'code') await sendCode(ctx, tx, flow.id, 'verification', address, identityId, (c) => verificationCodeEmail(ctx.options.productName, c));
          else await sendLink(ctx, tx, flow.id, 'verification', address, identityId, (link) => verificationLinkEmail(ctx.options.productName, link));
          await setAddressStatus(tx, address, 'sent', ctx.now());
        });
        ctx.courier.wake();
      }
      markSent(flow, address.value, method);
      await save(call, flow);
      return respondFlow(call, 'verification', flow);
    }
    if (flow.wire.state !== 'sent_email' || !code || booleanField(body, 'resend')) {
      if (flow.wire.state === 'sent_email') addNodeMessage(flow.wire.ui.nodes, 'code', validationRequired('code'));
      else addMessage(flow, failure.verificationFailed());
      await save(call, flow);
      return respondFlow(call, 'verification', flow, 400);
    }
    const redeemed = await redeemCode(ctx, flow.id, code);
    if (!redeemed) {
      markSent(flow, String(flow.internal.address ?? ''), 'code');
      setMessages(flow, [failure.invalidVerificationCode()]);
      await save(call, flow);
      return respondFlow(call, 'verification', flow);
    }
    await verifyAddress(call, { value: redeemed.address, via: redeemed.via });
    markVerified(call, flow);
    await save(call, flow);
    await respondFlow(call, 'verification', flow);
  },

  async token(call, flow, token) {
    const { ctx } = call;
    call.json = false;
    const secret = await findLinkToken(ctx.db, token);
    const valid = secret && secret.flow_id === flow.id && secret.purpose === 'verification' && !secret.used_at && secret.expires_at > ctx.now();
    if (!valid || !(await useSecret(ctx.db, secret.id, ctx.now()))) {
      setNodes(flow, verificationChooseNodes(), [failure.invalidVerificationToken()]);
      flow.wire.state = 'choose_method';
      await save(call, flow);
      return respondFlow(call, 'verification', flow);
    }
    await verifyAddress(call, { value: secret.address, via: secret.via });
    markVerified(call, flow);
    await save(call, flow);
    await respondFlow(call, 'verification', flow);
  },

  async restart(call, expired) {
    return newVerificationFlow(call, expired.type, expired.wire.return_to);
  },
};
