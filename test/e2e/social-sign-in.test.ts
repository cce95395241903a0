/**
 * Social sign-in in Debian's Chromium, against the product as `npm start` runs it with an
 * OpenID Connect provider configured (a real oidc-provider on loopback): sign up through the
 * provider and give the address it did not share, unlink it in settings, a denied consent, and
 * linking to an existing account after signing in to it. Each new card state is audited with
 * axe-core and saved at desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveIssuer, startUpstreamOidc, type UpstreamOidc } from '../support/upstream-oidc.js';
import { fill, PASSWORD, register, uniqueEmail } from './support/account-page.js';
import { expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startStack, type Stack } from './support/stack.js';

let stack: Stack;
let browser: Browser;
let upstream: UpstreamOidc;
let page: Page | undefined;

beforeAll(async () => {
  const reserved = await reserveIssuer();
  stack = await startStack({
    IDENTITY_OIDC_PROVIDERS: JSON.stringify([
      { id: 'acme', label: 'Acme ID', issuer: reserved.issuer, client_id: 'sitewave-test', client_secret: 'upstream-client-secret-0123456789' },
    ]),
  });
  upstream = await startUpstreamOidc(reserved);
  upstream.allowRedirect(`${stack.url}/.ory/self-service/methods/oidc/callback/acme`);
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('social', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await upstream?.close();
  await stack?.stop();
});

async function freshPage(): Promise<Page> {
  await page?.context().close();
  page = await newAppPage(browser);
  return page;
}

interface Whoami {
  identity: { id: string; traits: { email: string } };
  authentication_methods: { method: string }[];
  error?: { code: number };
}

const whoami = (current: Page): Promise<Whoami> =>
  current.evaluate(() => fetch('/.ory/sessions/whoami', { headers: { accept: 'application/json' } }).then((r) => r.json() as Promise<Whoami>));

describe('signing in with a company or social account', () => {
  it('signs up through the provider, asks for the address it did not share, and unlinks it in settings', async () => {
    const current = await freshPage();
    const sub = `no-email-${Date.now()}`;
    upstream.accounts.set(sub, { given_name: 'Ada', family_name: 'Lovelace' });
    upstream.next = { signIn: sub };
    await current.goto(`${stack.url}/login`);
    const button = current.getByRole('button', { name: 'Sign in with Acme ID', exact: true });
    await button.waitFor();
    await expectAccessible(current);
    await screenshotsOf(current, 'social-login');
    await button.click();

    await current.waitForURL((url) => url.pathname === '/registration');
    const email = current.locator('input[name="traits.email"]');
    await email.waitFor();
    expect(await current.locator('input[name="traits.name.first"]').inputValue()).toBe('Ada');
    await expectAccessible(current);
    await screenshotsOf(current, 'social-missing-trait');
    const address = uniqueEmail('social');
    await email.fill(address);
    await current.getByRole('button', { name: 'Continue', exact: true }).click();
    await current.waitForURL((url) => url.pathname !== '/registration');
    const session = await whoami(current);
    expect(session.identity.traits.email).toBe(address);
    expect(session.authentication_methods[0]?.method).toBe('oidc');

    await current.goto(`${stack.url}/settings`);
    const unlink = current.getByRole('button', { name: 'Unlink Acme ID', exact: true });
    await unlink.waitFor();
    await unlink.scrollIntoViewIfNeeded();
    await expectAccessible(current);
    await screenshotsOf(current, 'social-settings-linked');
    await unlink.click();
    await current.getByRole('button', { name: 'Link Acme ID', exact: true }).waitFor();
  });

  it('shows a clear message when access is denied at the provider', async () => {
    const current = await freshPage();
    upstream.next = { deny: true };
    await current.goto(`${stack.url}/login`);
    await current.getByRole('button', { name: 'Sign in with Acme ID', exact: true }).click();
    await current.getByText('Sign-in with Acme ID was cancelled', { exact: false }).waitFor();
    expect(new URL(current.url()).pathname).toBe('/login');
    await expectAccessible(current);
    await screenshotsOf(current, 'social-denied');
  });

  it('adds the provider to an existing account with the same verified address only after signing in to it', async () => {
    const current = await freshPage();
    const address = uniqueEmail('existing');
    await register(current, stack, address);
    await current.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await current.context().clearCookies();
    const sub = `same-${Date.now()}`;
    upstream.accounts.set(sub, { email: address, email_verified: true, given_name: 'Ada' });
    upstream.next = { signIn: sub };

    await current.goto(`${stack.url}/login`);
    await current.getByRole('button', { name: 'Sign in with Acme ID', exact: true }).click();
    await current.getByText('already belongs to another account', { exact: false }).waitFor();
    await expectAccessible(current);
    await screenshotsOf(current, 'social-confirm-link');
    expect((await whoami(current)).error?.code).toBe(401);
    await fill(current, { password: PASSWORD });
    await current.getByRole('button', { name: 'Sign in with password', exact: true }).click();
    await current.waitForURL((url) => url.pathname !== '/login');
    const linkedSession = await whoami(current);
    expect(linkedSession.identity.traits.email).toBe(address);

    // The provider account now signs in to that account directly.
    await current.context().clearCookies();
    await current.goto(`${stack.url}/login`);
    await current.getByRole('button', { name: 'Sign in with Acme ID', exact: true }).click();
    await current.waitForURL((url) => url.pathname !== '/login');
    expect((await whoami(current)).identity.id).toBe(linkedSession.identity.id);
  });
});
