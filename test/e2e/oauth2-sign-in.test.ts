/**
 * "Sign in with sitewave" in Debian's Chromium, with a real relying party (openid-client on
 * loopback) against the product as `npm start` runs it, the embedded OAuth2 provider included:
 * the sign-in card names the application, the consent card grants only the ticked scopes and
 * remembers the decision, RP-initiated logout asks on sitewave's logout card, tells the
 * application by front-channel logout and ends the sitewave session, and a second sign-in is
 * not asked for consent again. The sign-in and consent cards are audited with axe-core and saved at desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, PASSWORD, register, uniqueEmail } from './support/account-page.js';
import { expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startRelyingParty, type ClientCredentials, type RelyingParty } from './support/relying-party.js';
import { startStack, type Stack } from './support/stack.js';

const CLIENT_NAME = 'Harbour Wiki';
let stack: Stack;
let browser: Browser;
let rp: RelyingParty;
let page: Page | undefined;

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
