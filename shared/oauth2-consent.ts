/**
 * What the gateway's `/bff/consent` and `/bff/logout` answer and take: the OAuth2 provider's
 * consent and logout requests, shaped for the consent and logout screens. The gateway talks to
 * the provider's admin API (Hydra wire format) so the browser never does.
 */

export interface OAuth2ClientView {
  client_id: string;
  /** Falls back to the client URI, then to "Unnamed Client", on the screen. */
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  policy_uri?: string;
  tos_uri?: string;
}

export interface ConsentRequestView {
  challenge: string;
  client: OAuth2ClientView;
  requested_scope: string[];
  requested_access_token_audience: string[];
  /** The provider already has a remembered decision: the screen may accept at once. */
  skip: boolean;
}

export interface ConsentDecision {
  consent_challenge: string;
  action: 'accept' | 'reject';
  /** Accept: the scopes the user left checked (a subset of the requested ones). */
  grant_scope?: string[];
  /** Accept: remember the decision, so the client cannot ask for more without a new consent. */
  remember?: boolean;
}

export interface LogoutRequestView {
  challenge: string;
  client?: OAuth2ClientView;
  rp_initiated: boolean;
}

export interface LogoutDecision {
  logout_challenge: string;
  action: 'accept' | 'reject';
}

/** Where the browser goes next. */
export interface RedirectAnswer {
  redirect_to: string;
}
