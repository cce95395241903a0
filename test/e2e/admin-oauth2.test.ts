/**
 * The OAuth2 administration in Debian's Chromium, as a global administrator uses it: an
 * application is added and its secret shown once and copied, its redirect URIs changed (an
 * unacceptable one is refused at its row and changes nothing), given a new secret and deleted; a
 * person's real grant (through a relying party signing in with sitewave) appears on their user
 * page and is revoked; a jwt-bearer issuer is trusted and no longer trusted; the signing keys are
 * listed and rotated at once; without a provider the page explains what to configure; and a
 * person without the permission sees none of it.
 * Every screen is audited with axe-core and saved at desktop and phone width, light and dark.
 */
import { exportJWK, generateKeyPair } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, PASSWORD, register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startRelyingParty, type RelyingParty } from './support/relying-party.js';
import { startStack, type Stack } from './support/stack.js';

interface Application {
  id: string;
  name: string;
  redirectUris: string[];
}

interface SigningKey {
  kid: string;
  signing: boolean;
  retiredAt: string | null;
  removesAt: string | null;
}

let stack: Stack;
let browser: Browser;
let admin: Page;
let person: Page | undefined;
let rp: RelyingParty | undefined;
const personEmail = uniqueEmail('grantee');

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  admin = await newAppPage(browser);
  // The first account the API sees is the installation's global administrator.
  await register(admin, stack, uniqueEmail('oauth2-admin'));
  await admin.getByRole('heading', { name: 'Verify your account' }).waitFor();
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
}, 90_000);
screenshotOnFailure('admin-oauth2', () => ({ '': admin, person }));
afterAll(async () => {
  await rp?.close();
  await browser?.close();
  await stack?.stop();
});

const readClipboard = (page: Page) => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());

