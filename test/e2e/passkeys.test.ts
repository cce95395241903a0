/**
 * Passkeys and security keys in Debian's Chromium, through the gateway, with a virtual
 * authenticator (the DevTools Protocol's WebAuthn domain: CTAP2, built in, resident keys, user
 * verification). The account cards load the identity host's WebAuthn script from the flow's
 * script node and run its functions from the trigger attributes, as with Kratos.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, enterMailedCode, fill, register, signIn, uniqueEmail } from './support/account-page.js';
import { expectAccessible, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startStack, type Stack } from './support/stack.js';

let stack: Stack;
let browser: Browser;
/** The page of the journey under way, pictured if it fails. */
let current: Page | undefined;
screenshotOnFailure('passkeys', () => ({ '': current }));

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface Authenticator {
  cdp: CDPSession;
  id: string;
}

/**
 * A page whose browser has a platform authenticator (Touch ID, Windows Hello) that says yes.
 * `audited`: the page's CSP is relaxed so axe can be injected; otherwise the gateway's CSP holds,
 * as it does for users. `autofill`: the sign-in card's address field offers passkeys, and the
 * virtual authenticator picks one at once, as a person picking the suggestion would; without it
 * the browser reports no autofill, so the button is what signs in.
 */
async function pageWithAuthenticator(options: { audited?: boolean; autofill?: boolean } = {}): Promise<{ page: Page; authenticator: Authenticator }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, bypassCSP: options.audited ?? false });
  if (!options.autofill) {
    await context.addInitScript(() => {
      const credential = (globalThis as unknown as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } }).PublicKeyCredential;
      if (credential) credential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
  }
  const page = await context.newPage();
  current = page;
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  return { page, authenticator: await addAuthenticator(cdp) };
}

async function addAuthenticator(cdp: CDPSession): Promise<Authenticator> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}

