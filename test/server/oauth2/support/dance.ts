/**
 * The browser's part of an authorization, as the account interface performs it: follow the
 * provider's redirects, sign in through the identity service's login flow when asked, decide
 * on the gateway's consent screen, and stop at the relying party's redirect URI.
 */
import { expect } from 'vitest';
import { type Answer, TestBrowser } from '../../identity/support/browser.js';
import { PASSWORD } from '../../identity/support/flows.js';

export interface DanceOptions {
  /** Scopes left ticked on the consent screen; all requested ones when absent. */
  grant?: string[];
  remember?: boolean;
  /** Sign in with these when the login form is shown. */
  email?: string;
  password?: string;
}

export interface DanceResult {
  /** Where the provider finally sent the browser (the client's redirect URI with code or error). */
  callback: URL;
  loginFlow?: any;
  consent?: any;
}

/** A browser on the gateway's origin: `/.ory/*` through the identity proxy, `/bff/*` shaped endpoints. */
export function newBrowser(origin: string): TestBrowser {
  return new TestBrowser(origin);
}

function xsrf(browser: TestBrowser, origin: string): Record<string, string> {
  browser.cookies.set('XSRF-TOKEN', 'xsrf-oauth2-test');
  return { origin, 'x-xsrf-token': 'xsrf-oauth2-test' };
}

export async function dance(browser: TestBrowser, origin: string, authorizationUrl: URL | string, redirectUri: string, options: DanceOptions = {}): Promise<DanceResult> {
  const { result, end } = await walk(browser, origin, authorizationUrl, redirectUri, options);
  if (end instanceof URL) return { ...result, callback: end };
  throw new Error(`the provider answered ${end.status} with a page instead of sending the browser to the client: ${JSON.stringify(end.body)}`);
}

/**
 * The same walk for a response the provider gives as a page of its own (response_mode=form_post):
 * answers that page, which the browser would submit to the client.
 */
export async function danceToPage(
  browser: TestBrowser,
  origin: string,
  authorizationUrl: URL | string,
  redirectUri: string,
  options: DanceOptions = {},
): Promise<Omit<DanceResult, 'callback'> & { page: Answer }> {
  const { result, end } = await walk(browser, origin, authorizationUrl, redirectUri, options);
  if (end instanceof URL) throw new Error(`the provider sent the browser to ${end.href} instead of answering a page`);
  return { ...result, page: end };
}

async function walk(
  browser: TestBrowser,
  origin: string,
  authorizationUrl: URL | string,
  redirectUri: string,
  options: DanceOptions,
): Promise<{ result: Omit<DanceResult, 'callback'>; end: URL | Answer }> {
  const result: Omit<DanceResult, 'callback'> = {};
  let next = String(authorizationUrl);
  for (let hop = 0; hop < 12; hop++) {
    if (next.startsWith(redirectUri)) return { result, end: new URL(next) };
    const url = new URL(next);
    if (url.pathname === '/login') {
      const challenge = url.searchParams.get('login_challenge')!;
      const started = await browser.get(`/.ory/self-service/login/browser?login_challenge=${encodeURIComponent(challenge)}`);
      if (started.status === 422) {
        next = started.body.redirect_browser_to;
        continue;
      }
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      result.loginFlow = started.body;
      const csrf = started.body.ui.nodes.find((n: any) => n.attributes.name === 'csrf_token').attributes.value;
      const submitted = await browser.postJson(`/.ory/self-service/login?flow=${started.body.id}`, {
        csrf_token: csrf,
        method: 'password',
        identifier: options.email,
        password: options.password ?? PASSWORD,
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      next = submitted.body.continue_with.find((c: any) => c.action === 'redirect_browser_to').redirect_browser_to;
      continue;
    }
    if (url.pathname === '/consent') {
      const challenge = url.searchParams.get('consent_challenge')!;
      const consent = await browser.get(`/bff/consent?consent_challenge=${encodeURIComponent(challenge)}`);
      expect(consent.status, JSON.stringify(consent.body)).toBe(200);
      result.consent = consent.body;
      const decided = await browser.postJson(
        '/bff/consent',
        {
          consent_challenge: challenge,
          action: 'accept',
          grant_scope: consent.body.skip ? consent.body.requested_scope : (options.grant ?? consent.body.requested_scope),
          remember: options.remember ?? false,
        },
        xsrf(browser, origin),
      );
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      next = decided.body.redirect_to;
      continue;
    }
    const answer = await browser.get(next, { json: false });
    if (!answer.location && answer.status === 200 && String(answer.headers['content-type']).startsWith('text/html')) return { result, end: answer };
    if (!answer.location) throw new Error(`${next} answered ${answer.status} without a redirect: ${JSON.stringify(answer.body)}`);
    next = new URL(answer.location, next).href;
  }
  throw new Error('the authorization did not come back to the client');
}
