/**
 * The recovery flow: an e-mailed code (default) or link signs the owner in with a privileged
 * session and opens settings with 1060001, so they can set a new password at once. Like
 * verification, it never tells whether an address has an account.
 */
import type { ContinueWith } from '../../../shared/identity-flow.js';
import { recoveryCodeEmail, recoveryLinkEmail } from '../courier/templates.js';
import { stringField } from '../http/body.js';
import { checkReturnTo } from '../http/return-to.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import { currentSession, issueSession, sessionByToken } from '../sessions/session-service.js';
import { findIdentityIdByAddress, getIdentity, setAddressStatus } from '../store/identities.js';
import { findLinkToken, useSecret, type StoredSecret } from '../store/one-time-secrets.js';
import { recoveryChooseNodes, recoverySentNodes } from '../strategies/code/nodes.js';
import { redeemCode, sendCode } from '../strategies/code/one-time-code.js';
import { linkEmailNodes } from '../strategies/link/nodes.js';
import { sendLink } from '../strategies/link/link-token.js';
import { normalizeAddress, type TraitAddress } from '../traits/trait-addresses.js';
import { validationRequired } from '../traits/validation-messages.js';
import { failure, notice, recoveredPrivileged } from '../ui/messages.js';
import { addNodeMessage, csrfNode } from '../ui/nodes.js';
import type { Call } from './call.js';
import type { FlowKindHandler } from './flow-kind.js';
import { addMessage, createFlow, insert, render, save, setMessages, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';
import { sessionAlreadyAvailable } from './session-guards.js';
import { newSettingsFlow } from './settings.js';
import { allowedReturnUrls, flowUi } from './urls.js';

export function newRecoveryFlow(call: Call, type: 'browser' | 'api', returnTo?: string): Flow {
  const flow = createFlow(call, { kind: 'recovery', type, state: 'choose_method', returnTo });
  setNodes(flow, recoveryChooseNodes());
  return flow;
}

export function markRecoverySent(flow: Flow, email: string, method: 'code' | 'link'): void {
  flow.internal.address = email;
  flow.wire.state = 'sent_email';
  flow.wire.active = method;
  flow.wire.ui.nodes = [csrfNode(''), ...(method === 'code' ? recoverySentNodes(email) : linkEmailNodes(email))];
  setMessages(flow, [method === 'code' ? notice.recoveryCodeSent() : notice.recoveryLinkSent()]);
}

/** Signs the owner in, opens settings with the privileged-window message, finishes the flow. */
async function recovered(call: Call, flow: Flow, secret: StoredSecret, method: 'code_recovery' | 'link_recovery'): Promise<void> {
  const { ctx } = call;
  const identity = secret.identity_id ? await getIdentity(ctx.db, secret.identity_id) : undefined;
  if (!identity || identity.state !== 'active') {
    setNodes(flow, recoveryChooseNodes(), [failure.recoveryFailed()]);
    flow.wire.state = 'choose_method';
    await save(call, flow);
    return respondFlow(call, 'recovery', flow);
  }
  // Receiving the e-mail proves the address, as a verification would.
  await setAddressStatus(ctx.db, { value: secret.address, via: secret.via }, 'completed', ctx.now());
  const { session, token } = await issueSession(ctx, ctx.db, identity.id, method, call.request);
  if (flow.type === 'browser') setSessionCookie(call.reply, token, session.expires_at, ctx.options.publicUrl);
  const active = (await sessionByToken(ctx, token))!;
  const settings = await newSettingsFlow(call, flow.type, active, flow.wire.return_to);
  addMessage(settings, recoveredPrivileged(new Date(session.authenticated_at.getTime() + ctx.options.lifespans.privilegedMs), ctx.now()));
  await insert(call, settings);

  flow.wire.state = 'passed_challenge';
  flow.wire.ui.nodes = [csrfNode('')];
  setMessages(flow, []);
  const settingsUrl = flowUi(ctx.options, 'settings', { flow: settings.id });
  const continueWith: ContinueWith[] = [];
  if (flow.type === 'api') continueWith.push({ action: 'set_ory_session_token', ory_session_token: token });
  continueWith.push({ action: 'show_settings_ui', flow: { id: settings.id, ...(flow.type === 'browser' ? { url: settingsUrl } : {}) } });
  flow.wire.continue_with = continueWith;
  await save(call, flow);
  if (call.json) return void (await call.reply.code(200).send(render(flow)));
  await call.reply.redirect(settingsUrl, 303);
}

export const recoveryFlow: FlowKindHandler = {
  kind: 'recovery',

  async init(call, type, query) {
    const returnTo = checkReturnTo(query.return_to, allowedReturnUrls(call.ctx.options));
    if (await currentSession(call.ctx, call.request)) throw sessionAlreadyAvailable(call, returnTo);
    return newRecoveryFlow(call, type, returnTo);
  },

  async submit(call, flow, body) {
    const { ctx } = call;
    if (flow.wire.state === 'passed_challenge') {
      const fresh = newRecoveryFlow(call, flow.type, flow.wire.return_to);
      addMessage(fresh, failure.recoveryDone());
      await insert(call, fresh);
      return respondFlow(call, 'recovery', fresh);
    }
    const method = stringField(body, 'method') ?? (body.code ? 'code' : '');
    if (method !== 'code' && method !== 'link') {
      addMessage(flow, failure.recoveryNoStrategy());
      await save(call, flow);
      return respondFlow(call, 'recovery', flow, 400);
    }
    const rawEmail = stringField(body, 'email')?.trim();
    const code = stringField(body, 'code')?.trim();
    if (rawEmail !== undefined && !code) {
      if (!rawEmail) {
        setNodes(flow, recoveryChooseNodes());
        addNodeMessage(flow.wire.ui.nodes, 'email', validationRequired('email'));
        await save(call, flow);
        return respondFlow(call, 'recovery', flow, 400);
      }
      const address: TraitAddress = { value: normalizeAddress(rawEmail, 'email', 'email'), via: 'email' };
      const identityId = await findIdentityIdByAddress(ctx.db, 'recovery_addresses', address);
      if (identityId) {
        await ctx.db.transaction((tx) =>
          method === 'code'
            ? sendCode(ctx, tx, flow.id, 'recovery', address, identityId, (c) => recoveryCodeEmail(ctx.options.productName, c))
            : sendLink(ctx, tx, flow.id, 'recovery', address, identityId, (link) => recoveryLinkEmail(ctx.options.productName, link)).then(() => undefined),
        );
        ctx.courier.wake();
      }
      markRecoverySent(flow, address.value, method);
      await save(call, flow);
      return respondFlow(call, 'recovery', flow);
    }
    if (flow.wire.state !== 'sent_email' || !code) {
      if (flow.wire.state === 'sent_email') addNodeMessage(flow.wire.ui.nodes, 'code', validationRequired('code'));
      else addMessage(flow, failure.recoveryFailed());
      await save(call, flow);
      return respondFlow(call, 'recovery', flow, 400);
    }
    const redeemed = await redeemCode(ctx, flow.id, code);
    if (!redeemed) {
      markRecoverySent(flow, String(flow.internal.address ?? ''), 'code');
      setMessages(flow, [failure.invalidRecoveryCode()]);
      await save(call, flow);
      return respondFlow(call, 'recovery', flow);
    }
    await recovered(call, flow, redeemed, 'code_recovery');
  },

  async token(call, flow, token) {
    const { ctx } = call;
    call.json = false;
    const secret = await findLinkToken(ctx.db, token);
    const valid = secret && secret.flow_id === flow.id && secret.purpose === 'recovery' && !secret.used_at && secret.expires_at > ctx.now();
    if (!valid || !(await useSecret(ctx.db, secret.id, ctx.now()))) {
      setNodes(flow, recoveryChooseNodes(), [failure.invalidRecoveryToken()]);
      flow.wire.state = 'choose_method';
      await save(call, flow);
      return respondFlow(call, 'recovery', flow);
    }
    await recovered(call, flow, secret, 'link_recovery');
  },

  async restart(call, expired) {
    return newRecoveryFlow(call, expired.type, expired.wire.return_to);
  },
};
