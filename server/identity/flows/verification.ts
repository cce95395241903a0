/**
 * The verification flow: prove an address by a code (default) or a link. It never tells whether
 * an address belongs to an account: every submission moves to "sent".
 */
import type { ContinueWith } from '../../../shared/identity-flow.js';
import { checkReturnTo } from '../http/return-to.js';
import { findIdentityIdByAddress, setAddressStatus } from '../store/identities.js';
import { codeVerification } from '../strategies/code/verification.js';
import { linkVerification } from '../strategies/link/verification.js';
import type { TraitAddress } from '../traits/trait-addresses.js';
import { failure, label, notice } from '../ui/messages.js';
import { anchorNode, csrfNode } from '../ui/nodes.js';
import type { Call } from './call.js';
import { followEmailLink, markSent, sendProof, submitEmailProof, type EmailProofFlow } from './email-proof.js';
import type { FlowKindHandler } from './flow-kind.js';
import { createFlow, insert, save, setMessages, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';
import { allowedReturnUrls, defaultReturn, flowUi } from './urls.js';
import { recordAccountEvent } from '../audit.js';

function newVerificationFlow(call: Call, type: 'browser' | 'api', returnTo?: string): Flow {
  // The configured method is active from the start, as clients pick their screen by it.
  const use = call.ctx.settings().verificationUse;
  const flow = createFlow(call, { kind: 'verification', type, state: 'choose_method', returnTo, extra: { active: use } });
  setNodes(flow, verification.strategies[use].chooseNodes());
  return flow;
}

function markVerified(call: Call, flow: Flow): void {
  const target = flow.wire.return_to ?? defaultReturn(call.ctx.options);
  flow.wire.state = 'passed_challenge';
  flow.wire.ui.method = 'GET';
  flow.wire.ui.action = target;
  flow.wire.ui.nodes = [csrfNode(''), anchorNode('continue', target, label.continue(), 'code')];
  setMessages(flow, [notice.addressVerified()]);
}

const verification: EmailProofFlow = {
  kind: 'verification',
  addresses: 'verifiable_addresses',
  strategies: { code: codeVerification, link: linkVerification },
  newFlow: newVerificationFlow,
  configured: (ctx) => ctx.settings().verificationUse,
  failures: {
    done: failure.verificationDone,
    noStrategy: failure.verificationNoStrategy,
    failed: failure.verificationFailed,
    invalidCode: failure.invalidVerificationCode,
    invalidToken: failure.invalidVerificationToken,
  },
  onSend: async (ctx, tx, address) => {
    await setAddressStatus(tx, address, 'sent', ctx.now());
  },
  resendVoidsCode: true,
  async proven(call, flow, secret) {
    const { ctx } = call;
    await ctx.db.transaction(async (tx) => {
      const identityId = await setAddressStatus(tx, { value: secret.address, via: secret.via }, 'completed', ctx.now());
      if (!identityId) return;
      const details = { via: secret.via, address: secret.address, method: String(flow.wire.active ?? '') };
      await recordAccountEvent(tx, call.request, { action: 'account.verified', identityId, details }, ctx.now());
    });
    markVerified(call, flow);
    await save(call, flow);
    await respondFlow(call, 'verification', flow);
  },
};

/** Sends the code or link for a registration or changed address and answers the `continue_with` item. */
export async function startVerificationFor(call: Call, type: 'browser' | 'api', address: TraitAddress, returnTo?: string): Promise<ContinueWith> {
  const { ctx } = call;
  const flow = newVerificationFlow(call, type, returnTo);
  await insert(call, flow);
  const identityId = (await findIdentityIdByAddress(ctx.db, 'verifiable_addresses', address)) ?? null;
  const strategy = verification.strategies[ctx.settings().verificationUse];
  await sendProof(call, verification, flow, strategy, address, identityId);
  markSent(flow, address.value, strategy);
  await save(call, flow);
  return {
    action: 'show_verification_ui',
    flow: { id: flow.id, verifiable_address: address.value, ...(type === 'browser' ? { url: flowUi(ctx.options, 'verification', { flow: flow.id }) } : {}) },
  };
}

export const verificationFlow: FlowKindHandler = {
  kind: 'verification',

  async init(call, type, query) {
    return newVerificationFlow(call, type, checkReturnTo(query.return_to, allowedReturnUrls(call.ctx.options)));
  },

  submit: (call, flow, body) => submitEmailProof(call, flow, body, verification),

  token: (call, flow, token) => followEmailLink(call, flow, token, verification),

  async restart(call, expired) {
    return newVerificationFlow(call, expired.type, expired.wire.return_to);
  },
};
