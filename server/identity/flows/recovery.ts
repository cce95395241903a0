/**
 * The recovery flow: an e-mailed code (default) or link signs the owner in with a privileged
 * session and opens settings with 1060001, so they can set a new password at once. Like
 * verification, it never tells whether an address has an account.
 */
import type { ContinueWith } from '../../../shared/identity-flow.js';
import { recordAccountEvent } from '../audit.js';
import { checkReturnTo } from '../http/return-to.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import { currentSession, issueSession, sessionByToken } from '../sessions/session-service.js';
import { getIdentity, setAddressStatus } from '../store/identities.js';
import type { StoredSecret } from '../store/one-time-secrets.js';
import { codeRecovery } from '../strategies/code/recovery.js';
import { linkRecovery } from '../strategies/link/recovery.js';
import { failure, recoveredPrivileged } from '../ui/messages.js';
import { csrfNode } from '../ui/nodes.js';
import type { Call } from './call.js';
import { followEmailLink, markSent, showChoice, submitEmailProof, type EmailProofFlow } from './email-proof.js';
import type { FlowKindHandler } from './flow-kind.js';
import { addMessage, createFlow, insert, render, save, setMessages, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';
import { sessionAlreadyAvailable } from './session-guards.js';
import { newSettingsFlow } from './settings.js';
import { allowedReturnUrls, flowUi } from './urls.js';

export function newRecoveryFlow(call: Call, type: 'browser' | 'api', returnTo?: string): Flow {
  // The configured method is active from the start, as clients pick their screen by it.
  const use = call.ctx.settings().recoveryUse;
  const flow = createFlow(call, { kind: 'recovery', type, state: 'choose_method', returnTo, extra: { active: use } });
  setNodes(flow, recovery.strategies[use].chooseNodes());
  return flow;
}

export function markRecoverySent(flow: Flow, email: string, method: 'code' | 'link'): void {
  markSent(flow, email, recovery.strategies[method]);
}

/** Signs the owner in, opens settings with the privileged-window message, finishes the flow. */
async function recovered(call: Call, flow: Flow, secret: StoredSecret, method: 'code_recovery' | 'link_recovery'): Promise<void> {
  const { ctx } = call;
  const identity = secret.identity_id ? await getIdentity(ctx.db, secret.identity_id) : undefined;
  if (!identity || identity.state !== 'active') {
    showChoice(ctx, recovery, flow, [failure.recoveryFailed()]);
    await save(call, flow);
    return respondFlow(call, 'recovery', flow);
  }
  // Receiving the e-mail proves the address, as a verification would. The address, the session
  // and the trail's event commit together.
  const { session, token } = await ctx.db.transaction(async (tx) => {
    await setAddressStatus(tx, { value: secret.address, via: secret.via }, 'completed', ctx.now());
    const issued = await issueSession(ctx, tx, identity.id, method, call.request);
    await recordAccountEvent(tx, call.request, { action: 'account.recovered', identityId: identity.id, details: { method, aal: issued.session.aal, flow: flow.type } }, ctx.now());
    return issued;
  });
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

const recovery: EmailProofFlow = {
  kind: 'recovery',
  addresses: 'recovery_addresses',
  strategies: { code: codeRecovery, link: linkRecovery },
  newFlow: newRecoveryFlow,
  configured: (ctx) => ctx.settings().recoveryUse,
  failures: {
    done: failure.recoveryDone,
    noStrategy: failure.recoveryNoStrategy,
    failed: failure.recoveryFailed,
    invalidCode: failure.invalidRecoveryCode,
    invalidToken: failure.invalidRecoveryToken,
  },
  proven: (call, flow, secret, method) => recovered(call, flow, secret, `${method}_recovery`),
};

export const recoveryFlow: FlowKindHandler = {
  kind: 'recovery',

  async init(call, type, query) {
    const returnTo = checkReturnTo(query.return_to, allowedReturnUrls(call.ctx.options));
    if (await currentSession(call.ctx, call.request)) throw sessionAlreadyAvailable(call, returnTo);
    return newRecoveryFlow(call, type, returnTo);
  },

  submit: (call, flow, body) => submitEmailProof(call, flow, body, recovery),

  token: (call, flow, token) => followEmailLink(call, flow, token, recovery),

  async restart(call, expired) {
    return newRecoveryFlow(call, expired.type, expired.wire.return_to);
  },
};
