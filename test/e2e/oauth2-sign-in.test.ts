/**
 * "Sign in with sitewave" in Debian's Chromium, with a real relying party (openid-client on
 * loopback) against the product as `npm start` runs it, the embedded OAuth2 provider included:
 * the sign-in card names the application, the consent card grants only the ticked scopes and
 * remembers the decision, RP-initiated logout asks on sitewave's logout card, tells the
 * application by front-channel logout and ends the sitewave session, and a second sign-in is
 * not asked for consent again. The sign-in and consent cards are audited with axe-core and saved at desktop and phone width, light and dark.
 * With response_mode=form_post the provider's page posts the code to the application under the
 * gateway's CSP, and without script by its button.
 */
import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenServer } from '../support/listen.js';
import { fill, PASSWORD, register, uniqueEmail } from './support/account-page.js';
import { expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startRelyingParty, type ClientCredentials, type RelyingParty } from './support/relying-party.js';
import { ADMIN_TOKEN, startStack, type Stack } from './support/stack.js';

const CLIENT_NAME = 'Harbour Wiki';
let stack: Stack;
let browser: Browser;
let rp: RelyingParty;
let page: Page | undefined;
let receiver: FormReceiver | undefined;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  const admin = stack.oauth2Admin;
  if (!admin) throw new Error('the embedded OAuth2 provider did not start beside the product');
  rp = await startRelyingParty(`${stack.url}/.ory`, async ({ redirectUri, postLogoutRedirectUri, frontChannelLogoutUri }) => {
    const created = await fetch(new URL('/admin/clients', admin.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: CLIENT_NAME,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
        frontchannel_logout_uri: frontChannelLogoutUri,
        frontchannel_logout_session_required: true,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: 'openid email profile',
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    });
    if (created.status !== 201) throw new Error(`creating the client answered ${created.status}: ${await created.text()}`);
    return (await created.json()) as ClientCredentials;
  });
}, 90_000);
screenshotOnFailure('oauth2', () => ({ '': page }));
afterAll(async () => {
  await receiver?.close();
  await rp?.close();
  await browser?.close();
  await stack?.stop();
});

async function signInOnCard(current: Page, email: string): Promise<void> {
  await fill(current, { identifier: email, password: PASSWORD });
  await current.getByRole('button', { name: 'Sign in with password', exact: true }).click();
}

describe('signing in to another application with sitewave', () => {
  it('names the application, grants only the ticked scopes, remembers the decision, and logs out from the application', async () => {
    page = await newAppPage(browser);
    const email = uniqueEmail('rp');
    await register(page, stack, email);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.context().clearCookies();

    await page.goto(rp.url);
    await page.waitForURL((url) => url.origin === stack.url && url.pathname === '/login');
    await page.getByText(`To authenticate ${CLIENT_NAME}`, { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshotsOf(page, 'oauth2-sign-in');
    await signInOnCard(page, email);

    await page.getByRole('heading', { name: 'Grant access' }).waitFor();
    await page.getByText(CLIENT_NAME, { exact: true }).waitFor();
    for (const scope of ['openid', 'email', 'profile']) expect(await page.getByRole('checkbox', { name: scope, exact: true }).isChecked()).toBe(true);
    await expectAccessible(page);
    await screenshotsOf(page, 'oauth2-consent');
    // As a person does: on the visible box and its label (the native input is visually hidden).
    await page.locator('label', { hasText: /^profile$/ }).click();
    expect(await page.getByRole('checkbox', { name: 'profile', exact: true }).isChecked()).toBe(false);
    await page.locator('label', { hasText: 'Remember my decision' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${rp.url}/callback\\?`));
    const first = rp.signIns.at(-1)!;
    expect([...first.grantedScope].sort()).toEqual(['email', 'openid']);
    expect(first.idTokenClaims).toMatchObject({ iss: `${stack.url}/.ory`, email });
    expect(first.idTokenClaims.name).toBeUndefined();
    expect(first.userinfo).toMatchObject({ sub: first.idTokenClaims.sub, email });
    expect(first.userinfo.name).toBeUndefined();

    // RP-initiated logout: sitewave asks, then ends its own session too.
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === stack.url && url.pathname === '/logout');
    await page.getByRole('heading', { name: 'Do you wish to log out?' }).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('heading', { name: `Signed out of ${CLIENT_NAME}` }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${rp.url}/logged-out`));
    // On the way the browser loaded the application's front-channel logout page for that session.
    expect(rp.frontChannelLogouts).toEqual([{ iss: `${stack.url}/.ory`, sid: first.idTokenClaims.sid }]);
    await page.goto(`${stack.url}/settings`);
    await page.waitForURL((url) => url.pathname === '/login');

    // Again, for what was granted before: signing in is asked for, consent is not.
    // Read through a route: a skipped consent navigates on at once, before a response event's body could be read.
    const answers: { skip: boolean }[] = [];
    await page.route(
      (url) => url.pathname === '/bff/consent',
      async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const response = await route.fetch();
        answers.push((await response.json()) as { skip: boolean });
        await route.fulfill({ response });
      },
    );
    await page.goto(`${rp.url}/?scope=${encodeURIComponent('openid email')}`);
    await page.getByText(`To authenticate ${CLIENT_NAME}`, { exact: true }).waitFor();
    await signInOnCard(page, email);
    await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.skip)).toBe(true);
    expect([...rp.signIns.at(-1)!.grantedScope].sort()).toEqual(['email', 'openid']);
    expect(rp.signIns).toHaveLength(2);
    await page.context().close();
    page = undefined;
  }, 120_000);
});

