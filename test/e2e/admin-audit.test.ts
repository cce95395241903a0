/**
 * Administration › Audit log in Debian's Chromium, as the installation's global administrator:
 * the changes just made are listed newest first with who, what and the target's name; the group
 * and outcome filters narrow the list, an event opens to its details and hash, the chain check
 * says it is intact, the export carries the filtered range, the identity service's own trail lists
 * the administrator's registration, a person's page shows their recent
 * events, and an organisation's owner reads their organisation's log. Every screen is audited
 * with axe-core and saved at desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startStack, type Stack } from './support/stack.js';

let stack: Stack;
let browser: Browser;
let admin: Page;
let orgId: string;
let adminId: string;
const adminEmail = uniqueEmail('audit-admin');

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  admin = await newAppPage(browser);
  // The first account the API sees is the installation's global administrator.
  await register(admin, stack, adminEmail);
  await admin.getByRole('heading', { name: 'Verify your account' }).waitFor();
  adminId = (await api<{ identity: { id: string } }>(admin, 'GET', '/.ory/sessions/whoami')).identity.id;
  orgId = (await api<{ id: string }>(admin, 'POST', '/api/admin/orgs', { name: 'Audited Ltd' })).id;
  const project = await api<{ id: string }>(admin, 'POST', `/api/orgs/${orgId}/projects`, { name: 'Harbour tower' });
  await api(admin, 'PUT', `/api/projects/${project.id}`, { name: 'Harbour tower B' });
}, 120_000);
screenshotOnFailure('admin-audit', () => ({ '': admin }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const rows = () => admin.getByRole('table', { name: 'Audit log' }).locator('tbody tr');

describe('the audit log', () => {
  it('lists what was just done, newest first, with who and the target', async () => {
    await admin.goto(`${stack.url}/admin`);
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL(/\/admin\/audit$/);
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const first = rows().first();
    await expect.poll(() => first.textContent()).toContain('project.changed');
    expect(await first.textContent()).toContain('Harbour tower B');
    expect(await rows().allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('org.created')]));
    await expectAccessible(admin);
    await screenshotsOf(admin, 'audit-log');
    // On a phone the table scrolls inside its frame; the page itself does not get wider.
    await admin.setViewportSize({ width: 360, height: 740 });
    const width = await admin.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    await admin.setViewportSize({ width: 1280, height: 800 });
    expect(width).toBe(360);
  });

  it('narrows by group, opens an event to its details, checks the chain and exports the range', async () => {
    await admin.getByLabel('Action group').selectOption('project');
    await expect.poll(async () => (await rows().allTextContents()).every((text) => text.includes('project.'))).toBe(true);
    await rows().first().getByRole('button', { name: 'Details' }).click();
    const details = admin.locator('.audit-details').first();
    await details.waitFor();
    expect(await details.textContent()).toMatch(/[0-9a-f]{64}/);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'audit-log-details');

    await admin.getByRole('button', { name: 'Check the chain' }).click();
    await admin
      .getByRole('status')
      .getByText(/The chain is intact/)
      .waitFor();

    const href = await admin.getByRole('link', { name: 'Export JSON lines' }).getAttribute('href');
    expect(href).toContain('group=project');
    const lines = await admin.evaluate(async (url) => (await (await fetch(url)).text()).trim().split('\n'), href!);
    expect(lines.map((line) => JSON.parse(line).group)).toEqual(lines.map(() => 'project'));
  });

  it("reads the identity service's own trail: the administrator's registration, its chain intact", async () => {
    await admin.getByLabel('Action group').selectOption('');
    await admin.getByLabel('Record of').selectOption('identity');
    await expect.poll(async () => (await rows().allTextContents()).some((text) => text.includes('account.registered'))).toBe(true);
    const registered = await api<{ items: { actor: { id: string } }[] }>(admin, 'GET', '/api/admin/audit?trail=identity&action=account.registered');
    expect(registered.items.map((e) => e.actor.id)).toContain(adminId);
    await admin.getByRole('button', { name: 'Check the chain' }).click();
    await admin
      .getByRole('status')
      .getByText(/The chain is intact/)
      .waitFor();
    expect(await admin.getByRole('link', { name: 'Export JSON lines' }).getAttribute('href')).toContain('trail=identity');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'audit-log-identity-trail');
    await admin.getByLabel('Record of').selectOption('api');
  });

  it("shows a person's recent events on their page, and leads to the log filtered on them", async () => {
    await admin.goto(`${stack.url}/admin/users/${adminId}`);
    const panel = admin.getByRole('region', { name: 'Recent activity' });
    await panel.getByRole('table').waitFor();
    expect(await panel.textContent()).toContain('org.created');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'audit-user-page');
    await panel.getByRole('link', { name: 'Open in the audit log' }).click();
    await admin.waitForURL(/\/admin\/audit\?subject=/);
    await rows().first().waitFor();
  });

  it("lets the organisation's owner read its own log", async () => {
    await admin.goto(`${stack.url}/admin/orgs/${orgId}/audit`);
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await expect.poll(async () => (await rows().allTextContents()).join(' ')).toContain('project.created');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'audit-org-log');
  });
});
