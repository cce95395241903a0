/**
 * URLs as the logs may show them: the values of query parameters that carry a credential (invite
 * and recovery tokens, codes, OAuth2 tokens, secrets, verifiers and ID token hints) are replaced, the rest is kept for
 * tracing. One list for the gateway's and the API's logs.
 */
const SECRET_QUERY =
  /([?&](?:token|logout_token|code|password|session_token|refresh_token|access_token|id_token|id_token_hint|client_secret|flow_token|code_verifier|assertion|login_verifier|consent_verifier|logout_verifier)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}
