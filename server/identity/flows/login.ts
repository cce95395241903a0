/**
 * The login flow: first factor (password, e-mailed code), refresh ("confirm it's you") and
 * step-up to aal2 (authenticator app, backup code).
 */
import type { UiNode, UiText } from '../../../shared/identity-flow.js';
import { recordAccountEvent } from '../audit.js';
import { stringField } from '../http/body.js';
import { KratosError } from '../http/kratos-error.js';
import { checkReturnTo } from '../http/return-to.js';
import { identifierLabel } from '../identities/identifier-label.js';
import { schemaFor } from '../identities/schema.js';
import { currentSession, hasSecondFactor, type ActiveSession } from '../sessions/session-service.js';
import { getCredentials } from '../store/identities.js';
import type { Aal } from '../store/sessions.js';
import { codeLogin } from '../strategies/code/login.js';
import { passkeyLogin } from '../strategies/passkey/login.js';
import { lookupSecretLogin } from '../strategies/lookup_secret/login.js';
import { linkAfterSignIn } from '../strategies/oidc/link-after-sign-in.js';
import { oidcLogin } from '../strategies/oidc/login.js';
import { hiddenIdentifierNode, identifierNode } from '../strategies/password/nodes.js';
import { passwordLogin } from '../strategies/password/login.js';
import type { LoginStrategy } from '../strategies/strategy.js';
import { totpLogin } from '../strategies/totp/login.js';
import { webauthnLogin } from '../strategies/webauthn/login.js';
import { failure, notice } from '../ui/messages.js';
import type { Call } from './call.js';
import { authenticate, respondAuthenticated } from './finish-login.js';
import {
  acceptAfterSignIn,
  acceptWithSession,
  challengeOf,
  demandsReauthentication,
  loadOAuth2Login,
  mayAnswerWithSession,
  oauth2WireFields,
  type OAuth2Login,
} from './oauth2-login.js';
import type { FlowKindHandler, InitQuery } from './flow-kind.js';
import { addMessage, createFlow, save, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';
import { browserLocationChange, sessionAlreadyAvailable } from './session-guards.js';
import { allowedReturnUrls, browserInit, defaultReturn } from './urls.js';
import { enabledStrategies } from '../strategies/enabled.js';

const STRATEGIES: readonly LoginStrategy[] = [passwordLogin, codeLogin, passkeyLogin, webauthnLogin, totpLogin, lookupSecretLogin, oidcLogin];

type Mode = 'normal' | 'refresh' | 'aal2';

/**
 * A second factor already set up keeps working when the project turns its method off, so that
 * nobody who must step up to aal2 is locked out; turned off, it can no longer be set up
 * (settings) and no first factor of that method is accepted.
 */
function usableStrategies(call: Call, mode: Mode): readonly LoginStrategy[] {
  return mode === 'aal2' ? STRATEGIES : enabledStrategies(call.ctx, STRATEGIES);
}

function modeOf(flow: Flow): Mode {
  if (flow.wire.requested_aal === 'aal2') return 'aal2';
  return flow.wire.refresh ? 'refresh' : 'normal';
}

async function buildNodes(call: Call, flow: Flow, mode: Mode, active: ActiveSession | undefined): Promise<{ nodes: UiNode[]; messages: UiText[] }> {
  if (mode === 'normal' || !active) {
    const schema = schemaFor(call.ctx.options).schema;
    const nodes = [identifierNode(identifierLabel(schema))];
    for (const strategy of enabledStrategies(call.ctx, STRATEGIES)) nodes.push(...(strategy.firstFactorNodes?.(call, flow) ?? []));
    return { nodes, messages: [] };
  }
  const credentials = await getCredentials(call.ctx.db, active.identity.id);
  const identifier = credentials.find((c) => c.type === 'password' || c.type === 'code')?.identifiers[0] ?? '';
  const nodes = [hiddenIdentifierNode(identifier)];
  for (const strategy of usableStrategies(call, mode)) {
    nodes.push(...((mode === 'refresh' ? strategy.refreshNodes?.(active.identity, credentials, call, flow) : strategy.secondFactorNodes?.(credentials, call, flow)) ?? []));
  }
  return { nodes, messages: [mode === 'refresh' ? notice.confirmItsYou() : notice.secondFactor()] };
}

async function newLoginFlow(call: Call, type: 'browser' | 'api', options: { returnTo?: string; refresh: boolean; aal: Aal; oauth2?: OAuth2Login }): Promise<Flow> {
  const active = await currentSession(call.ctx, call.request);
  const now = call.ctx.now().toISOString();
  const mode: Mode = options.aal === 'aal2' ? 'aal2' : options.refresh ? 'refresh' : 'normal';
  if (mode === 'aal2') {
    if (!active) {
      throw new KratosError(401, {
        id: 'session_aal1_required',
        reason: 'You have to sign in with a first factor before you can step up to a second factor.',
        message: 'aal2 and aal3 can only be requested if a session exists already',
        browserLocation: browserInit(call.ctx.options, 'login', { return_to: options.returnTo }),
      });
    }
    if (active.session.aal === 'aal2' && !options.refresh) {
      throw new KratosError(400, {
        id: 'session_aal_already_fulfilled',
        reason: 'The session already has the requested assurance level.',
        message: 'Session already has the requested Authenticator Assurance Level',
        browserLocation: options.returnTo ?? defaultReturn(call.ctx.options),
      });
    }
  } else if (active && mode === 'normal') {
    throw sessionAlreadyAvailable(call, options.returnTo);
  }
  const flow = createFlow(call, {
    kind: 'login',
    type,
    state: 'choose_method',
    returnTo: options.returnTo,
    extra: {
      refresh: mode === 'refresh',
      requested_aal: mode === 'aal2' ? 'aal2' : 'aal1',
      created_at: now,
      updated_at: now,
      // Kratos always sends it (a null UUID when the flow belongs to no organisation).
      organization_id: null,
      ...oauth2WireFields(options.oauth2),
    },
  });
  const { nodes, messages } = await buildNodes(call, flow, mode, active);
  setNodes(flow, nodes, messages);
  return flow;
}

export const loginFlow: FlowKindHandler = {
  kind: 'login',

  async init(call, type, query: InitQuery) {
    const returnTo = checkReturnTo(query.return_to, allowedReturnUrls(call.ctx.options));
    const aal = query.aal === 'aal2' ? 'aal2' : 'aal1';
    if (query.aal !== undefined && query.aal !== 'aal1' && query.aal !== 'aal2') {
      throw new KratosError(400, { reason: `Unknown assurance level "${query.aal}": use aal1 or aal2.` });
    }
    let refresh = query.refresh === 'true';
    let oauth2: OAuth2Login | undefined;
    if (query.login_challenge !== undefined) {
      oauth2 = await loadOAuth2Login(call, query.login_challenge);
      const active = await currentSession(call.ctx, call.request);
      if (active && aal === 'aal1' && !refresh && mayAnswerWithSession(call, oauth2, active)) {
        await acceptWithSession(call, oauth2.challenge, active.session);
      }
      // prompt=login or an exceeded max_age: the signed-in person confirms it is them.
      if (active && aal === 'aal1' && demandsReauthentication(call, oauth2, active)) refresh = true;
      // A session short of its second factor steps up before the application gets it.
      if (active && !refresh && active.hasSecondFactor && active.session.aal !== 'aal2') {
        return newLoginFlow(call, type, { returnTo, refresh: false, aal: 'aal2', oauth2 });
      }
    }
    return newLoginFlow(call, type, { returnTo, refresh, aal, oauth2 });
  },

  async submit(call, flow, body) {
    const active = await currentSession(call.ctx, call.request);
    const mode = modeOf(flow);
    const returnTo = flow.wire.return_to ?? defaultReturn(call.ctx.options);
    if (mode === 'normal' && active) throw sessionAlreadyAvailable(call, flow.wire.return_to);
    if (mode !== 'normal' && !active) {
      throw new KratosError(401, { id: 'session_inactive', reason: 'This flow confirms an existing session, and there is none.' });
    }

    const method = stringField(body, 'method') ?? methodOfResult(body);
    const strategy = usableStrategies(call, mode).find((s) => s.method === method);
    if (!strategy) {
      addMessage(flow, failure.loginNoStrategy());
      await save(call, flow);
      return respondFlow(call, 'login', flow, 400);
    }
    // The method tried stays active, refused or not: clients show its form again by it.
    flow.wire.active = strategy.method;
    const outcome = await strategy.login(call, flow, body, active);
    if (outcome.kind === 'form') {
      if (outcome.status >= 400) {
        // A refused sign-in: who was named (never what was typed as a secret), how, from where.
        const identifier = stringField(body, 'identifier')?.slice(0, 200);
        await call.ctx.db.transaction((tx) =>
          recordAccountEvent(
            tx,
            call.request,
            { action: 'account.signin.failed', outcome: 'failure', details: { method: strategy.method, ...(identifier ? { identifier } : {}) } },
            call.ctx.now(),
          ),
        );
      }
      await save(call, flow);
      return respondFlow(call, 'login', flow, outcome.status);
    }
    if (mode !== 'normal' && active && outcome.identityId !== active.identity.id) {
      throw new KratosError(400, { id: 'session_identity_mismatch', reason: 'You signed in as someone else than the session being confirmed.' });
    }
    const auth = await authenticate(call, flow, outcome.identityId, outcome.method, outcome.aal, mode === 'normal' ? undefined : active);
    await linkAfterSignIn(call, flow, auth.identity.id);
    await save(call, flow);
    // With a second factor set up, a first factor alone is not enough: step up at once.
    const challenge = challengeOf(flow);
    if (auth.session.aal === 'aal1' && flow.type === 'browser' && (await hasSecondFactor(call.ctx.db, auth.identity.id))) {
      const location = browserInit(call.ctx.options, 'login', { aal: 'aal2', return_to: flow.wire.return_to, login_challenge: challenge });
      throw browserLocationChange(location, 'A second factor is set up for this account: continue with it.');
    }
    // Signed in for the OAuth2 provider: the application's authorization carries on.
    await respondAuthenticated(call, flow, auth, challenge ? await acceptAfterSignIn(call, challenge, auth.session) : returnTo);
  },

  async restart(call, expired) {
    const active = await currentSession(call.ctx, call.request);
    const mode = modeOf(expired);
    const challenge = challengeOf(expired);
    return newLoginFlow(call, expired.type, {
      returnTo: expired.wire.return_to,
      refresh: mode === 'refresh' && !!active,
      aal: mode === 'aal2' && active ? 'aal2' : 'aal1',
      oauth2: challenge ? await loadOAuth2Login(call, challenge) : undefined,
    });
  },
};

/** The WebAuthn script posts the form itself, without a `method`: its result field names it. */
function methodOfResult(body: Record<string, unknown>): string {
  if (body.passkey_login) return 'passkey';
  if (body.webauthn_login) return 'webauthn';
  if ('provider' in body) return 'oidc';
  return '';
}
