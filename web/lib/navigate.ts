/**
 * Moving the browser: addresses of this app's routes change the page in place (wouter listens
 * to history), anything else — the identity host's redirects, an OAuth2 client — loads for real.
 */
import { navigate as pushLocation } from 'wouter/use-browser-location';
import { isClientRoute } from '../../shared/client-routes.js';

/** Whether an address is one of this app's routes, so it can be shown without a page load. */
export function isAppAddress(target: string): boolean {
  const url = new URL(target, window.location.href);
  return url.origin === window.location.origin && isClientRoute(url.pathname);
}

export function goTo(target: string, options: { replace?: boolean } = {}): void {
  const url = new URL(target, window.location.href);
  if (isAppAddress(url.href)) {
    pushLocation(`${url.pathname}${url.search}${url.hash}`, { replace: options.replace ?? false });
    return;
  }
  if (options.replace) window.location.replace(url.href);
  else window.location.assign(url.href);
}

/** Puts `?flow=<id>` in the address without a navigation, so a reload resumes the same flow. */
export function rememberFlowId(id: string): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('flow') === id) return;
  url.searchParams.set('flow', id);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Where to go once signed in: the flow's `return_to` if any, else the app. */
export function appHome(returnTo?: string): string {
  return returnTo || '/';
}
