/**
 * The client's routes (wouter). The gateway answers them with the app's `index.html`; every
 * other unknown path is a 404: the app's not-found page for a browser asking for a page, the JSON
 * envelope for everything else. Account routes are exact; the areas are prefixes.
 */
export const ACCOUNT_ROUTES = ['/login', '/registration', '/recovery', '/verification', '/settings', '/consent', '/logout', '/error', '/registration-completion'] as const;

/** Routes on which the client does not load the session (and `/share/:token`, see SHARE_PAGE). */
export const SESSIONLESS_ROUTES: readonly string[] = ['/registration', '/recovery', '/login', '/registration-completion'];

/** A project's read-only link: public, outside the signed-in application, never loading the session. */
export const SHARE_PAGE = /^\/share\/[A-Za-z0-9_-]{1,128}$/;

const EXACT: ReadonlySet<string> = new Set(['/', '/_app', ...ACCOUNT_ROUTES]);
const AREA_PREFIXES = ['/admin', '/orgs', '/projects'] as const;

export function isClientRoute(path: string): boolean {
  if (EXACT.has(path) || SHARE_PAGE.test(path)) return true;
  return AREA_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Machine paths: a miss there is always the JSON envelope, whatever the client accepts. */
const MACHINE_PREFIXES = ['/api', '/bff', '/.ory', '/.well-known', '/assets', '/oauth2', '/userinfo'] as const;

/**
 * An unknown address answered with the app's not-found page (status 404) rather than the JSON
 * envelope: a page request (GET/HEAD accepting `text/html`, as a browser's navigation does) for a
 * path outside the machine prefixes. API clients, scripts and asset loads keep the envelope.
 */
export function wantsNotFoundPage(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (MACHINE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  return /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept ?? '');
}
