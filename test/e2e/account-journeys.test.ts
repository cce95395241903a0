/**
 * The account interface in Debian's Chromium, through the gateway, against the embedded
 * identity service: the journeys a new user takes, the mistakes they make, and one in German.
 * Every card passed on the way is saved as a screenshot (test-artifacts/screenshots).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, enterMailedCode, fill, PASSWORD, register, screenshot, signIn, totpCode, uniqueEmail } from './support/account-page.js';
import { launchChromium } from './support/chromium.js';
import { startStack, type Stack } from './support/stack.js';
import { startFakeHydra, type FakeHydra } from '../server/support/fake-hydra.js';

const OAUTH2_ADMIN_TOKEN = 'e2e-oauth2-admin-token-0123';
let stack: Stack;
let browser: Browser;
// The OAuth2 provider's admin API (Hydra's wire format) the consent screen is decided through.
let hydra: FakeHydra;

beforeAll(async () => {
  hydra = await startFakeHydra();
  stack = await startStack({ OAUTH2_ADMIN_URL: hydra.url, OAUTH2_ADMIN_TOKEN });
  browser = await launchChromium();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await hydra?.close();
});

async function freshPage(options: { locale?: string; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: options.locale ?? 'en-US', viewport: { width: options.width ?? 1280, height: 900 } });
  return context.newPage();
}

/** Waits for the next 30-second TOTP window, so a code is never the one just used. */
async function nextTotpWindow(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  await new Promise((r) => setTimeout(r, left + 200));
}

