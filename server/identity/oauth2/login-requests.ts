/**
 * The OAuth2 provider's login requests as the sign-in card needs them, through the provider's
 * admin API (Hydra wire format): read one for its client's name, accept it for the signed-in
 * identity, and decide whether an existing session may answer it without the form.
 */
import { KratosError } from '../http/kratos-error.js';
import type { IdentityServiceOptions } from '../options.js';
import type { StoredSession } from '../store/sessions.js';

export interface OAuth2LoginRequest {
  challenge: string;
  skip: boolean;
  subject: string;
  request_url: string;
  client: Record<string, unknown>;
  [field: string]: unknown;
}

const TIMEOUT_MS = 5_000;

/** A request already answered still says where the browser goes: the sign-in card follows it. */
export class LoginRequestHandled extends Error {
  constructor(readonly redirectTo: string) {
    super('The OAuth2 login request was already handled');
  }
}

async function call<T>(options: IdentityServiceOptions, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  const admin = options.oauth2Admin;
  if (!admin) throw new KratosError(400, { reason: 'This identity service is not connected to an OAuth2 provider, so it cannot take a login_challenge.' });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (admin.token) headers.authorization = `Bearer ${admin.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(new URL(path, `${admin.url.replace(/\/+$/, '')}/`), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    throw new KratosError(502, { reason: 'The OAuth2 provider could not be reached.', message: (cause as Error).message });
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return answer as T;
  if (response.status === 410 && typeof answer.redirect_to === 'string') throw new LoginRequestHandled(answer.redirect_to);
  if (response.status === 404) throw new KratosError(400, { reason: 'The login_challenge is unknown or has expired: start the sign-in from the application again.' });
  throw new KratosError(502, { reason: `The OAuth2 provider answered ${response.status}.` });
}

const path = (challenge: string, action = '') => `admin/oauth2/auth/requests/login${action}?login_challenge=${encodeURIComponent(challenge)}`;

export function getLoginRequest(options: IdentityServiceOptions, challenge: string): Promise<OAuth2LoginRequest> {
  return call<OAuth2LoginRequest>(options, 'GET', path(challenge));
}

/** Accepts for the session's identity and answers where the browser resumes the authorization. */
export async function acceptLoginRequest(options: IdentityServiceOptions, challenge: string, session: StoredSession): Promise<string> {
  const answer = await call<{ redirect_to: string }>(options, 'PUT', path(challenge, '/accept'), {
    subject: session.identity_id,
    remember: true,
    remember_for: 0,
    acr: session.aal === 'aal2' ? '2' : '1',
    amr: [...new Set(session.authentication_methods.map((method) => method.method))],
    identity_provider_session_id: session.id,
  });
  return answer.redirect_to;
}

/** `prompt=login`, or a `max_age` the session's last sign-in is older than, asks for the credentials again. */
export function demandsFreshLogin(request: OAuth2LoginRequest, session: StoredSession, now: Date): boolean {
  let params: URLSearchParams;
  try {
    params = new URL(request.request_url).searchParams;
  } catch {
    return false;
  }
  if ((params.get('prompt') ?? '').split(' ').includes('login')) return true;
  const maxAge = Number(params.get('max_age') ?? Number.NaN);
  return Number.isFinite(maxAge) && now.getTime() - session.authenticated_at.getTime() > maxAge * 1000;
}
