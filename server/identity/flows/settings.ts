/**
 * The settings flow: profile, password, authenticator app, backup codes. It needs a session of
 * the same identity and, when the identity has a second factor, an aal2 session (Kratos'
 * `required_aal: highest_available`).
 */
import type { ContinueWith, UiNode } from '../../../shared/identity-flow.js';
import { stringField } from '../http/body.js';
import { KratosError } from '../http/kratos-error.js';
import { checkReturnTo } from '../http/return-to.js';
import { addAuthentication, currentSession, type ActiveSession } from '../sessions/session-service.js';
import { identityToWire } from '../sessions/wire.js';
import { getCredentials, getIdentity } from '../store/identities.js';
import { lookupSecretSettings } from '../strategies/lookup_secret/settings.js';
import { passkeySettings } from '../strategies/passkey/settings.js';
import { oidcSettings } from '../strategies/oidc/settings.js';
import { passwordSettings } from '../strategies/password/settings.js';
import { profileSettings } from '../strategies/profile/settings.js';
import type { SettingsStrategy } from '../strategies/strategy.js';
import { totpSettings } from '../strategies/totp/settings.js';
import { webauthnSettings } from '../strategies/webauthn/settings.js';
import type { AddressChannel } from '../traits/identity-schema.js';
import { failure, notice } from '../ui/messages.js';
import type { Call } from './call.js';
import type { FlowKindHandler } from './flow-kind.js';
import { addMessage, createFlow, save, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';
import { aal2Required, sessionInactive } from './session-guards.js';
import { allowedReturnUrls, browserInit, flowUi } from './urls.js';
import { startVerificationFor } from './verification.js';
import { enabledStrategies } from '../strategies/enabled.js';

const STRATEGIES: readonly SettingsStrategy[] = [profileSettings, passwordSettings, webauthnSettings, passkeySettings, totpSettings, lookupSecretSettings, oidcSettings];

async function requireSession(call: Call, returnTo: string | undefined): Promise<ActiveSession> {
  const active = await currentSession(call.ctx, call.request);
  if (!active) {
    const error = sessionInactive();
    // A browser without a session is sent to sign in and brought back here afterwards.
    error.init.browserLocation = browserInit(call.ctx.options, 'login', { return_to: returnTo ?? browserInit(call.ctx.options, 'settings') });
    throw error;
  }
  if (active.session.aal !== 'aal2' && active.hasSecondFactor) {
    throw aal2Required(call, returnTo ?? browserInit(call.ctx.options, 'settings'));
  }
  return active;
}

/** (Re)builds the nodes of every method from the identity as it is now. */
async function populate(call: Call, flow: Flow, identityId: string): Promise<void> {
  const identity = (await getIdentity(call.ctx.db, identityId))!;
  const credentials = await getCredentials(call.ctx.db, identityId);
  const nodes: UiNode[] = [];
  for (const strategy of enabledStrategies(call.ctx, STRATEGIES)) nodes.push(...(await strategy.nodes(call, flow, identity, credentials)));
  const messages = flow.wire.ui.messages ?? [];
  setNodes(flow, nodes, messages);
  flow.wire.identity = identityToWire(identity, call.ctx.options.publicUrl);
}

export async function newSettingsFlow(call: Call, type: 'browser' | 'api', active: ActiveSession, returnTo?: string): Promise<Flow> {
  const flow = createFlow(call, {
    kind: 'settings',
    type,
    state: 'show_form',
    returnTo,
    // Kratos always sends organization_id (a null UUID when the flow belongs to no organisation).
    extra: { identity: identityToWire(active.identity, call.ctx.options.publicUrl), organization_id: null },
    internal: { identity_id: active.identity.id },
  });
  await populate(call, flow, active.identity.id);
  return flow;
}

function checkOwner(flow: Flow, active: ActiveSession): void {
  if (flow.internal.identity_id !== active.identity.id) {
    throw new KratosError(403, {
      id: 'security_identity_mismatch',
      reason: 'The requested flow belongs to another identity.',
      message: 'The request was rejected to protect you from an identity mismatch.',
    });
  }
}

export const settingsFlow: FlowKindHandler = {
  kind: 'settings',

  async init(call, type, query) {
    const returnTo = checkReturnTo(query.return_to, allowedReturnUrls(call.ctx.options));
    const active = await requireSession(call, returnTo);
    return newSettingsFlow(call, type, active, returnTo);
  },

  async onFetch(call, flow) {
    const active = await requireSession(call, flowUi(call.ctx.options, 'settings', { flow: flow.id }));
    checkOwner(flow, active);
  },

  async submit(call, flow, body) {
    const { ctx } = call;
    const active = await requireSession(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    checkOwner(flow, active);
    const method = stringField(body, 'method') ?? inferMethod(body);
    const strategy = enabledStrategies(ctx, STRATEGIES).find((s) => s.method === method);
    if (!strategy) {
      addMessage(flow, failure.settingsNoStrategy());
      await save(call, flow);
      return respondFlow(call, 'settings', flow, 400);
    }
    flow.wire.ui.messages = undefined;
    flow.wire.active = strategy.method;
    const outcome = await strategy.update(call, flow, body, active);
    if (outcome.kind === 'form') {
      await save(call, flow);
      return respondFlow(call, 'settings', flow, 400);
    }
    // Setting up a second factor proves it at the same time: the session rises to aal2 rather
    // than being locked out of its own account by the new requirement.
    if (outcome.kind === 'saved' && outcome.raises && active.session.aal !== 'aal2') {
      await addAuthentication(ctx, ctx.db, active.session, outcome.raises, 'aal2');
    }
    flow.wire.state = outcome.kind === 'saved' ? 'success' : 'show_form';
    flow.wire.ui.messages = outcome.kind === 'saved' ? [notice.settingsSaved()] : [];
    await populate(call, flow, active.identity.id);
    const continueWith: ContinueWith[] = [];
    const verify = flow.internal.verify_address as { value: string; via: AddressChannel } | undefined;
    if (verify) {
      delete flow.internal.verify_address;
      continueWith.push(await startVerificationFor(call, flow.type, verify, flow.wire.return_to));
    }
    if (outcome.kind === 'saved' && flow.wire.return_to && flow.type === 'browser') {
      continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: flow.wire.return_to });
    }
    if (continueWith.length) flow.wire.continue_with = continueWith;
    else delete flow.wire.continue_with;
    await save(call, flow);
    await respondFlow(call, 'settings', flow);
  },

  async restart(call, expired) {
    const active = await requireSession(call, expired.wire.return_to);
    return newSettingsFlow(call, expired.type, active, expired.wire.return_to);
  },
};

/** Buttons that carry their own name (`totp_unlink`, `lookup_secret_*`) imply their method. */
function inferMethod(body: Record<string, unknown>): string {
  if ('totp_unlink' in body || 'totp_code' in body) return 'totp';
  if (Object.keys(body).some((key) => key.startsWith('lookup_secret_'))) return 'lookup_secret';
  if (body.passkey_settings_register || body.passkey_remove) return 'passkey';
  if (body.webauthn_register || body.webauthn_remove) return 'webauthn';
  if ('link' in body || 'unlink' in body) return 'oidc';
  return '';
}
