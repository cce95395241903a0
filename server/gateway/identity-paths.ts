/**
 * The identity host's public paths, the only ones the browser may reach through `/.ory`.
 * Everything else, the admin APIs above all, answers 404 and is never sent upstream.
 * Paths are matched after path-guard.ts has refused every non-canonical spelling.
 */
const ALLOWED: readonly RegExp[] = [
  /^\/self-service\/(login|registration|recovery|verification|settings)(\/browser|\/api|\/flows)?$/,
  /^\/self-service\/logout(\/browser|\/api)?$/,
  /^\/self-service\/errors$/,
  /^\/self-service\/methods\/oidc\/callback\/[A-Za-z0-9_-]+$/,
  /^\/sessions(\/whoami|\/token-exchange)?$/,
  /^\/sessions\/[A-Za-z0-9_-]+$/,
  /^\/schemas(\/[A-Za-z0-9_-]+)?$/,
  /^\/\.well-known\/ory\/webauthn\.js$/,
  /^\/oauth2\/(auth|token|revoke|sessions\/logout)$/,
  // oidc-provider resumes an authorization at /oauth2/auth/<challenge> and confirms a logout below it.
  /^\/oauth2\/auth\/[A-Za-z0-9_-]+$/,
  /^\/oauth2\/sessions\/logout\/(confirm|success)$/,
  // Dynamic client registration, when the provider has it turned on.
  /^\/oauth2\/register(\/[A-Za-z0-9_-]+)?$/,
  /^\/userinfo$/,
  /^\/\.well-known\/(openid-configuration|jwks\.json)$/,
  /^\/health\/(alive|ready)$/,
  /^\/version$/,
];

export function isPublicIdentityPath(path: string): boolean {
  return ALLOWED.some((pattern) => pattern.test(path));
}

/** Self-service submissions: the requests that are rate limited per client address. */
export function isSelfServiceSubmit(method: string, path: string): boolean {
  return method === 'POST' && path.startsWith('/self-service/');
}

/** Requests after whose success the caller's cached session no longer holds. */
export function endsOrChangesSession(method: string, path: string): boolean {
  if (path === '/self-service/logout' || path === '/self-service/logout/api') return true;
  // Re-authentication (refresh, aal2) and settings changes alter the same session in place.
  return method === 'POST' && (path === '/self-service/login' || path === '/self-service/settings');
}
