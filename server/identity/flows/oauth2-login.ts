/**
 * Sign-in on behalf of the OAuth2 provider (a `login_challenge`): the flow carries the challenge
 * and the provider's login request (so the card can say 'To authenticate {clientName}'), and a
 * finished sign-in accepts the request and sends the browser on to the provider.
 */
import type { ActiveSession } from '../sessions/session-service.js';
import { acceptLoginRequest, demandsFreshLogin, getLoginRequest, LoginRequestHandled, type OAuth2LoginRequest } from '../oauth2/login-requests.js';
import type { StoredSession } from '../store/sessions.js';
import type { Call } from './call.js';
import type { Flow } from './flow-service.js';
import { browserLocationChange } from './session-guards.js';

export interface OAuth2Login {
  challenge: string;
  request: OAuth2LoginRequest;
}

/** The wire fields Kratos gives a login or registration flow started with a challenge. */
export function oauth2WireFields(login: OAuth2Login | undefined): Record<string, unknown> {
  return login ? { oauth2_login_challenge: login.challenge, oauth2_login_request: login.request } : {};
}

export function challengeOf(flow: Flow): string | undefined {
  const challenge = flow.wire.oauth2_login_challenge;
  return typeof challenge === 'string' ? challenge : undefined;
}

/** Reads the request; one already answered sends the browser where it went. */
export async function loadOAuth2Login(call: Call, challenge: string): Promise<OAuth2Login> {
  try {
    return { challenge, request: await getLoginRequest(call.ctx.options, challenge) };
  } catch (error) {
    if (error instanceof LoginRequestHandled) throw browserLocationChange(error.redirectTo, 'This sign-in request was already answered: continue with it.');
    throw error;
  }
}

/**
 * With a session that may answer the request as it is (Hydra's `skip`, or no `prompt=login` and
 * no exceeded `max_age`), the request is accepted without showing the form.
 */
export function mayAnswerWithSession(call: Call, login: OAuth2Login, active: ActiveSession): boolean {
  if (active.hasSecondFactor && active.session.aal !== 'aal2') return false;
  if (login.request.skip) return true;
  return !demandsFreshLogin(login.request, active.session, call.ctx.now());
}

export function demandsReauthentication(call: Call, login: OAuth2Login, active: ActiveSession): boolean {
  return demandsFreshLogin(login.request, active.session, call.ctx.now());
}

export async function acceptWithSession(call: Call, challenge: string, session: StoredSession): Promise<never> {
  const redirectTo = await acceptLoginRequest(call.ctx.options, challenge, session);
  throw browserLocationChange(redirectTo, 'You are signed in already: continue to the application.');
}

export function acceptAfterSignIn(call: Call, challenge: string, session: StoredSession): Promise<string> {
  return acceptLoginRequest(call.ctx.options, challenge, session);
}
