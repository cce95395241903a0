/**
 * Login and consent the Hydra way, against the product as `npm start` runs it: the sign-in card
 * takes a login_challenge (shows the client, signs in, sends the browser on), an existing session
 * answers without the form unless prompt=login asks again, a remembered consent comes back as
 * `skip`, a first-party client is not asked, and a refused consent issues nothing.
 */
import { createServer } from 'node:http';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { PASSWORD, register } from '../identity/support/flows.js';
import { listenServer } from '../../support/listen.js';
import { dance, newBrowser } from './support/dance.js';
import { authorizationRequest, type ClientCredentials } from './support/authorization-request.js';
import { startStack, type Stack } from './support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
let stack: Stack;
let email: string;

async function newClient(fields: Record<string, unknown>): Promise<{ client_id: string; client_secret: string }> {
  const created = await stack.admin('POST', '/admin/clients', { redirect_uris: [REDIRECT], scope: 'openid email profile', ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

function start(client: ClientCredentials, extra: Record<string, string> = {}) {
  return authorizationRequest(stack.issuer, client, REDIRECT, extra);
}

function sessionOf(identityBrowser: TestBrowser): TestBrowser {
  const browser = newBrowser(stack.origin);
  browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
  return browser;
}

beforeAll(async () => {
  // The back-channel logout receiver of a test listens on loopback.
  stack = await startStack({ OAUTH2_PRIVATE_NETWORK_CALLBACKS: 'true' });
  email = `consent-${Date.now()}@example.com`;
  expect((await register(new TestBrowser(`${stack.origin}/.ory`), email)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe('the sign-in card with a login_challenge', () => {
  it('names the client, signs in with the password, and continues to consent and the client', async () => {
    const client = await newClient({ client_name: 'Survey Viewer' });
    const { config, url, verifier } = await start(client);
    const browser = newBrowser(stack.origin);
    const { callback, loginFlow } = await dance(browser, stack.origin, url, REDIRECT, { email });
    expect(loginFlow.oauth2_login_challenge).toBeTruthy();
    expect(loginFlow.oauth2_login_request.client.client_name).toBe('Survey Viewer');
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.claims()!.email).toBe(email);
    expect(tokens.claims()!.name).toBe('Ada Lovelace');
    // The sign-in left an identity session too: the browser is signed in to sitewave.
    expect(browser.cookies.get('ory_kratos_session')).toBeTruthy();
  });

  it('shows the form again for prompt=login even with a session', async () => {
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const other = `prompt-${Date.now()}@example.com`;
    expect((await register(identityBrowser, other)).status).toBe(200);
    const client = await newClient({ client_name: 'Strict App' });
    const { url } = await start(client, { prompt: 'login' });
    const { callback, loginFlow } = await dance(sessionOf(identityBrowser), stack.origin, url, REDIRECT, { email: other });
    expect(loginFlow.refresh).toBe(true);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('signs up on the registration card with the challenge and goes straight on to the application', async () => {
    const client = await newClient({ client_name: 'Newcomer App' });
    const { config, url, verifier } = await start(client);
    const browser = newBrowser(stack.origin);
    const toLogin = new URL((await browser.get(url.href, { json: false })).location!);
    const challenge = toLogin.searchParams.get('login_challenge')!;
    // The card's "Sign up" link carries the challenge to the registration flow.
    const flow = await browser.get(`/.ory/self-service/registration/browser?login_challenge=${challenge}`);
    expect(flow.status).toBe(200);
    expect(flow.body.oauth2_login_request.client.client_name).toBe('Newcomer App');
    const csrf = flow.body.ui.nodes.find((n: any) => n.attributes.name === 'csrf_token').attributes.value;
    const address = `newcomer-${Date.now()}@example.com`;
    const signedUp = await browser.postJson(`/.ory/self-service/registration?flow=${flow.body.id}`, {
      csrf_token: csrf,
      method: 'password',
      traits: { email: address, name: { first: 'Grace', last: 'Hopper' } },
      password: PASSWORD,
    });
    expect(signedUp.status).toBe(200);
    const next = signedUp.body.continue_with.map((c: any) => c.action);
    expect(next).toEqual(['redirect_browser_to']);
    const resume = signedUp.body.continue_with[0].redirect_browser_to;
    expect(resume).toMatch(new RegExp(`^${stack.issuer}/oauth2/auth/`));
    const { callback } = await dance(browser, stack.origin, resume, REDIRECT);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.claims()).toMatchObject({ email: address, name: 'Grace Hopper' });
  });

  it('asks to confirm it is you when the session is older than max_age', async () => {
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const person = `max-age-${Date.now()}@example.com`;
    expect((await register(identityBrowser, person)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const client = await newClient({ client_name: 'Fresh Only' });
    const { url } = await start(client, { max_age: '0' });
    const { loginFlow, callback } = await dance(sessionOf(identityBrowser), stack.origin, url, REDIRECT, { email: person });
    expect(loginFlow.refresh).toBe(true);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it("an accepted login's remember_for ends the provider's sign-in that many seconds later; 0 keeps it", async () => {
    const client = await newClient({ client_name: 'Remember For', skip_consent: true });
    const registered = await register(new TestBrowser(`${stack.origin}/.ory`), `remember-login-${Date.now()}@example.com`);
    /** Starts an authorization in the browser; the login request, if the provider asks for one. */
    const authorize = async (browser: TestBrowser) => {
      const first = new URL((await browser.get((await start(client)).url.href, { json: false })).location!);
      return first.pathname === '/login' ? first.searchParams.get('login_challenge')! : undefined;
    };
    const signIn = async (browser: TestBrowser, rememberFor: number) => {
      const challenge = (await authorize(browser))!;
      const accepted = await stack.admin('PUT', `/admin/oauth2/auth/requests/login/accept?login_challenge=${challenge}`, {
        subject: registered.body.identity.id,
        remember: true,
        remember_for: rememberFor,
      });
      const back = await browser.get(accepted.body.redirect_to, { json: false });
      expect(new URL(back.location!).pathname).toBe('/callback');
    };
    const brief = newBrowser(stack.origin);
    const kept = newBrowser(stack.origin);
    await signIn(brief, 2);
    await signIn(kept, 0);
    expect(await authorize(brief)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await authorize(brief)).toBeTruthy();
    expect(await authorize(kept)).toBeUndefined();
  });

  it('refuses an unknown challenge with 400', async () => {
    const answer = await newBrowser(stack.origin).get('/.ory/self-service/login/browser?login_challenge=nonexistent');
    expect(answer.status).toBe(400);
  });
});

describe('consent', () => {
  it('a remembered decision comes back as skip for the same scopes, and a wider request asks again', async () => {
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const person = `remember-${Date.now()}@example.com`;
    const registered = await register(identityBrowser, person);
    expect(registered.status).toBe(200);
    const subject: string = registered.body.identity.id;
    const browser = sessionOf(identityBrowser);
    const client = await newClient({ client_name: 'Remembered' });

    const first = await dance(browser, stack.origin, (await start(client, { scope: 'openid email' })).url, REDIRECT, { remember: true });
    expect(first.consent.skip).toBe(false);
    const second = await dance(browser, stack.origin, (await start(client, { scope: 'openid email' })).url, REDIRECT);
    expect(second.consent.skip).toBe(true);
    expect(second.callback.searchParams.get('code')).toBeTruthy();
    const wider = await dance(browser, stack.origin, (await start(client, { scope: 'openid email profile' })).url, REDIRECT);
    expect(wider.consent.skip).toBe(false);

    // Hydra's consent sessions: listed for the subject, revoked per client, and then asked again.
    const sessions = await stack.admin('GET', `/admin/oauth2/auth/sessions/consent?subject=${subject}`);
    expect(sessions.status).toBe(200);
    expect(sessions.body).toHaveLength(3);
    expect(sessions.body.filter((s: any) => s.remember)).toHaveLength(1);
    expect(sessions.body[0].consent_request.client.client_id).toBe(client.client_id);
    expect((await stack.admin('DELETE', `/admin/oauth2/auth/sessions/consent?subject=${subject}&client=${client.client_id}`)).status).toBe(204);
    expect((await stack.admin('GET', `/admin/oauth2/auth/sessions/consent?subject=${subject}`)).body).toEqual([]);
    const afterRevoke = await dance(browser, stack.origin, (await start(client, { scope: 'openid email' })).url, REDIRECT);
    expect(afterRevoke.consent.skip).toBe(false);
  });

  it('remember_for bounds a remembered decision', async () => {
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await register(identityBrowser, `remember-for-${Date.now()}@example.com`)).status).toBe(200);
    const browser = sessionOf(identityBrowser);
    const client = await newClient({ client_name: 'Short Memory' });
    /** Follows the authorization to its consent request, signed in from the session. */
    const consentChallenge = async () => {
      let next = new URL((await browser.get((await start(client)).url.href, { json: false })).location!);
      // Signed in at the provider already after the first time: straight to consent.
      if (next.pathname === '/login') {
        const resumed = await browser.get(`/.ory/self-service/login/browser?login_challenge=${next.searchParams.get('login_challenge')}`);
        next = new URL((await browser.get(resumed.body.redirect_browser_to, { json: false })).location!);
      }
      expect(next.pathname).toBe('/consent');
      return next.searchParams.get('consent_challenge')!;
    };
    const first = await consentChallenge();
    const accepted = await stack.admin('PUT', `/admin/oauth2/auth/requests/consent/accept?consent_challenge=${first}`, {
      grant_scope: ['openid', 'email', 'profile'],
      remember: true,
      remember_for: 1,
    });
    expect(accepted.status).toBe(200);
    expect((await stack.admin('GET', `/admin/oauth2/auth/requests/consent?consent_challenge=${await consentChallenge()}`)).body.skip).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await stack.admin('GET', `/admin/oauth2/auth/requests/consent?consent_challenge=${await consentChallenge()}`)).body.skip).toBe(false);
  });

  it('a first-party client (skip_consent) is not asked', async () => {
    const client = await newClient({ client_name: 'First Party', skip_consent: true });
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const person = `first-${Date.now()}@example.com`;
    expect((await register(identityBrowser, person)).status).toBe(200);
    const { config, url, verifier } = await start(client);
    const { callback, consent } = await dance(sessionOf(identityBrowser), stack.origin, url, REDIRECT);
    expect(consent).toBeUndefined();
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.claims()!.email).toBe(person);
  });

  it('a refused consent sends access_denied to the client and issues nothing', async () => {
    const client = await newClient({ client_name: 'Refused' });
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await register(identityBrowser, `refuse-${Date.now()}@example.com`)).status).toBe(200);
    const browser = sessionOf(identityBrowser);
    const { url } = await start(client);
    const toConsent = await browser.get(url.href, { json: false });
    const toLogin = new URL(toConsent.location!);
    const resumed = await browser.get(`/.ory/self-service/login/browser?login_challenge=${toLogin.searchParams.get('login_challenge')}`);
    const atConsent = await browser.get(resumed.body.redirect_browser_to, { json: false });
    const challenge = new URL(atConsent.location!).searchParams.get('consent_challenge')!;
    browser.cookies.set('XSRF-TOKEN', 'x1');
    const refused = await browser.postJson('/bff/consent', { consent_challenge: challenge, action: 'reject' }, { origin: stack.origin, 'x-xsrf-token': 'x1' });
    expect(refused.status).toBe(200);
    const back = await browser.get(refused.body.redirect_to, { json: false });
    const callback = new URL(back.location!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    // Answered once: the admin API says so, with where it went.
    const again = await stack.admin('GET', `/admin/oauth2/auth/requests/consent?consent_challenge=${challenge}`);
    expect([404, 410]).toContain(again.status);
  });
});

describe('sessions revoked through the admin API', () => {
  it('DELETE /admin/oauth2/auth/sessions/login ends the provider sign-in of a subject', async () => {
    const client = await newClient({ client_name: 'Session Probe', skip_consent: true });
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const registered = await register(identityBrowser, `login-session-${Date.now()}@example.com`);
    const browser = sessionOf(identityBrowser);
    await dance(browser, stack.origin, (await start(client)).url, REDIRECT);
    const signedIn = await browser.get((await start(client)).url.href, { json: false });
    expect(new URL(signedIn.location!).pathname).toBe('/callback');
    expect((await stack.admin('DELETE', `/admin/oauth2/auth/sessions/login?subject=${registered.body.identity.id}`)).status).toBe(204);
    const after = await browser.get((await start(client)).url.href, { json: false });
    expect(new URL(after.location!).pathname).toBe('/login');
    expect((await stack.admin('DELETE', '/admin/oauth2/auth/sessions/login')).status).toBe(400);
  });

  it('consent sessions are revoked by login session too', async () => {
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const registered = await register(identityBrowser, `by-login-${Date.now()}@example.com`);
    const subject: string = registered.body.identity.id;
    const client = await newClient({ client_name: 'By Login Session' });
    await dance(sessionOf(identityBrowser), stack.origin, (await start(client)).url, REDIRECT);
    const listed = await stack.admin('GET', `/admin/oauth2/auth/sessions/consent?subject=${subject}`);
    expect(listed.body).toHaveLength(1);
    const loginSessionId: string = listed.body[0].consent_request.login_session_id;
    expect(loginSessionId).toBeTruthy();
    expect((await stack.admin('GET', `/admin/oauth2/auth/sessions/consent?subject=${subject}&login_session_id=other`)).body).toEqual([]);
    expect((await stack.admin('DELETE', `/admin/oauth2/auth/sessions/consent?subject=${subject}`)).status).toBe(400);
    expect((await stack.admin('DELETE', `/admin/oauth2/auth/sessions/consent?subject=${subject}&login_session_id=${loginSessionId}`)).status).toBe(204);
    expect((await stack.admin('GET', `/admin/oauth2/auth/sessions/consent?subject=${subject}`)).body).toEqual([]);
  });
});

describe('logout', () => {
  it('an application-initiated logout asks on the logout screen, ends the sign-in at the provider, and returns to the application', async () => {
    const LOGGED_OUT = 'http://127.0.0.1:9/logged-out';
    // The application's back-channel: it is told of the logout with a logout token.
    const logoutTokens: string[] = [];
    const backChannel = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        response.writeHead(200).end();
      });
    });
    const backChannelUrl = await listenServer(backChannel);
    const client = await newClient({
      client_name: 'Leaving',
      post_logout_redirect_uris: [LOGGED_OUT],
      skip_consent: true,
      backchannel_logout_uri: `${backChannelUrl}/logout`,
      backchannel_logout_session_required: true,
    });
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await register(identityBrowser, `logout-${Date.now()}@example.com`)).status).toBe(200);
    const browser = sessionOf(identityBrowser);
    const { config, url, verifier } = await start(client);
    const { callback } = await dance(browser, stack.origin, url, REDIRECT);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    // Signed in at the provider: a second authorization needs no sign-in.
    const again = await browser.get((await start(client)).url.href, { json: false });
    expect(again.location).toMatch(/^http:\/\/127\.0\.0\.1:9\/callback\?code=/);

    const endSession = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: LOGGED_OUT, state: 'bye' });
    const toScreen = await browser.get(endSession.href, { json: false });
    expect(toScreen.status).toBe(303);
    const screen = new URL(toScreen.location!);
    expect(screen.origin + screen.pathname).toBe(`${stack.origin}/logout`);
    const challenge = screen.searchParams.get('logout_challenge')!;

    const view = await browser.get(`/bff/logout?logout_challenge=${challenge}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ challenge, rp_initiated: true, client: { client_name: 'Leaving' } });
    browser.cookies.set('XSRF-TOKEN', 'x2');
    const accepted = await browser.postJson('/bff/logout', { logout_challenge: challenge, action: 'accept' }, { origin: stack.origin, 'x-xsrf-token': 'x2' });
    expect(accepted.status).toBe(200);
    const back = await browser.get(accepted.body.redirect_to, { json: false });
    expect(back.location).toBe(`${LOGGED_OUT}?state=bye`);
    expect(logoutTokens).toHaveLength(1);
    const logoutToken = decodeJwt(logoutTokens[0]!);
    expect(logoutToken).toMatchObject({ iss: stack.issuer, aud: client.client_id, sub: tokens.claims()!.sub, sid: tokens.claims()!.sid });
    expect(logoutToken.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    backChannel.close();
    // Used once; answered after as handled.
    expect((await browser.get(accepted.body.redirect_to, { json: false })).status).toBe(404);

    // Signed out at the provider: the next authorization asks for a sign-in again.
    const after = await browser.get((await start(client)).url.href, { json: false });
    expect(new URL(after.location!).pathname).toBe('/login');
  });

  it('an application-initiated logout by form POST from the application’s own site is taken like the GET', async () => {
    const RP = 'https://shop.example.com';
    const LOGGED_OUT = `${RP}/logged-out`;
    const client = await newClient({ client_name: 'Posting', post_logout_redirect_uris: [LOGGED_OUT], skip_consent: true });
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await register(identityBrowser, `post-logout-${Date.now()}@example.com`)).status).toBe(200);
    const browser = sessionOf(identityBrowser);
    const { config, url, verifier } = await start(client);
    const { callback } = await dance(browser, stack.origin, url, REDIRECT);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });

    // OpenID Connect RP-Initiated Logout 1.0 §2: the end_session_endpoint takes POST as well as GET.
    // The application's page posts a form cross-site, so the browser sends the application's
    // origin and leaves out the SameSite=Lax cookies of this origin.
    const endSession = config.serverMetadata().end_session_endpoint!;
    expect(endSession).toBe(`${stack.issuer}/oauth2/sessions/logout`);
    const form = { id_token_hint: tokens.id_token!, post_logout_redirect_uri: LOGGED_OUT, state: 'posted', client_id: client.client_id };
    const posted = await new TestBrowser(stack.origin).send('POST', endSession, new URLSearchParams(form).toString(), {
      json: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: RP, referer: `${RP}/account` },
    });
    // The same request as a GET, a top-level navigation that does carry the provider's session cookie.
    expect(posted.status, JSON.stringify(posted.body)).toBe(303);
    const asGet = new URL(posted.location!);
    expect(asGet.origin + asGet.pathname).toBe(endSession);
    expect(Object.fromEntries(asGet.searchParams)).toEqual(form);
    const toScreen = await browser.get(asGet.href, { json: false });
    expect(toScreen.status).toBe(303);
    const screen = new URL(toScreen.location!);
    expect(screen.origin + screen.pathname).toBe(`${stack.origin}/logout`);
    const challenge = screen.searchParams.get('logout_challenge')!;
    expect(challenge).toBeTruthy();

    const view = await browser.get(`/bff/logout?logout_challenge=${challenge}`);
    expect(view.body).toMatchObject({ challenge, rp_initiated: true, client: { client_name: 'Posting' } });
    // The request names the signed-in person's provider session: accepting ends that one.
    const request = await stack.admin('GET', `/admin/oauth2/auth/requests/logout?logout_challenge=${challenge}`);
    expect(request.body).toMatchObject({ subject: tokens.claims()!.sub, sid: expect.stringMatching(/.+/) });
    browser.cookies.set('XSRF-TOKEN', 'x5');
    const accepted = await browser.postJson('/bff/logout', { logout_challenge: challenge, action: 'accept' }, { origin: stack.origin, 'x-xsrf-token': 'x5' });
    expect(accepted.status).toBe(200);
    const back = await browser.get(accepted.body.redirect_to, { json: false });
    expect(back.location).toBe(`${LOGGED_OUT}?state=posted`);
    const after = await browser.get((await start(client)).url.href, { json: false });
    expect(new URL(after.location!).pathname).toBe('/login');
  });

  it('a logout request by POST must be a form', async () => {
    const endSession = `${stack.issuer}/oauth2/sessions/logout`;
    const json = await new TestBrowser(stack.origin).postJson(endSession, { state: 'x' });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: 'invalid_request' });
    const oversized = await new TestBrowser(stack.origin).postForm(endSession, { id_token_hint: 'x'.repeat(20_000) });
    expect(oversized.status).toBe(413);
  });

  it("front-channel logout: the last page loads each application's logout address with iss and sid, then goes on", async () => {
    const FRONT = 'https://wiki.example.com/front-logout';
    const client = await newClient({
      client_name: 'Framed',
      skip_consent: true,
      frontchannel_logout_uri: FRONT,
      frontchannel_logout_session_required: true,
      post_logout_redirect_uris: ['https://wiki.example.com/bye'],
    });
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await register(identityBrowser, `framed-${Date.now()}@example.com`)).status).toBe(200);
    const browser = sessionOf(identityBrowser);
    const { config, url, verifier } = await start(client);
    const { callback } = await dance(browser, stack.origin, url, REDIRECT);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    const discovery = await browser.get(`${stack.issuer}/.well-known/openid-configuration`);
    expect(discovery.body).toMatchObject({ frontchannel_logout_supported: true, frontchannel_logout_session_supported: true });

    const endSession = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'https://wiki.example.com/bye' });
    const challenge = new URL((await browser.get(endSession.href, { json: false })).location!).searchParams.get('logout_challenge')!;
    browser.cookies.set('XSRF-TOKEN', 'x4');
    const accepted = await browser.postJson('/bff/logout', { logout_challenge: challenge, action: 'accept' }, { origin: stack.origin, 'x-xsrf-token': 'x4' });
    const last = await browser.get(accepted.body.redirect_to, { json: false, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(last.status).toBe(200);
    const html = String(last.body);
    const frame = new URL(/<iframe hidden title="" src="([^"]+)"/.exec(html)![1]!.replaceAll('&#38;', '&'));
    expect(frame.origin + frame.pathname).toBe(FRONT);
    expect(Object.fromEntries(frame.searchParams)).toEqual({ iss: stack.issuer, sid: tokens.claims()!.sid });
    expect(html).toContain('href="https://wiki.example.com/bye"');
    expect(html).toContain('Weiter');
    // The gateway passes the page's own policy: frames of that application only, the one script by hash.
    const policy = String(last.headers['content-security-policy']);
    expect(policy).toContain('frame-src https://wiki.example.com;');
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('declining keeps the sign-in', async () => {
    const client = await newClient({ client_name: 'Staying', skip_consent: true });
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await register(identityBrowser, `stay-${Date.now()}@example.com`)).status).toBe(200);
    const browser = sessionOf(identityBrowser);
    await dance(browser, stack.origin, (await start(client)).url, REDIRECT);
    const toScreen = await browser.get(`${stack.issuer}/oauth2/sessions/logout`, { json: false });
    const challenge = new URL(toScreen.location!).searchParams.get('logout_challenge')!;
    browser.cookies.set('XSRF-TOKEN', 'x3');
    const declined = await browser.postJson('/bff/logout', { logout_challenge: challenge, action: 'reject' }, { origin: stack.origin, 'x-xsrf-token': 'x3' });
    expect(declined.status).toBe(200);
    expect(declined.body.redirect_to).toBe(`${stack.origin}/`);
    const again = await browser.get((await start(client)).url.href, { json: false });
    expect(again.location).toMatch(/^http:\/\/127\.0\.0\.1:9\/callback\?code=/);
  });
});
