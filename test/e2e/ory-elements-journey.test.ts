/**
 * Ory's own UI on sitewave: a minimal page built on Ory Elements (test/e2e/harness/ory-elements,
 * bundled here with Vite) served by the gateway in place of the account interface, talking to
 * the gateway's `/.ory` exactly as it would to an Ory project. A person registers, signs out,
 * signs in and recovers the account by an e-mailed code in Debian's Chromium.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, screenshot, uniqueEmail } from './support/account-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { lastCode, startStack, type Stack } from './support/stack.js';

let webRoot: string;
let stack: Stack;
let browser: Browser;
let page: Page | undefined;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'sitewave-ory-elements-'));
  await build({
    configFile: false,
    root: path.resolve('test/e2e/harness/ory-elements'),
    plugins: [react()],
    logLevel: 'warn',
    // Ory Elements is one large bundle (every locale included); its size is not this test's concern.
    build: { outDir: webRoot, emptyOutDir: true, chunkSizeWarningLimit: 8192 },
  });
  stack = await startStack({ WEB_ROOT: webRoot });
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});
screenshotOnFailure('ory-elements', () => ({ '': page }));

describe('Ory Elements against the gateway', () => {
  it('registers, signs out, signs in, and recovers the account with an e-mailed code', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const journey = await context.newPage();
    page = journey;
    const errors: string[] = [];
    journey.on('pageerror', (error) => errors.push(String(error)));
    const email = uniqueEmail('elements');
    const signedInAs = journey.getByTestId('signed-in-as');
    const submitMethod = (value: string) => journey.locator(`button[name="method"][value="${value}"]`);

    await journey.goto(`${stack.url}/registration`);
    await journey.locator('input[name="traits.email"]').fill(email);
    await journey.locator('input[name="traits.name.first"]').fill('Ada');
    await journey.locator('input[name="password"]').fill(PASSWORD);
    await screenshot(journey, 'ory-elements-registration');
    await submitMethod('password').click();
    // Signed up: Ory Elements follows continue_with to the verification flow the service started.
    await journey.waitForURL(/\/verification\?flow=/);
    await journey.locator('input[name="code"]').waitFor();
    await screenshot(journey, 'ory-elements-verification');

    await journey.goto(`${stack.url}/`);
    await expect.poll(() => signedInAs.textContent()).toBe(email);
    // Signed out, the service sends the browser to sign in again, as Kratos does.
    await journey.getByRole('link', { name: 'Sign out' }).click();
    await journey.waitForURL(/\/login\?flow=/);
    await journey.goto(`${stack.url}/`);
    await journey.getByText('Not signed in.').waitFor();

    await journey.goto(`${stack.url}/login`);
    await journey.locator('input[name="identifier"]').fill(email);
    await journey.locator('input[name="password"]').fill('not the password at all');
    await submitMethod('password').click();
    await journey.locator('[data-testid="ory/message/4000006"]').waitFor();
    await screenshot(journey, 'ory-elements-login-refused');
    await journey.locator('input[name="password"]').fill(PASSWORD);
    await submitMethod('password').click();
    await journey.waitForURL(`${stack.url}/`);
    await expect.poll(() => signedInAs.textContent()).toBe(email);
    await journey.getByRole('link', { name: 'Sign out' }).click();
    await journey.waitForURL(/\/login\?flow=/);

    await journey.goto(`${stack.url}/recovery`);
    await journey.locator('input[name="email"]').fill(email);
    await screenshot(journey, 'ory-elements-recovery');
    await submitMethod('code').click();
    await journey.locator('input[name="code"]').waitFor();
    await screenshot(journey, 'ory-elements-recovery-code-sent');
    await journey.locator('input[name="code"]').fill(await lastCode(stack, email));
    await submitMethod('code').click();
    // Recovered: continue_with leads to a privileged settings flow, signed in.
    await journey.waitForURL(/\/settings\?flow=/);
    await journey.locator('input[name="password"]').waitFor();
    expect(await journey.locator('input[name="traits.email"]').inputValue()).toBe(email);
    await screenshot(journey, 'ory-elements-settings-after-recovery');
    await journey.goto(`${stack.url}/`);
    await expect.poll(() => signedInAs.textContent()).toBe(email);
    expect(errors).toEqual([]);
    await context.close();
  });
});
