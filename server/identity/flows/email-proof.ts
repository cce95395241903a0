/**
 * What recovery and verification share: e-mail a code or a link to an address, then take it
 * back. Neither tells whether an address has an account: every well-formed submission moves to
 * "sent". Each flow supplies its wording, its nodes and what a proven address leads to.
 */
import type { UiText } from '../../../shared/identity-flow.js';
import type { Queryable } from '../../db/database.js';
import type { IdentityContext } from '../context.js';
import { booleanField, stringField, type SubmittedBody } from '../http/body.js';
import { findIdentityIdByAddress } from '../store/identities.js';
import type { StoredSecret } from '../store/one-time-secrets.js';
import { redeemCode } from '../strategies/code/one-time-code.js';
import { redeemLink } from '../strategies/link/link-token.js';
import { methodEnabled } from '../strategies/enabled.js';
import type { AddressProofStrategy } from '../strategies/strategy.js';
import { normalizeAddress, type TraitAddress } from '../traits/trait-addresses.js';
import { validationRequired } from '../traits/validation-messages.js';
import { addNodeMessage, csrfNode } from '../ui/nodes.js';
import type { Call } from './call.js';
import { addMessage, insert, save, setMessages, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';

export interface EmailProofFlow {
  kind: 'recovery' | 'verification';
  /** The table of addresses an e-mail may be sent to. */
  addresses: 'recovery_addresses' | 'verifiable_addresses';
  strategies: Record<'code' | 'link', AddressProofStrategy>;
  newFlow(call: Call, type: 'browser' | 'api', returnTo?: string): Flow;
  /** The method the project has this flow use (`selfservice.flows.<kind>.use`). */
  configured(ctx: IdentityContext): 'code' | 'link';
  failures: { done(): UiText; noStrategy(): UiText; failed(): UiText; invalidCode(): UiText; invalidToken(): UiText };
  /** Also done in the sending transaction, so the e-mail and this change commit together. */
  onSend?(ctx: IdentityContext, tx: Queryable, address: TraitAddress): Promise<void>;
  /** Answers a code sent with a `resend` flag as a missing code (verification does). */
  resendVoidsCode?: boolean;
  /** The code or link came back: finish the flow and answer. */
  proven(call: Call, flow: Flow, secret: StoredSecret, method: 'code' | 'link'): Promise<void>;
}

/** Back to asking for the address, with the configured method's form. */
export function showChoice(ctx: IdentityContext, proof: EmailProofFlow, flow: Flow, messages?: UiText[]): void {
  const use = proof.configured(ctx);
  setNodes(flow, proof.strategies[use].chooseNodes(), messages);
  flow.wire.state = 'choose_method';
  flow.wire.active = use;
}

export function markSent(flow: Flow, email: string, strategy: AddressProofStrategy): void {
  flow.internal.address = email;
  flow.wire.state = 'sent_email';
  flow.wire.active = strategy.method;
  flow.wire.ui.nodes = [csrfNode(''), ...strategy.sentNodes(email)];
  setMessages(flow, [strategy.sentNotice()]);
}

export async function sendProof(call: Call, proof: EmailProofFlow, flow: Flow, strategy: AddressProofStrategy, address: TraitAddress, identityId: string | null): Promise<void> {
  const { ctx } = call;
  await ctx.db.transaction(async (tx) => {
    await strategy.send(ctx, tx, flow.id, address, identityId);
    await proof.onSend?.(ctx, tx, address);
  });
  ctx.courier.wake();
}

export async function submitEmailProof(call: Call, flow: Flow, body: SubmittedBody, proof: EmailProofFlow): Promise<void> {
  const { ctx } = call;
  const { kind, failures } = proof;
  if (flow.wire.state === 'passed_challenge') {
    const fresh = proof.newFlow(call, flow.type, flow.wire.return_to);
    addMessage(fresh, failures.done());
    await insert(call, fresh);
    return respondFlow(call, kind, fresh);
  }
  const method = stringField(body, 'method') ?? (body.code ? 'code' : '');
  // The other method is accepted while it is turned on: a code or link already sent still works.
  if ((method !== 'code' && method !== 'link') || !methodEnabled(ctx, method)) {
    addMessage(flow, failures.noStrategy());
    await save(call, flow);
    return respondFlow(call, kind, flow, 400);
  }
  const rawEmail = stringField(body, 'email')?.trim();
  const code = stringField(body, 'code')?.trim();
  // An e-mail without a code starts over or resends; a code alone answers the last e-mail.
  if (rawEmail !== undefined && !code) {
    if (!rawEmail) {
      showChoice(ctx, proof, flow);
      addNodeMessage(flow.wire.ui.nodes, 'email', validationRequired('email'));
      await save(call, flow);
      return respondFlow(call, kind, flow, 400);
    }
    const address: TraitAddress = { value: normalizeAddress(rawEmail, 'email', 'email'), via: 'email' };
    const identityId = await findIdentityIdByAddress(ctx.db, proof.addresses, address);
    const strategy = proof.strategies[method];
    if (identityId) await sendProof(call, proof, flow, strategy, address, identityId);
    markSent(flow, address.value, strategy);
    await save(call, flow);
    return respondFlow(call, kind, flow);
  }
  if (flow.wire.state !== 'sent_email' || !code || (proof.resendVoidsCode && booleanField(body, 'resend'))) {
    if (flow.wire.state === 'sent_email') addNodeMessage(flow.wire.ui.nodes, 'code', validationRequired('code'));
    else addMessage(flow, failures.failed());
    await save(call, flow);
    return respondFlow(call, kind, flow, 400);
  }
  const redeemed = await redeemCode(ctx, flow.id, code);
  if (!redeemed) {
    markSent(flow, String(flow.internal.address ?? ''), proof.strategies.code);
    setMessages(flow, [failures.invalidCode()]);
    await save(call, flow);
    return respondFlow(call, kind, flow);
  }
  await proof.proven(call, flow, redeemed, 'code');
}

/** `GET /self-service/<kind>?flow=&token=`: always a browser following the e-mailed link. */
export async function followEmailLink(call: Call, flow: Flow, token: string, proof: EmailProofFlow): Promise<void> {
  call.json = false;
  const secret = await redeemLink(call.ctx, flow.id, proof.kind, token);
  if (!secret) {
    showChoice(call.ctx, proof, flow, [proof.failures.invalidToken()]);
    await save(call, flow);
    return respondFlow(call, proof.kind, flow);
  }
  await proof.proven(call, flow, secret, 'link');
}