/** An application's redirect URI that takes the response as a POSTed form and keeps what came. */
interface FormReceiver {
  callback: string;
  posts: Record<string, string>[];
  close(): Promise<void>;
}

async function startFormReceiver(): Promise<FormReceiver> {
  const posts: Record<string, string>[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        posts.push(Object.fromEntries(new URLSearchParams(body)));
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><title>Posted</title><h1>Received ${request.method}</h1></html>`);
    });
  });
  const base = await listenServer(server);
  return {
    callback: `${base}/callback`,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A person with a password, made through the identity service's admin API (registration is the journey above's subject). */
async function personWithPassword(email: string): Promise<void> {
  const created = await fetch(new URL('/admin/identities', stack.identityAdminUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ schema_id: 'default', traits: { email, name: { first: 'Ada', last: 'Lovelace' } }, credentials: { password: { config: { password: PASSWORD } } } }),
  });
  if (created.status !== 201) throw new Error(`creating the identity answered ${created.status}: ${await created.text()}`);
}

describe('an application that takes the response as a form post', () => {
  it('receives the code from the browser, with script and, for an error, without', async () => {
    receiver = await startFormReceiver();
    const admin = stack.oauth2Admin!;
    const created = await fetch(new URL('/admin/clients', admin.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Posted Notes', redirect_uris: [receiver.callback], response_types: ['code'], scope: 'openid email', skip_consent: true }),
    });
    if (created.status !== 201) throw new Error(`creating the client answered ${created.status}: ${await created.text()}`);
    const { client_id: clientId } = (await created.json()) as ClientCredentials;
    const authorize = (extra: Record<string, string>) => {
      const url = new URL(`${stack.url}/.ory/oauth2/auth`);
      const params = { client_id: clientId, response_type: 'code', response_mode: 'form_post', redirect_uri: receiver!.callback, scope: 'openid email', ...extra };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.href;
    };

    const email = uniqueEmail('posted');
    await personWithPassword(email);
    // The product's CSP enforced, as in every browser (newAppPage bypasses it for axe).
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await page.goto(authorize({ state: 'with-script' }));
    await page.waitForURL((url) => url.origin === stack.url && url.pathname === '/login');
    await signInOnCard(page, email);
    await page.getByRole('heading', { name: 'Received POST' }).waitFor();
    expect(page.url()).toBe(receiver.callback);
    expect(receiver.posts).toEqual([{ code: expect.any(String), state: 'with-script', iss: `${stack.url}/.ory` }]);
    await page.context().close();

    // Without script nothing submits by itself: the person presses the page's button.
    const context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(authorize({ state: 'without-script', prompt: 'none' }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Received POST' }).waitFor();
    expect(receiver.posts.at(-1)).toEqual({ error: 'login_required', error_description: expect.any(String), state: 'without-script', iss: `${stack.url}/.ory` });
    await context.close();
    page = undefined;
  }, 90_000);
});
