/**
 * URLs as the logs may show them: the values of query parameters that carry a credential (invite
 * and recovery tokens, codes, OAuth2 tokens, secrets, verifiers and ID token hints) are replaced, and so is the secret of a
 * share link, which travels as a path segment (`/share/{token}` in the browser,
 * `/api/share/{token}/…` to the API) — and wherever else a segment has a link token's shape (43
 * base64url characters), so a token pasted into the wrong address is not logged either. The rest
 * is kept for tracing. One list for the gateway's and the API's logs.
 */
const SECRET_QUERY =
  /([?&](?:token|logout_token|code|password|session_token|refresh_token|access_token|id_token|id_token_hint|client_secret|flow_token|code_verifier|assertion|login_verifier|consent_verifier|logout_verifier)=)[^&#]*/gi;
const SHARE_TOKEN = /^((?:\/api)?\/share\/)[^/?#]+/;
const TOKEN_SHAPED_SEGMENT = /\/[A-Za-z0-9_-]{43}(?=[/?#]|$)/g;

export function maskUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(SHARE_TOKEN, '$1[redacted]').replace(TOKEN_SHAPED_SEGMENT, '/[redacted]');
  const rest = queryAt < 0 ? '' : url.slice(queryAt);
  return path + (rest.includes('?') ? rest.replace(SECRET_QUERY, '$1[redacted]') : rest);
}
