/**
 * The identity platform's administration in Debian's Chromium, in one global administrator's
 * browser session: recovery is switched to an e-mailed link and saved, and the change appears in
 * the history in words; a save made after someone else's is refused with a reload; a social
 * sign-in provider is added (its secret never shown again) and removed; an API key is made, its
 * value shown once and working, then revoked after a confirmation and refused; the members are
 * listed and the last administrator cannot be removed. Every screen is audited with axe-core and
 * saved at desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startStack, type Stack } from './support/stack.js';

interface Project {
  id: string;
  revision_id: string;
  services: { identity: { config: { selfservice: { flows: { recovery: { use: string } }; methods: { oidc: { config: { providers: unknown[] } } } } } } };
}

let stack: Stack;
let browser: Browser;
let admin: Page;
let projectId: string;
const adminEmail = uniqueEmail('platform-admin');

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  admin = await newAppPage(browser);
  // The first account the API sees is the installation's global administrator.
  await register(admin, stack, adminEmail);
  await admin.getByRole('heading', { name: 'Verify your account' }).waitFor();
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  projectId = (await api<{ id: string }[]>(admin, 'GET', '/.ory/projects'))[0]!.id;
}, 90_000);
screenshotOnFailure('admin-platform', () => ({ '': admin }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const readProject = () => api<Project>(admin, 'GET', `/.ory/projects/${projectId}`);
const readClipboard = (page: Page) => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
const tab = (name: string) => admin.getByRole('tab', { name });

describe('the identity platform administration', () => {
  it('saves recovery by link as one change, shows it in the history, and refuses a save made after someone else’s', async () => {
    await admin.goto(`${stack.url}/admin`);
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Identity platform' }).click();
    await admin.waitForURL(/\/admin\/platform$/);
    await admin.getByRole('heading', { level: 1, name: 'Identity platform' }).waitFor();
    const recovery = admin.getByRole('form', { name: 'Recovery and verification' });
    const save = recovery.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-settings');

    await recovery.getByRole('button', { name: /Account recovery/ }).click();
    await admin.getByRole('listbox', { name: 'Account recovery' }).getByRole('option', { name: 'An e-mailed link' }).click();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await admin.getByText('Recovery and verification: your changes were saved').waitFor();
    await expect.poll(async () => save.isDisabled()).toBe(true);
    const saved = await readProject();
    expect(saved.services.identity.config.selfservice.flows.recovery.use).toBe('link');

    await admin.getByText('The whole configuration as JSON').click();
    await admin.getByText('"use": "link"').first().waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-json');

    await tab('History').click();
    await admin.waitForURL(/\/admin\/platform\/history$/);
    // Newest first: the change just saved, by this administrator, in words.
    const newest = admin.locator('li.revision').first();
    await newest.locator('.revision-ops li', { hasText: 'set services.identity.config.selfservice.flows.recovery.use to link' }).waitFor();
    expect(await newest.locator('.revision-ops li').count()).toBe(1);
    await newest.getByText('Ada Lovelace').waitFor();
    await admin.getByText('The first configuration, from the installation’s settings.').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-history');

    // Someone else changes the project (here through the API) while the form is open.
    await tab('Settings').click();
    const sessions = admin.getByRole('form', { name: 'Sessions' });
    await sessions.getByRole('textbox', { name: 'Session lifespan' }).fill('12');
    // The amount counts once the field is left, as a person leaves it for the unit.
    await sessions.getByRole('textbox', { name: 'Session lifespan' }).press('Tab');
    await sessions.getByRole('combobox', { name: 'Unit of Session lifespan' }).selectOption('h');
    await sessions.getByText('Stored as 24h; saving stores 12h').waitFor();
    await api(admin, 'PATCH', `/.ory/projects/${projectId}`, [{ op: 'replace', path: '/services/oauth2/config/strategies/access_token', value: 'jwt' }]);
    await sessions.getByRole('button', { name: 'Save' }).click();
    const conflict = sessions.getByRole('alert').filter({ hasText: 'Someone else saved the settings while you were editing' });
    await conflict.waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-conflict');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await sessions.getByRole('textbox', { name: 'Session lifespan' }).inputValue()).toBe('1');
    // The reloaded OAuth2 form shows the other person's change.
    await admin.getByRole('form', { name: 'OAuth2 provider' }).getByRole('button', { name: /JWT/ }).waitFor();
  }, 180_000);

  it('adds a social sign-in provider without ever showing its secret again, and removes it after asking', async () => {
    const panel = admin.getByRole('region', { name: 'Social sign-in providers' });
    await panel.getByRole('button', { name: 'Add provider' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a sign-in provider' });
    await dialog.getByRole('textbox', { name: 'ID', exact: true }).fill('corp');
    await dialog.getByText(`${stack.url}/.ory/self-service/methods/oidc/callback/corp`).waitFor();
    await dialog.getByRole('textbox', { name: 'Issuer' }).fill('https://sso.corp.example');
    await dialog.getByRole('textbox', { name: 'Button label' }).fill('Corp SSO');
    await dialog.getByRole('textbox', { name: 'Client ID' }).fill('corp-client');
    await dialog.getByLabel('Client secret', { exact: true }).fill('corp-secret-0123456789');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-provider');
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await admin.getByText('The provider corp was added').waitFor();
    const row = panel.getByRole('row', { name: /corp/ });
    await row.getByText('https://sso.corp.example').waitFor();
    expect(await admin.getByText('corp-secret-0123456789').count()).toBe(0);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-providers');
    await admin.getByText('The whole configuration as JSON').click();
    expect(await admin.locator('pre').textContent()).not.toContain('corp-secret-0123456789');

    await row.getByRole('button', { name: 'Remove corp' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('Its button disappears from the sign-in and registration pages.').waitFor();
    await sure.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('The provider corp was removed').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await readProject()).services.identity.config.selfservice.methods.oidc.config.providers).toEqual([]);
  }, 120_000);

  it('makes an API key whose value is shown once and works, then revokes it after asking', async () => {
    await tab('API keys').click();
    await admin.waitForURL(/\/admin\/platform\/api-keys$/);
    await admin.getByText('No API keys yet.').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-keys-empty');

    await admin.getByRole('button', { name: 'Create API key' }).click();
    const create = admin.getByRole('dialog', { name: 'Create an API key' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Deployment pipeline');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-key-new');
    await create.getByRole('button', { name: 'Create key' }).click();

    const shown = admin.getByRole('dialog', { name: 'The API key “Deployment pipeline” was created' });
    await shown.getByText('you will not see it again').waitFor();
    const value = (await shown.getByLabel('API key', { exact: true }).textContent())!;
    expect(value).toMatch(/^sitewave_pat_/);
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await shown.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await readClipboard(admin)).toBe(value);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-key-value');
    await shown.getByRole('button', { name: 'I have stored the key' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = admin.getByRole('row', { name: /Deployment pipeline/ });
    await row.getByText(`…${value.slice(-4)}`).waitFor();
    expect(await admin.getByText(value).count()).toBe(0);
    const withKey = () => fetch(`${stack.url}/.ory/projects`, { headers: { authorization: `Bearer ${value}` } });
    expect((await withKey()).status).toBe(200);
    // Read again, the list says when the key was last used.
    await admin.reload();
    await row.waitFor();
    expect(await row.getByText('Not yet').count()).toBe(0);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-keys');

    await row.getByRole('button', { name: 'Revoke Deployment pipeline' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('Programs using it are refused from their next request on.').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-key-revoke');
    await sure.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByText('The API key “Deployment pipeline” was revoked').waitFor();
    await admin.getByText('No API keys yet.').waitFor();
    expect((await withKey()).status).toBe(401);
  }, 120_000);

  it('lists the members, and keeps the last administrator', async () => {
    await tab('Members').click();
    await admin.waitForURL(/\/admin\/platform\/members$/);
    const row = admin.getByRole('row', { name: /Ada Lovelace/ });
    await row.getByText(adminEmail).waitFor();
    await row.getByText('You').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-members');

    await row.getByRole('button', { name: 'Remove Ada Lovelace' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('You will no longer administer this installation').waitFor();
    await sure.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('This is the last administrator: make someone else a global administrator first.').waitFor();
    await row.waitFor();
  }, 120_000);
});
