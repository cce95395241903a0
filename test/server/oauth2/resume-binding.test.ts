/**
 * The attack first: somebody else's pending `login_challenge`, opened by a signed-in victim,
 * must not let the attacker's browser finish the authorization as the victim. Two cookie jars:
 * the attacker starts the authorization and keeps the provider's cookies; the victim, signed
 * in to sitewave, follows a link carrying the attacker's challenge (any site can send a
 * top-level link; the session cookie is SameSite=Lax). Resuming needs the fresh one-time
 * verifier, which only the browser that answered receives, and the starting browser's cookie.
 */
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { dance, danceToPage, newBrowser } from './support/dance.js';
import { formOf } from './support/form-post.js';
import { authorizationRequest, type ClientCredentials } from './support/authorization-request.js';
import { startStack, type Stack } from './support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
let stack: Stack;
let victim: TestBrowser;
let victimEmail: string;

async function newClient(fields: Record<string, unknown>): Promise<{ client_id: string; client_secret: string }> {
  const created = await stack.admin('POST', '/admin/clients', { redirect_uris: [REDIRECT], scope: 'openid email profile', ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

function authorizationUrl(client: ClientCredentials) {
  return authorizationRequest(stack.issuer, client, REDIRECT);
}

/** The attacker's own browser starts the authorization: it now holds the provider's resume cookie. */
async function attackerStarts(url: URL): Promise<{ attacker: TestBrowser; challenge: string }> {
  const attacker = newBrowser(stack.origin);
  const toLogin = new URL((await attacker.get(url.href, { json: false })).location!);
  expect(toLogin.pathname).toBe('/login');
  return { attacker, challenge: toLogin.searchParams.get('login_challenge')! };
}

/** The victim's browser follows the forged link; with a session, the sign-in answers at once. */
async function victimOpens(challenge: string): Promise<string> {
  const answered = await victim.get(`/.ory/self-service/login/browser?login_challenge=${encodeURIComponent(challenge)}`);
  expect(answered.status, JSON.stringify(answered.body)).toBe(422);
  return answered.body.redirect_browser_to as string;
}

/** Follows redirects in one browser until it leaves the provider; answers where it ended. */
async function follow(browser: TestBrowser, start: string): Promise<URL> {
  let next = start;
  for (let hop = 0; hop < 8; hop++) {
    if (next.startsWith(REDIRECT)) return new URL(next);
    const answer = await browser.get(next, { json: false });
    if (!answer.location) return new URL(next);
    next = new URL(answer.location, next).href;
    if (!next.startsWith(stack.issuer)) return new URL(next);
  }
  return new URL(next);
}

beforeAll(async () => {
  stack = await startStack();
  victimEmail = `victim-${Date.now()}@example.com`;
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  expect((await register(identityBrowser, victimEmail)).status).toBe(200);
  victim = newBrowser(stack.origin);
  victim.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe("a signed-in user opening somebody else's login_challenge", () => {
  it('does not sign the attacker in as the victim (first-party client, no consent)', async () => {
    const client = await newClient({ client_name: 'Admin Console', skip_consent: true });
    const { url } = await authorizationUrl(client);
    const { attacker, challenge } = await attackerStarts(url);
    const resume = await victimOpens(challenge);

    // The attacker resumes with the challenge alone: refused, no code.
    const bare = await follow(attacker, `${stack.issuer}/oauth2/auth/${challenge}`);
    expect(bare.searchParams.get('code')).toBeNull();
    expect(bare.pathname).toBe('/error');

    // The resume address is not the challenge the attacker knows: it carries a fresh verifier.
    const verifier = new URL(resume).searchParams.get('login_verifier');
    expect(verifier).toBeTruthy();
    expect(verifier).not.toBe(challenge);

    // The victim's browser follows its redirect: it did not start this authorization, so no code either.
    const victims = await follow(victim, resume);
    expect(victims.searchParams.get('code')).toBeNull();

    // The verifier was spent by that attempt: even learned later, it opens nothing.
    const replayed = await follow(attacker, resume);
    expect(replayed.searchParams.get('code')).toBeNull();
    expect(replayed.pathname).toBe('/error');
    // Nor does a made-up return token (only the browser that spent a verifier holds a real one).
    attacker.cookies.set('oauth2_resume_return', verifier!);
    const guessed = await follow(attacker, `${stack.issuer}/oauth2/auth/${challenge}`);
    expect(guessed.searchParams.get('code')).toBeNull();
    expect(guessed.pathname).toBe('/error');
  });

  it('does not hand out a code through a remembered consent either (third-party client)', async () => {
    const client = await newClient({ client_name: 'Photo Printer' });
    // The victim once approved this application and asked to be remembered.
    const earlier = await authorizationUrl(client);
    const approved = await dance(victim, stack.origin, earlier.url, REDIRECT, { remember: true });
    expect(approved.callback.searchParams.get('code')).toBeTruthy();

    const { url } = await authorizationUrl(client);
    const { attacker, challenge } = await attackerStarts(url);
    await victimOpens(challenge);
    let resumed = await follow(attacker, `${stack.issuer}/oauth2/auth/${challenge}`);
    if (resumed.pathname === '/consent') {
      // A second forged link: the victim's consent card sees `skip` and accepts by itself.
      const consent = resumed.searchParams.get('consent_challenge')!;
      const card = await victim.get(`/bff/consent?consent_challenge=${consent}`);
      expect(card.body.skip).toBe(true);
      victim.cookies.set('XSRF-TOKEN', 'forged-consent');
      const accepted = await victim.postJson(
        '/bff/consent',
        { consent_challenge: consent, action: 'accept', grant_scope: card.body.requested_scope, remember: false },
        { origin: stack.origin, 'x-xsrf-token': 'forged-consent' },
      );
      expect(accepted.status).toBe(200);
      resumed = await follow(attacker, `${stack.issuer}/oauth2/auth/${consent}`);
    }
    expect(resumed.searchParams.get('code')).toBeNull();
    expect(resumed.pathname).toBe('/error');
  });

  it('still signs the victim in with their session in their own browser (single sign-on is intact)', async () => {
    const client = await newClient({ client_name: 'Own App', skip_consent: true });
    const { config, url, verifier } = await authorizationUrl(client);
    const { callback } = await dance(victim, stack.origin, url, REDIRECT);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.claims()!.email).toBe(victimEmail);
  });
});

describe('switching accounts at the provider', () => {
  it('signing in as someone else, with the provider still knowing the first account, finishes for the new one', async () => {
    const client = await newClient({ client_name: 'Switcher', skip_consent: true });
    const browser = newBrowser(stack.origin);
    const first = await authorizationUrl(client);
    const signedIn = await dance(browser, stack.origin, first.url, REDIRECT, { email: victimEmail });
    expect((await oidc.authorizationCodeGrant(first.config, signedIn.callback, { pkceCodeVerifier: first.verifier })).claims()!.email).toBe(victimEmail);

    // Signed out of sitewave (the provider still knows the first account); another person signs in.
    browser.cookies.delete('ory_kratos_session');
    const other = `switch-${Date.now()}@example.com`;
    expect((await register(new TestBrowser(`${stack.origin}/.ory`), other)).status).toBe(200);
    const second = await authorizationUrl(client);
    second.url.searchParams.set('prompt', 'login');
    // oidc-provider first ends the first account's sign-in: a form posted to its logout confirmation.
    const { page } = await danceToPage(browser, stack.origin, second.url, REDIRECT, { email: other });
    const form = formOf(String(page.body));
    const confirmed = await browser.send(form.method.toUpperCase(), form.action, new URLSearchParams(form.fields).toString(), {
      json: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const callback = await follow(browser, new URL(confirmed.location!, form.action).href);
    expect(callback.searchParams.get('code'), `${confirmed.status} ${confirmed.location} → ${callback.href} ${JSON.stringify(form)}`).toBeTruthy();
    const tokens = await oidc.authorizationCodeGrant(second.config, callback, { pkceCodeVerifier: second.verifier });
    expect(tokens.claims()!.email).toBe(other);
  });
});

describe('a consent verifier', () => {
  it('is required to resume after consent, and works once', async () => {
    const client = await newClient({ client_name: 'Verifier Probe' });
    const { url } = await authorizationUrl(client);
    let next = new URL((await victim.get(url.href, { json: false })).location!);
    if (next.pathname === '/login') next = new URL(await follow(victim, await victimOpens(next.searchParams.get('login_challenge')!)));
    expect(next.pathname).toBe('/consent');
    const challenge = next.searchParams.get('consent_challenge')!;
    const accepted = await stack.admin('PUT', `/admin/oauth2/auth/requests/consent/accept?consent_challenge=${challenge}`, { grant_scope: ['openid'] });
    expect(accepted.status).toBe(200);
    const resume = new URL(accepted.body.redirect_to);
    expect(resume.searchParams.get('consent_verifier')).toBeTruthy();

    // Without it, or with a login verifier's name, the victim's own browser is refused…
    expect((await follow(victim, `${stack.issuer}/oauth2/auth/${challenge}`)).pathname).toBe('/error');
    const wrongKind = new URL(resume);
    wrongKind.search = `?login_verifier=${resume.searchParams.get('consent_verifier')}`;
    expect((await follow(victim, wrongKind.href)).pathname).toBe('/error');
    // …a wrong kind did not spend it; the right one finishes, once.
    expect((await follow(victim, resume.href)).searchParams.get('code')).toBeTruthy();
    expect((await follow(victim, resume.href)).searchParams.get('code')).toBeNull();
  });

  it('an answered request sends the browser back to the start of the authorization, not to the resume address', async () => {
    const client = await newClient({ client_name: 'Handled Twice', skip_consent: true });
    const { url } = await authorizationUrl(client);
    const { challenge } = await attackerStarts(url);
    await victimOpens(challenge);
    const again = await stack.admin('GET', `/admin/oauth2/auth/requests/login?login_challenge=${challenge}`);
    expect(again.status).toBe(410);
    expect(again.body.redirect_to).not.toContain(`/oauth2/auth/${challenge}`);
    expect(new URL(again.body.redirect_to).searchParams.get('client_id')).toBe(url.searchParams.get('client_id'));
  });
});