describe('the OAuth2 administration', () => {
  it('adds an application and shows its secret once, changes its redirect URIs, gives it a new secret and deletes it', async () => {
    await admin.goto(`${stack.url}/admin`);
    await admin.getByRole('link', { name: 'OAuth2 applications' }).click();
    await admin.waitForURL(/\/admin\/oauth2$/);
    await admin.getByRole('heading', { name: 'No applications yet' }).waitFor();
    await admin.getByText(`${stack.url}/.ory/.well-known/openid-configuration`).waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-empty');

    await admin.getByRole('button', { name: 'Add application' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Add application' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Harbour Wiki');
    await dialog.getByRole('textbox', { name: 'Redirect URIs, row 1' }).fill('https://wiki.example/callback');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-new');
    await dialog.getByRole('button', { name: 'Create application' }).click();

    const shown = admin.getByRole('dialog', { name: 'Harbour Wiki was created' });
    await shown.getByText('it is not shown again').waitFor();
    const secret = (await shown.getByLabel('Client secret', { exact: true }).textContent())!;
    expect(secret).toMatch(/^[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await shown.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await readClipboard(admin)).toBe(secret);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-secret');
    await shown.getByRole('button', { name: 'I have stored the secret' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = admin.getByRole('row', { name: /Harbour Wiki/ });
    await row.getByText('Confidential').waitFor();
    await row.getByText('https://wiki.example/callback').waitFor();
    // Shown once: nowhere on the list, and no read of the application answers it.
    expect(await admin.getByText(secret).count()).toBe(0);
    const [created] = (await api<{ items: Application[] }>(admin, 'GET', '/api/admin/oauth2/applications')).items;
    expect(JSON.stringify(created)).not.toContain(secret);
    await admin.getByRole('searchbox', { name: 'Search by exact name' }).fill('Harbour');
    await admin.getByText('Nothing matches these filters.').waitFor();
    await admin.getByRole('searchbox', { name: 'Search by exact name' }).fill('Harbour Wiki');
    await row.waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-list');

    await row.getByRole('link', { name: 'Harbour Wiki' }).click();
    await admin.waitForURL(new RegExp(`/admin/oauth2/applications/${created!.id}$`));
    await admin.getByRole('heading', { level: 1, name: 'Harbour Wiki' }).waitFor();
    const discovery = (await (await fetch(`${stack.url}/.ory/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(discovery.issuer).toBe(`${stack.url}/.ory`);
    await admin.getByText(`${stack.url}/.ory`, { exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Add redirect URI' }).click();
    const second = admin.getByRole('textbox', { name: 'Redirect URIs, row 2' });
    await second.fill('http://wiki.example/callback');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Use https; plain http only for localhost or 127.0.0.1.').waitFor();
    expect(await second.getAttribute('aria-invalid')).toBe('true');
    expect(await admin.getByRole('textbox', { name: 'Redirect URIs, row 1' }).getAttribute('aria-invalid')).toBeNull();
    expect((await api<Application>(admin, 'GET', `/api/admin/oauth2/applications/${created!.id}`)).redirectUris).toEqual(['https://wiki.example/callback']);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-refused-uri');
    await second.fill('http://127.0.0.1:8080/callback');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Harbour Wiki was saved').waitFor();
    expect((await api<Application>(admin, 'GET', `/api/admin/oauth2/applications/${created!.id}`)).redirectUris).toEqual([
      'https://wiki.example/callback',
      'http://127.0.0.1:8080/callback',
    ]);

    await admin.getByRole('button', { name: 'New secret' }).click();
    const rotate = admin.getByRole('alertdialog');
    await rotate.getByText('The current secret stops working at once').waitFor();
    await rotate.getByRole('button', { name: 'New secret' }).click();
    const renewed = admin.getByRole('dialog', { name: 'New secret for Harbour Wiki' });
    const newSecret = (await renewed.getByLabel('Client secret', { exact: true }).textContent())!;
    expect(newSecret).toMatch(/^[\w-]{43}$/);
    expect(newSecret).not.toBe(secret);
    await renewed.getByRole('button', { name: 'I have stored the secret' }).click();
    await renewed.waitFor({ state: 'detached' });
    expect(await admin.getByText(newSecret).count()).toBe(0);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-application');

    await admin.getByRole('button', { name: 'Delete application' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('every token issued to it is revoked').waitFor();
    await sure.getByRole('button', { name: 'Delete application' }).click();
    await admin.waitForURL(/\/admin\/oauth2$/);
    await admin.getByText('Harbour Wiki was deleted').waitFor();
    await admin.getByRole('heading', { name: 'No applications yet' }).waitFor();
  }, 180_000);

  it('shows the applications a person granted access on their user page, and revokes one', async () => {
    rp = await startRelyingParty(`${stack.url}/.ory`, async ({ redirectUri, postLogoutRedirectUri }) => {
      const created = await api<{ application: Application; clientSecret: string }>(admin, 'POST', '/api/admin/oauth2/applications', {
        name: 'Harbour Wiki',
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [postLogoutRedirectUri],
        grantTypes: ['authorization_code', 'refresh_token'],
        scopes: ['openid', 'email', 'profile'],
        tokenEndpointAuthMethod: 'client_secret_basic',
      });
      return { client_id: created.application.id, client_secret: created.clientSecret };
    });
    person = await newAppPage(browser);
    await register(person, stack, personEmail);
    await person.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await person.context().clearCookies();
    await person.goto(rp.url);
    await person.waitForURL((url) => url.origin === stack.url && url.pathname === '/login');
    await fill(person, { identifier: personEmail, password: PASSWORD });
    await person.getByRole('button', { name: 'Sign in with password', exact: true }).click();
    await person.getByRole('heading', { name: 'Grant access' }).waitFor();
    await person.getByRole('button', { name: 'Allow' }).click();
    await person.getByRole('heading', { name: `Signed in as ${personEmail}` }).waitFor();

    const [user] = (await api<{ items: { id: string }[] }>(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(personEmail)}`)).items;
    await admin.goto(`${stack.url}/admin/users/${user!.id}`);
    const panel = admin.locator('section', { has: admin.getByRole('heading', { name: 'Applications with access' }) });
    await panel.getByText('Harbour Wiki', { exact: true }).waitFor();
    await panel.getByText(/openid email profile/).waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-user-grants');

    await panel.getByRole('button', { name: 'Revoke access of Harbour Wiki' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('Their tokens are revoked at once').waitFor();
    await sure.getByRole('button', { name: 'Revoke', exact: true }).click();
    await admin.getByText('Access of Harbour Wiki was revoked').waitFor();
    await panel.getByText('This person has not given any application access.').waitFor();
    expect((await api<{ items: unknown[] }>(admin, 'GET', `/api/admin/oauth2/users/${user!.id}/applications`)).items).toEqual([]);
  }, 120_000);

  it('trusts a jwt-bearer issuer with a pasted public key, refusing what is not one, and stops trusting it', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'ci-1', alg: 'ES256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid: 'ci-1', alg: 'ES256', use: 'sig' };

    await admin.goto(`${stack.url}/admin/oauth2`);
    await admin.getByRole('tab', { name: 'Trusted issuers' }).click();
    await admin.waitForURL(/\/admin\/oauth2\/issuers$/);
    await admin.getByText('No issuers are trusted.', { exact: false }).waitFor();
    await admin.getByRole('button', { name: 'Add trusted issuer' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add trusted issuer' });
    await dialog.getByRole('textbox', { name: 'Issuer' }).fill('https://ci.example');
    await dialog.locator('label', { hasText: /^Any subject$/ }).click();
    await dialog.getByRole('textbox', { name: 'Scopes' }).fill('openid');
    const key = dialog.getByRole('textbox', { name: 'Public key (JWK)' });
    await key.fill('{"kty": "EC",');
    await dialog.getByRole('button', { name: 'Trust issuer' }).click();
    await dialog.getByText('This is not valid JSON.').waitFor();
    await key.fill(JSON.stringify(privateJwk, null, 2));
    await dialog.getByRole('button', { name: 'Trust issuer' }).click();
    await dialog.getByText('This is a private key. Paste the public key only.').waitFor();
    expect((await api<{ items: unknown[] }>(admin, 'GET', '/api/admin/oauth2/issuers')).items).toEqual([]);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-new-issuer');
    await key.fill(JSON.stringify(publicJwk, null, 2));
    await dialog.getByRole('button', { name: 'Trust issuer' }).click();
    await admin.getByText('https://ci.example is trusted').waitFor();

    const row = admin.getByRole('row', { name: /https:\/\/ci\.example/ });
    await row.getByText('ci-1').waitFor();
    await row.getByText('Any', { exact: true }).waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-issuers');

    await row.getByRole('button', { name: 'Stop trusting https://ci.example' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Stop trusting' }).click();
    await admin.getByText('https://ci.example is no longer trusted').waitFor();
    await admin.getByText('No issuers are trusted.', { exact: false }).waitFor();
  }, 120_000);

  it('lists the signing keys and rotates them at once, after a confirmation, from the keyboard', async () => {
    const signingKeys = async () => (await api<{ items: SigningKey[] }>(admin, 'GET', '/api/admin/oauth2/signing-keys')).items;
    const [first] = await signingKeys();
    await admin.goto(`${stack.url}/admin/oauth2`);
    const panel = admin.locator('section', { has: admin.getByRole('heading', { name: 'Signing keys' }) });
    const table = panel.getByRole('table', { name: 'Signing keys' });
    const firstRow = table.getByRole('row', { name: new RegExp(first!.kid) });
    await firstRow.getByText('Signing', { exact: true }).waitFor();
    await panel.getByText('The next scheduled rotation is on').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-signing-keys');

    await panel.getByRole('button', { name: 'Rotate now' }).focus();
    await admin.keyboard.press('Enter');
    const sure = admin.getByRole('alertdialog', { name: 'Rotate the signing key now?' });
    await sure.getByText('stays published until every token it signed has expired').waitFor();
    await screenshotsOf(admin, 'admin-oauth2-rotate-confirm');
    await sure.getByRole('button', { name: 'Rotate now' }).click();
    await admin.getByText('A new signing key signs from now on').waitFor();

    const [next, retired] = await signingKeys();
    expect(retired).toMatchObject({ kid: first!.kid, signing: false });
    await table
      .getByRole('row', { name: new RegExp(next!.kid) })
      .getByText('Signing', { exact: true })
      .waitFor();
    await firstRow.getByText('Retired', { exact: true }).waitFor();
    // Its removal date, as the provider computed it: when every token it signed has expired.
    await firstRow.locator(`time[datetime="${retired!.removesAt}"]`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-signing-keys-rotated');
    // On a phone each key is a block of labelled lines: still a table to assistive technology.
    await admin.setViewportSize({ width: 360, height: 740 });
    await firstRow.getByText('Retired', { exact: true }).waitFor();
    await expectAccessible(admin);
    await admin.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('explains which settings are missing when no provider is configured', async () => {
    const refuse = '**/api/admin/oauth2/applications?*';
    await admin.route(refuse, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 503, status: 'Service Unavailable', reason: 'No OAuth2 provider is configured: set OAUTH2_ADMIN_URL and OAUTH2_ADMIN_TOKEN', message: '' },
        }),
      }),
    );
    await admin.goto(`${stack.url}/admin/oauth2`);
    await admin.getByRole('heading', { name: 'No OAuth2 provider is configured' }).waitFor();
    await admin.getByText('OAUTH2_ADMIN_TOKEN').waitFor();
    expect(await admin.getByRole('button', { name: 'Add application' }).count()).toBe(0);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-oauth2-not-configured');
    await admin.unroute(refuse);
  }, 60_000);

  it('offers nothing of it to a person without the permission', async () => {
    await person!.goto(`${stack.url}/admin/oauth2`);
    await person!.getByText('You don’t have access to this').waitFor();
    expect(await person!.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await person!.getByRole('link', { name: 'OAuth2 applications' }).count()).toBe(0);
    expect(await person!.getByRole('button', { name: 'Add application' }).count()).toBe(0);
  }, 60_000);
});
