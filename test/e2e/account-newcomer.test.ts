/**
 * The account interface where a newcomer used to trip (issue 22), in Debian's Chromium through
 * the gateway: no developer text on the cards, forms translated through and through, the app's
 * not-found page for any address a browser opens, no "Sign up" for the signed-in, a word when an
 * old form is gone, focus and validation of our own, a quiet console, and a title per tab. German
 * and French where it is about language; each changed card is audited with axe and saved at
 * desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, enterMailedCode, fill, PASSWORD, register, signIn, totpCode, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startStack, type Stack } from './support/stack.js';

let stack: Stack;
let browser: Browser;
let current: Page | undefined;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('newcomer', () => ({ '': current }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function freshPage(locale = 'en-US', width = 1280): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: 800 }, bypassCSP: true });
  current = await context.newPage();
  return current;
}

/** What a person reads on the page (the folded error details left out). */
async function visibleText(page: Page): Promise<string> {
  // A string runs in the page: this file is compiled without the DOM's types.
  return page.evaluate<string>(`(() => {
    const copy = document.querySelector('main').cloneNode(true);
    copy.querySelectorAll('details').forEach((details) => details.remove());
    return copy.innerText;
  })()`);
}

/** Waits until the tab's title is this. */
async function titleIs(page: Page, title: string): Promise<void> {
  await page.waitForFunction(`document.title === ${JSON.stringify(title)}`);
}

/** The form name of the field that has the keyboard. */
async function focusedName(page: Page): Promise<string | undefined> {
  return page.evaluate<string | undefined>('document.activeElement ? document.activeElement.name : undefined');
}

/** Signs up in any language: the registration form's password button, whatever its words. */
async function registerAs(page: Page, email: string): Promise<void> {
  await page.goto(`${stack.url}/registration`);
  await fill(page, { 'traits.email': email, 'traits.name.first': 'Ada', 'traits.name.last': 'Lovelace', password: PASSWORD });
  await page.locator('button[type="submit"][value="password"]').click();
}

const DEVELOPER_TEXT = /Request failed|Required parameter|null or undefined|status code|getOAuth2|Error:/;

