/**
 * `return_to` is where a browser goes after a flow. Only the account UI's origin and configured
 * allowed URLs qualify; anything else is refused outright (an open redirect is a phishing tool).
 */
import { KratosError } from './kratos-error.js';

export function checkReturnTo(returnTo: string | undefined, allowed: readonly string[]): string | undefined {
  if (returnTo === undefined || returnTo === '') return undefined;
  let url: URL;
  try {
    url = new URL(returnTo);
  } catch {
    throw returnToForbidden(returnTo);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw returnToForbidden(returnTo);
  for (const base of allowed) {
    const allowedUrl = new URL(base);
    if (url.origin !== allowedUrl.origin) continue;
    const prefix = allowedUrl.pathname.endsWith('/') ? allowedUrl.pathname : `${allowedUrl.pathname}/`;
    if (allowedUrl.pathname === '/' || url.pathname === allowedUrl.pathname || url.pathname.startsWith(prefix)) return url.toString();
  }
  throw returnToForbidden(returnTo);
}

function returnToForbidden(returnTo: string): KratosError {
  return new KratosError(400, {
    id: 'self_service_flow_return_to_forbidden',
    reason: `Requested return_to URL "${returnTo}" is not allowed.`,
    message: 'The request was malformed or contained invalid parameters',
  });
}
