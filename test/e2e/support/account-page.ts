/**
 * What a person does on the account cards, as Playwright steps: fill the fields by their form
 * names, press buttons by their visible labels, read the e-mailed code. With SCREENSHOTS=1,
 * screenshots of each card go to test-artifacts/screenshots for a human to look at; without it
 * they are not taken (they assert nothing, and on two cores they were minutes of the suite).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { TOTP } from 'otpauth';
import { lastCode, type Stack } from './stack.js';

export const PASSWORD = 'correct horse battery staple 42';
export const SCREENSHOTS = path.resolve('test-artifacts/screenshots');
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export function card(page: Page, title: string | RegExp): Locator {
  return page.locator('section', { has: page.getByRole('heading', { name: title, exact: typeof title === 'string' }) });
}

export async function fill(scope: Page | Locator, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await scope.locator(`input[name="${name}"]`).fill(value);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function register(page: Page, stack: Stack, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${stack.url}/registration`);
  await fill(page, { 'traits.email': email, 'traits.name.first': 'Ada', 'traits.name.last': 'Lovelace', password });
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
}

export async function enterMailedCode(page: Page, stack: Stack, email: string, button: string): Promise<void> {
  await fill(page, { code: await lastCode(stack, email) });
  await page.getByRole('button', { name: button, exact: true }).click();
}

export async function signIn(page: Page, stack: Stack, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await fill(page, { identifier: email, password });
  await page.getByRole('button', { name: 'Sign in with password', exact: true }).click();
}

/** The code an authenticator app would show now for this key. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: at });
}