describe('the first account', () => {
  it('is the administrator, and an administration page is named in its tab: page, organisation, product', async () => {
    const page = await freshPage();
    await register(page, stack, uniqueEmail('first'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    expect(await page.title()).toBe('Verify your account — sitewave');
    const orgs = await api<{ items?: { id: string; name: string }[] } | { id: string; name: string }[]>(page, 'GET', '/api/orgs');
    const list = Array.isArray(orgs) ? orgs : (orgs.items ?? []);
    const demo = list.find((org) => org.name === 'Sitewave demo')!;
    await page.goto(`${stack.url}/admin/orgs/${demo.id}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await titleIs(page, 'Devices — Sitewave demo — sitewave');
    await page.context().close();
  });
});

describe('developer text', () => {
  it('never reaches the error card: an unknown error id and a consent page without its challenge, in German and French', async () => {
    const de = await freshPage('de-DE');
    await de.goto(`${stack.url}/error?id=garbage`);
    await de.getByText('Die Details zu diesem Fehler sind nicht mehr verfügbar.', { exact: false }).waitFor();
    expect(await visibleText(de)).not.toMatch(DEVELOPER_TEXT);
    // The technical detail is still there for whoever asks.
    await de.getByText('Fehlerdetails').click();
    await de
      .locator('details pre')
      .getByText(/"error_id": "garbage"/)
      .waitFor();
    await expectAccessible(de);
    await screenshotsOf(de, 'newcomer-error-unknown-id-de');
    await de.context().close();

    // Signed out, then signed in: both go to the card with our sentence.
    const fr = await freshPage('fr-FR');
    await fr.goto(`${stack.url}/consent`);
    await fr.waitForURL(/\/error/);
    await fr.getByText(/Cette page ne fonctionne que lorsqu’une application vous y envoie/).waitFor();
    expect(await visibleText(fr)).not.toMatch(DEVELOPER_TEXT);
    await expectAccessible(fr);
    await screenshotsOf(fr, 'newcomer-consent-missing-fr');
    await registerAs(fr, uniqueEmail('consent-fr'));
    await fr.getByRole('heading', { name: 'Vérifier votre compte' }).waitFor();
    await fr.goto(`${stack.url}/consent`);
    await fr.waitForURL(/\/error/);
    await fr.getByText(/Cette page ne fonctionne que lorsqu’une application vous y envoie/).waitFor();
    expect(await visibleText(fr)).not.toMatch(DEVELOPER_TEXT);
    await fr.context().close();
  });
});

describe('forms in the reader’s language', () => {
  it('labels every trait in German and French, with one word for the e-mail address on every card', async () => {
    for (const [locale, words, title] of [
      ['de-DE', ['E-Mail-Adresse', 'Vorname', 'Nachname'], 'Konto registrieren'],
      ['fr-FR', ['Adresse e-mail', 'Prénom', 'Nom'], 'Créer un compte'],
    ] as const) {
      const page = await freshPage(locale);
      const [email, first, last] = words;
      await page.goto(`${stack.url}/registration`);
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await page.title()).toBe(`${title} — sitewave`);
      for (const [name, label] of [
        ['traits.email', email],
        ['traits.name.first', first],
        ['traits.name.last', last],
      ]) {
        expect(await page.locator(`label[for="${await page.locator(`input[name="${name}"]`).getAttribute('id')}"]`).innerText()).toMatch(new RegExp(`^${label}`));
      }
      const labels = await page.locator('label').allInnerTexts();
      expect(labels.join('|')).not.toMatch(/First Name|Last Name|E-Mail\b(?!-)|\bEmail\b/);
      await expectAccessible(page);
      await screenshotsOf(page, `newcomer-registration-${locale.slice(0, 2)}`);

      // The same word on sign-in and recovery.
      await page.goto(`${stack.url}/login`);
      await page.getByRole('textbox', { name: new RegExp(`^${email}`) }).waitFor();
      await page.goto(`${stack.url}/recovery`);
      await page.getByRole('textbox', { name: new RegExp(`^${email}`) }).waitFor();

      // And in the settings' profile.
      await registerAs(page, uniqueEmail(`labels-${locale}`));
      await page.waitForURL(/\/verification/);
      await page.goto(`${stack.url}/settings`);
      await page.locator('input[name="traits.name.first"]').waitFor();
      const profileLabels = await page.locator('form label').allInnerTexts();
      expect(profileLabels.some((text) => text.startsWith(first))).toBe(true);
      expect(profileLabels.join('|')).not.toMatch(/First Name|Last Name/);
      await page.context().close();
    }
  });

  it('says what is missing or wrong under the field, in the reader’s language, instead of the browser’s bubble', async () => {
    const page = await freshPage('fr-FR');
    await page.goto(`${stack.url}/registration`);
    await page.getByRole('button', { name: 'S’inscrire', exact: true }).click();
    const email = page.locator('input[name="traits.email"]');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('Veuillez remplir ce champ.');
    expect(await focusedName(page)).toBe('traits.email');
    await fill(page, { 'traits.email': 'pas-une-adresse' });
    // Typing clears the complaint; sending again says what is wrong now.
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'S’inscrire', exact: true }).click();
    await page.getByText('Saisissez une adresse e-mail comme nom@example.com.').waitFor();
    await expectAccessible(page);
    await screenshotsOf(page, 'newcomer-registration-validation-fr');
    await page.context().close();

    const de = await freshPage('de-DE');
    await de.goto(`${stack.url}/login`);
    await de.getByRole('button', { name: 'Mit Passwort anmelden' }).click();
    await de.locator('input[name="identifier"][aria-invalid="true"]').waitFor();
    expect(await de.getByText('Bitte füllen Sie dieses Feld aus.').count()).toBeGreaterThan(0);
    await de.context().close();
  });
});

describe('an address no route knows', () => {
  it('shows the app’s not-found page with status 404 to a browser; API clients keep the JSON envelope', async () => {
    const page = await freshPage('de-DE');
    for (const path of ['/survey', '/heatmap', '/foo']) {
      const response = await page.goto(`${stack.url}${path}`);
      expect(response!.status(), path).toBe(404);
      await page.getByRole('heading', { level: 1, name: '404 – Seite nicht gefunden' }).waitFor();
      expect(await page.locator('body').innerText()).not.toContain('{"error"');
    }
    await expectAccessible(page);
    await screenshotsOf(page, 'newcomer-not-found-de');
    const api404 = await page.request.get(`${stack.url}/api/nope`, { headers: { accept: 'text/html' } });
    expect(api404.status()).toBe(404);
    expect(((await api404.json()) as { error: { code: number } }).error.code).toBe(404);
    const json404 = await page.request.get(`${stack.url}/survey`, { headers: { accept: 'application/json' } });
    expect(json404.status()).toBe(404);
    expect(json404.headers()['content-type']).toMatch(/application\/json/);
    await page.context().close();
  });
});

describe('a form that no longer exists', () => {
  it('is replaced by a new one that says so, on sign-in in German and registration in French', async () => {
    const de = await freshPage('de-DE');
    await de.goto(`${stack.url}/login?flow=nonsense`);
    await de.getByText('Das aufgerufene Formular ist abgelaufen oder wurde nicht gefunden. Hier ist ein neues.').waitFor();
    await de.waitForURL((url) => /^[0-9a-f-]{36}$/.test(url.searchParams.get('flow') ?? ''));
    await expectAccessible(de);
    await screenshotsOf(de, 'newcomer-login-form-gone-de');
    await de.context().close();

    const fr = await freshPage('fr-FR');
    await fr.goto(`${stack.url}/registration?flow=00000000-0000-4000-8000-000000000000`);
    await fr.getByText('Le formulaire ouvert a expiré ou est introuvable. En voici un nouveau.').waitFor();
    await fr.locator('input[name="traits.email"]').waitFor();
    await fr.context().close();
  });
});

describe('a signed-in user verifying the address', () => {
  it('is not offered "Sign up", neither before nor after verifying', async () => {
    const page = await freshPage();
    const email = uniqueEmail('verify');
    await register(page, stack, email);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.getByText('we have sent it a verification code').waitFor();
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshotsOf(page, 'newcomer-verification-signed-in');
    await enterMailedCode(page, stack, email, 'Continue');
    await page.getByText('You successfully verified your email address.').waitFor();
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);

    // Signed out, the card still offers it.
    await page.context().clearCookies();
    await page.goto(`${stack.url}/verification`);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await page.context().close();
  });
});

describe('the second factor', () => {
  it('puts the keyboard in the code field, and an anonymous page logs no failed session request', async () => {
    const page = await freshPage();
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().includes('/bff/session')) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    // Anonymous: the session read is an answer (null), not a failure.
    await page.goto(`${stack.url}/verification`);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    const anonymous = await page.request.get(`${stack.url}/bff/session`, { headers: { accept: 'application/json' } });
    expect(anonymous.status()).toBe(200);
    expect(await anonymous.text()).toBe('null');
    expect(failures).toEqual([]);

    const email = uniqueEmail('totp');
    await register(page, stack, email);
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/settings`);
    const totp = card(page, 'Manage 2FA TOTP Authenticator App');
    const secret = (await totp.locator('code, .totp-secret, [data-secret]').first().innerText()).trim();
    await fill(totp, { totp_code: totpCode(secret) });
    await totp.getByRole('button', { name: 'Save' }).click();
    await totp.getByText('Your changes have been saved!').waitFor();

    await page.context().clearCookies();
    await signIn(page, stack, email, PASSWORD);
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('totp_code');
    expect(await page.title()).toBe('Two-Factor Authentication — sitewave');
    await expectAccessible(page);
    await screenshotsOf(page, 'newcomer-login-aal2-focus');
    await page.context().close();
  });
});

describe('tab titles', () => {
  it('name each account page, translated', async () => {
    for (const [locale, path, title] of [
      ['en-US', '/login', 'Sign in — sitewave'],
      ['de-DE', '/login', 'Anmelden — sitewave'],
      ['fr-FR', '/registration', 'Créer un compte — sitewave'],
      ['de-DE', '/recovery', 'Konto wiederherstellen — sitewave'],
    ] as const) {
      const page = await freshPage(locale);
      await page.goto(`${stack.url}${path}`);
      await titleIs(page, title);
      await page.context().close();
    }
  });
});