async function whoami(page: Page): Promise<{ status: number; body: any }> {
  return page.evaluate(async () => {
    const response = await fetch('/.ory/sessions/whoami', { headers: { accept: 'application/json' } });
    return { status: response.status, body: await response.json() };
  });
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${stack.url}/logout`);
  await page.getByRole('heading', { name: 'Do you wish to log out?' }).waitFor();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(/\/login/);
}

async function signInWithPasskey(page: Page): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.getByRole('button', { name: 'Sign in with passkey' }).click();
}

describe('passkeys', () => {
  it('sign up with a passkey only, sign out, sign in with it; a clone with a stale counter is refused', async () => {
    const { page, authenticator } = await pageWithAuthenticator();
    const email = uniqueEmail('passkey');
    await page.goto(`${stack.url}/registration`);
    await page.getByRole('button', { name: 'Sign up with passkey' }).waitFor();
    await screenshotsOf(page, 'passkey-registration');
    await fill(page, { 'traits.email': email, 'traits.name.first': 'Grace' });
    await page.getByRole('button', { name: 'Sign up with passkey' }).click();
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    const signedUp = await whoami(page);
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.authentication_methods.map((m: any) => m.method)).toEqual(['passkey']);
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with passkey' }).waitFor();
    await screenshotsOf(page, 'passkey-login');
    await signInWithPasskey(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const signedIn = await whoami(page);
    expect(signedIn.body.identity.traits.email).toBe(email);
    expect(signedIn.body.authentication_methods.map((m: any) => m.method)).toEqual(['passkey']);

    // The same private key with a counter wound back: what a cloned authenticator would send.
    const [used] = (await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.id })).credentials;
    expect(used!.signCount).toBeGreaterThan(0);
    await signOut(page);
    await authenticator.cdp.send('WebAuthn.removeCredential', { authenticatorId: authenticator.id, credentialId: used!.credentialId });
    await authenticator.cdp.send('WebAuthn.addCredential', { authenticatorId: authenticator.id, credential: { ...used!, signCount: 0 } });
    await signInWithPasskey(page);
    await page.getByText('The security key response couldn’t be verified. Please try again.').waitFor();
    expect((await whoami(page)).status).toBe(401);
    await screenshotsOf(page, 'passkey-login-refused');
    await page.context().close();
  }, 120_000);

  it('adds a second passkey in settings, lists both by name and removes one', async () => {
    const { page, authenticator } = await pageWithAuthenticator({ audited: true });
    const email = uniqueEmail('passkeys');
    await register(page, stack, email);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await enterMailedCode(page, stack, email, 'Continue');
    await page.getByText('You successfully verified your email address.').waitFor();

    await page.goto(`${stack.url}/settings`);
    const passkeys = card(page, 'Manage Passkeys');
    await passkeys.getByText('You haven’t added any passkeys yet.').waitFor();
    await passkeys.scrollIntoViewIfNeeded();
    await screenshotsOf(page, 'settings-passkeys-empty');
    await passkeys.getByRole('button', { name: 'Add passkey' }).click();
    await passkeys.getByRole('button', { name: 'Remove passkey “Chrome on Linux”' }).waitFor();
    // A second device: the first one holds a passkey for this account already and would refuse.
    await authenticator.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: authenticator.id });
    const second = await addAuthenticator(authenticator.cdp);
    await passkeys.getByRole('button', { name: 'Add passkey' }).click();
    await passkeys.getByRole('button', { name: 'Remove passkey “Chrome on Linux (2)”' }).waitFor();
    expect(await passkeys.getByRole('button', { name: /^Remove passkey/ }).allInnerTexts()).toEqual(['Remove passkey “Chrome on Linux”', 'Remove passkey “Chrome on Linux (2)”']);
    await passkeys.scrollIntoViewIfNeeded();
    await screenshotsOf(page, 'settings-passkeys');
    await expectAccessible(page);
    expect((await second.cdp.send('WebAuthn.getCredentials', { authenticatorId: second.id })).credentials).toHaveLength(1);

    await passkeys.getByRole('button', { name: 'Remove passkey “Chrome on Linux”' }).click();
    await passkeys.getByText('Your changes have been saved!').waitFor();
    expect(await passkeys.getByRole('button', { name: /^Remove passkey/ }).allInnerTexts()).toEqual(['Remove passkey “Chrome on Linux (2)”']);

    // The one left still signs in.
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with passkey' }).waitFor();
    await expectAccessible(page);
    await signInWithPasskey(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect((await whoami(page)).body.identity.traits.email).toBe(email);
    await page.context().close();
  }, 120_000);

  it('offers the passkey in the address field: picking it signs in without a click', async () => {
    const { page } = await pageWithAuthenticator({ autofill: true });
    const email = uniqueEmail('autofill');
    await page.goto(`${stack.url}/registration`);
    await fill(page, { 'traits.email': email });
    await page.getByRole('button', { name: 'Sign up with passkey' }).click();
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await signOut(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect((await whoami(page)).body.identity.traits.email).toBe(email);
    await page.context().close();
  }, 120_000);
});

describe('security keys', () => {
  it('add a key as second factor in settings; sign-in then takes the password and the key (aal2); remove it', async () => {
    const { page } = await pageWithAuthenticator({ audited: true });
    const email = uniqueEmail('securitykey');
    await register(page, stack, email);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await enterMailedCode(page, stack, email, 'Continue');
    await page.getByText('You successfully verified your email address.').waitFor();

    await page.goto(`${stack.url}/settings`);
    const keys = card(page, 'Manage Hardware Tokens');
    await fill(keys, { webauthn_register_displayname: 'YubiKey 5C' });
    await keys.getByRole('button', { name: 'Add security key' }).click();
    await keys.getByRole('button', { name: 'Remove security key “YubiKey 5C”' }).waitFor();
    expect((await whoami(page)).body.authenticator_assurance_level).toBe('aal2');
    await keys.scrollIntoViewIfNeeded();
    await screenshotsOf(page, 'settings-security-keys');
    await expectAccessible(page);

    await signOut(page);
    await signIn(page, stack, email);
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with security key' }).waitFor();
    await screenshotsOf(page, 'login-aal2-security-key');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in with security key' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const session = (await whoami(page)).body;
    expect(session.authenticator_assurance_level).toBe('aal2');
    expect(session.authentication_methods.map((m: any) => m.method)).toEqual(['password', 'webauthn']);

    await page.goto(`${stack.url}/settings`);
    await keys.getByRole('button', { name: 'Remove security key “YubiKey 5C”' }).click();
    await keys.getByText('Your changes have been saved!').waitFor();
    expect(await keys.getByRole('button', { name: /^Remove security key/ }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
