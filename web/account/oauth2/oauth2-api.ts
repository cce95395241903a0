/** The consent and logout screens' calls to the gateway (`/bff/consent`, `/bff/logout`). */
import type { ConsentDecision, ConsentRequestView, LogoutDecision, LogoutRequestView, RedirectAnswer } from '../../../shared/oauth2-consent.js';
import { request, requireParam } from '../../lib/http.js';

export async function getConsent(challenge: string | null | undefined): Promise<ConsentRequestView> {
  const consent_challenge = requireParam(challenge, 'consent_challenge', 'getOAuth2ConsentRequest');
  return (await request<ConsentRequestView>('/bff/consent', { params: { consent_challenge } })).data;
}

export async function decideConsent(decision: ConsentDecision): Promise<RedirectAnswer> {
  return (await request<RedirectAnswer>('/bff/consent', { method: 'POST', body: decision })).data;
}

export async function getLogout(challenge: string | null | undefined): Promise<LogoutRequestView> {
  const logout_challenge = requireParam(challenge, 'logout_challenge', 'getOAuth2LogoutRequest');
  return (await request<LogoutRequestView>('/bff/logout', { params: { logout_challenge } })).data;
}

export async function decideLogout(decision: LogoutDecision): Promise<RedirectAnswer> {
  return (await request<RedirectAnswer>('/bff/logout', { method: 'POST', body: decision })).data;
}