describe('a new user', () => {
  it('registers, verifies the address with the e-mailed code, and manages settings, second factors included', async () => {
    const page = await freshPage();
    const email = uniqueEmail('journey');
    await page.goto(`${stack.url}/registration`);
    await screenshot(page, 'registration');
    await register(page, stack, email);

    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.getByText('we have sent it a verification code').waitFor();
    await screenshot(page, 'verification-code-sent');
    await enterMailedCode(page, stack, email, 'Continue');
    await page.getByText('You successfully verified your email address.').waitFor();
    await screenshot(page, 'verification-done');

    await page.goto(`${stack.url}/settings`);
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await screenshot(page, 'settings');

    const profile = card(page, 'Profile Settings');
    await fill(profile, { 'traits.name.last': 'King' });
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Your changes have been saved!').waitFor();
    expect(await profile.locator('input[name="traits.name.last"]').inputValue()).toBe('King');

    const password = card(page, 'Change Password');
    await fill(password, { password: 'a brand new passphrase 2026' });
    await password.getByRole('button', { name: 'Save' }).click();
    await password.getByText('Your changes have been saved!').waitFor();

    const totp = card(page, 'Manage 2FA TOTP Authenticator App');
    const secret = (await totp.locator('code, .totp-secret, [data-secret]').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await fill(totp, { totp_code: totpCode(secret) });
    await totp.getByRole('button', { name: 'Save' }).click();
    await totp.getByText('Your changes have been saved!').waitFor();
    await screenshot(page, 'settings-totp-linked');

    const backup = card(page, 'Manage 2FA Backup Recovery Codes');
    await backup.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
    const codes = backup.locator('li, .backup-code');
    await codes.first().waitFor();
    const backupCodes = (await codes.allInnerTexts()).map((c) => c.trim()).filter((c) => /^[a-z0-9]{6,}$/i.test(c));
    expect(backupCodes).toHaveLength(12);
    await screenshot(page, 'settings-backup-codes');
    await backup.getByRole('button', { name: /confirm/i }).click();
    await backup.getByText('Your changes have been saved!').waitFor();

    // Logout from the side navigation, then sign in again: the second factor is asked for.
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Do you wish to log out?' }).waitFor();
    await screenshot(page, 'logout');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login');
    await signIn(page, stack, email, 'a brand new passphrase 2026');
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await screenshot(page, 'login-aal2');
    await nextTotpWindow();
    await fill(page, { totp_code: totpCode(secret) });
    await page.getByRole('button', { name: 'Use authenticator app' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const whoami = (await page.evaluate(async () => (await fetch('/.ory/sessions/whoami', { headers: { accept: 'application/json' } })).json())) as {
      authenticator_assurance_level: string;
      identity: { traits: { name: { last: string } } };
    };
    expect(whoami.authenticator_assurance_level).toBe('aal2');
    expect(whoami.identity.traits.name.last).toBe('King');

    // Asked to confirm who they are (a refresh): the address is shown, not asked for.
    await page.goto(`${stack.url}/login?refresh=true`);
    await page.getByRole('heading', { name: "Confirm it's you" }).waitFor();
    await page.getByText(email).waitFor();
    expect(await page.locator('input[name="identifier"]:visible').count()).toBe(0);
    await screenshot(page, 'login-refresh');
    await page.context().close();
  }, 120_000);
});

describe('a returning user', () => {
  it('recovers the account with an e-mailed code and may change the password at once', async () => {
    const page = await freshPage();
    const email = uniqueEmail('recover');
    await register(page, stack, email);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.context().clearCookies();

    await page.goto(`${stack.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Recover your account' }).waitFor();
    await screenshot(page, 'recovery');
    await fill(page, { email });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('input[name="code"]').waitFor();
    await screenshot(page, 'recovery-code-sent');
    await enterMailedCode(page, stack, email, 'Continue');

    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await page.getByText(/You have recovered access to your account\. .* within the next 1[45] minutes\./).waitFor();
    await screenshot(page, 'settings-after-recovery');
    const password = card(page, 'Change Password');
    await fill(password, { password: 'recovered and renewed 2026' });
    await password.getByRole('button', { name: 'Save' }).click();
    await password.getByText('Your changes have been saved!').waitFor();

    await page.context().clearCookies();
    await signIn(page, stack, email, 'recovered and renewed 2026');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.context().close();
  }, 120_000);

  it('is told when the password is wrong, next to the form, and keeps the address typed', async () => {
    const page = await freshPage({ width: 360 });
    const email = uniqueEmail('wrong');
    await register(page, stack, email);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.context().clearCookies();

    await signIn(page, stack, email, 'not the right passphrase at all');
    await page.getByText('The sign-in details you entered are incorrect. Check for typos and try again.').waitFor();
    expect(await page.locator('input[name="identifier"]').inputValue()).toBe(email);
    await screenshot(page, 'login-wrong-password-360');
    await page.context().close();
  }, 60_000);
});

describe('an expired form', () => {
  let shortLived: Stack;
  beforeAll(async () => {
    shortLived = await startStack({ IDENTITY_FLOW_LIFESPAN_SECONDS: '3' });
  }, 60_000);
  afterAll(async () => shortLived?.stop());

  it('starts over with a fresh form that says the old one expired', async () => {
    const page = await freshPage();
    await page.goto(`${shortLived.url}/login`);
    const first = new URL(page.url()).searchParams.get('flow') ?? (await page.waitForURL(/flow=/), new URL(page.url()).searchParams.get('flow'));
    await new Promise((r) => setTimeout(r, 4_000));
    await fill(page, { identifier: 'late@example.com', password: PASSWORD });
    await page.getByRole('button', { name: 'Sign in with password', exact: true }).click();
    await page.getByText(/The sign-in request expired .* ago\. Please try again\./).waitFor();
    await page.waitForURL((url) => url.searchParams.get('flow') !== first);
    await screenshot(page, 'login-expired');
    await page.context().close();
  }, 60_000);
});

describe('in German', () => {
  it('signs up and in with German cards and German messages', async () => {
    const page = await freshPage({ locale: 'de-DE' });
    const email = uniqueEmail('deutsch');
    await page.goto(`${stack.url}/registration`);
    await page.getByRole('heading', { name: 'Konto registrieren' }).waitFor();
    await screenshot(page, 'registration-de');
    await fill(page, { 'traits.email': email, 'traits.name.first': 'Grete', 'traits.name.last': 'Weiß', password: PASSWORD });
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await page.getByRole('heading', { name: 'Konto bestätigen' }).waitFor();
    await page.context().clearCookies();

    await page.goto(`${stack.url}/login`);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await fill(page, { identifier: email, password: 'ganz falsches Passwort 1' });
    await page.getByRole('button', { name: 'Mit Passwort anmelden' }).click();
    await page.getByText('Die eingegebenen Anmeldedaten sind nicht korrekt. Prüfen Sie sie auf Tippfehler und versuchen Sie es erneut.').waitFor();
    await screenshot(page, 'login-de-wrong-password');
    await fill(page, { password: PASSWORD });
    await page.getByRole('button', { name: 'Mit Passwort anmelden' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.context().close();
  }, 60_000);
});

describe('the error card', () => {
  it('shows the message it is given, with the details folded away', async () => {
    const page = await freshPage({ width: 360 });
    await page.goto(`${stack.url}/error?error=${encodeURIComponent('The link you followed has expired')}`);
    await page.getByText('The link you followed has expired', { exact: true }).waitFor();
    await page.getByText('Error details').waitFor();
    // The formatted JSON stays folded until asked for.
    expect(await page.locator('details').getAttribute('open')).toBeNull();
    await page
      .getByRole('link', { name: /go back/i })
      .or(page.getByRole('button', { name: /go back/i }))
      .waitFor();
    await screenshot(page, 'error-360');
    await page.context().close();
  }, 60_000);
});

describe('an OAuth2 application asking for consent', () => {
  it('shows the client and the scopes, and grants only the scopes left ticked', async () => {
    const page = await freshPage({ width: 360 });
    await register(page, stack, uniqueEmail('consent'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    const me = (await page.evaluate(async () => (await fetch('/.ory/sessions/whoami', { headers: { accept: 'application/json' } })).json())) as { identity: { id: string } };
    hydra.consents.set('e2e-consent', {
      challenge: 'e2e-consent',
      subject: me.identity.id,
      skip: false,
      client: { client_id: 'survey-app', client_name: 'Survey Companion', policy_uri: 'https://client.example/privacy', tos_uri: 'https://client.example/tos' },
      requested_scope: ['openid', 'email', 'offline_access'],
    });
    // The provider sends the browser back to the application: answer for it.
    await page.route('https://client.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back in the app</h1>' }));

    await page.goto(`${stack.url}/consent?consent_challenge=e2e-consent`);
    await page.getByText('Survey Companion').first().waitFor();
    await page.getByText('The application requests access to the following permissions:').waitFor();
    await page.getByText(/^Only grant permissions if you trust this site or app/).waitFor();
    await page.getByRole('link', { name: 'Privacy policy' }).waitFor();
    await screenshot(page, 'consent-360');
    // As a person does: on the visible box and its label (the native input is visually hidden).
    await page.locator('label', { hasText: 'offline_access' }).click();
    expect(await page.getByRole('checkbox', { name: 'offline_access' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'Back in the app' }).waitFor();
    const decision = hydra.decisions.get('consent accept e2e-consent') as { grant_scope: string[]; remember: boolean };
    expect(decision.grant_scope).toEqual(['openid', 'email']);
    expect(decision.remember).toBe(false);
    await page.context().close();
  });
});
