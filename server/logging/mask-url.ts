/**
 * URLs as the logs may show them: the values of query parameters that carry a credential (invite
 * and recovery tokens, codes, OAuth2 tokens and secrets) are replaced, and so is the secret of a
 * share link, which travels as a path segment (`/share/{token}` in the browser,
 * `/api/share/{token}/…` to the API); the rest is kept for tracing. One list for the gateway's and
 * the API's logs.
 */
const SECRET_QUERY = /([?&](?:token|logout_token|code|password|session_token|refresh_token|access_token|id_token|client_secret|flow_token)=)[^&#]*/gi;
const SHARE_TOKEN = /^((?:\/api)?\/share\/)[^/?#]+/;

export function maskUrl(url: string): string {
  const path = url.replace(SHARE_TOKEN, '$1[redacted]');
  return path.includes('?') ? path.replace(SECRET_QUERY, '$1[redacted]') : path;
}
