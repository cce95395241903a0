/**
 * The signed-in application in Debian's Chromium: from registration to the projects of the
 * organisation, switching organisation and keeping the choice over a reload, the notifications
 * bell, a project's overview, the administration lists, and what a viewer is and is not offered.
 * Every screen is audited with axe-core and saved at desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register, signIn, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

let stack: Stack;
let browser: Browser;
let admin: Page;
let demoOrgId: string;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('', () => ({ '': admin }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const freshPage = () => newAppPage(browser);

interface PageStorage {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}
const storedState = (page: Page) =>
  page.evaluate(() => JSON.parse((globalThis as unknown as PageStorage).localStorage.getItem('persistent-storage') ?? '{}') as Record<string, unknown>);

describe('the signed-in application', () => {
  it('opens on the projects of the organisation the first user owns', async () => {
    admin = await freshPage();
    await register(admin, stack, uniqueEmail('owner'));
    await admin.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await admin.goto(`${stack.url}/`);
    await admin.waitForURL(/\/orgs\/[^/]+\/projects$/);
    demoOrgId = /\/orgs\/([^/]+)\/projects/.exec(admin.url())![1]!;
    await expect.poll(() => admin.getByRole('heading', { level: 1, name: 'Projects' }).isVisible()).toBe(true);
    await admin.getByRole('tab', { name: 'All projects' }).click();
    await admin.getByRole('rowheader').first().waitFor();
    expect(await admin.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents()).toEqual(['Projects', 'Organisation', 'Administration']);
    expect((await storedState(admin)).projectTab).toBe('AllProjects');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'app-projects');
  });

  it('keeps the list state in the address: a search that matches nothing says so, clearing it brings the rows back', async () => {
    await admin.getByRole('searchbox', { name: 'Search projects' }).fill('no project is called this');
    await admin.waitForURL(/q=no\+project/);
    await admin.getByText('Nothing matches these filters.').waitFor();
    await admin.reload();
    expect(await admin.getByRole('searchbox', { name: 'Search projects' }).inputValue()).toBe('no project is called this');
    await admin.getByText('Nothing matches these filters.').waitFor();
    await admin.getByRole('searchbox', { name: 'Search projects' }).fill('');
    await admin.waitForURL((url) => !url.searchParams.has('q'));
    await admin.getByRole('rowheader').first().waitFor();
  });

  it("opens a project's overview with its figures and floors, and breadcrumbs back", async () => {
    await admin.getByRole('rowheader').first().click();
    await admin.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await admin.getByRole('heading', { name: 'Survey progress' }).waitFor();
    await admin.getByRole('table', { name: 'Floors' }).getByRole('rowheader').first().waitFor();
    expect(await admin.getByRole('table', { name: 'Floors' }).getByRole('row').count()).toBeGreaterThan(1);
    const crumbs = admin.getByRole('navigation', { name: 'You are here' });
    expect(await crumbs.getByRole('link').count()).toBe(1);
    const recent = (await storedState(admin)).recentProjects as { id: string }[];
    expect(admin.url()).toContain(recent[0]!.id);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'app-project-overview');
    await crumbs.getByRole('link').click();
    await admin.waitForURL(new RegExp(`/orgs/${demoOrgId}/projects`));
  });

  it('switches organisation, and the choice survives a reload and a visit to the start page', async () => {
    const second = await api<{ id: string }>(admin, 'POST', '/api/admin/orgs', { name: 'Zeppelin Surveys' });
    await admin.reload();
    await admin.getByRole('button', { name: /Switch organisation/ }).click();
    await admin.getByRole('link', { name: /Zeppelin Surveys/ }).click();
    await admin.waitForURL(new RegExp(`/orgs/${second.id}/projects`));
    await admin
      .getByText('This organisation has no projects yet.')
      .or(admin.getByText('You are not a member of any project here yet', { exact: false }))
      .first()
      .waitFor();
    expect(await storedState(admin)).toMatchObject({ currentOrganizationId: second.id, currentOrganizationName: 'Zeppelin Surveys' });
    await admin.goto(`${stack.url}/`);
    await admin.waitForURL(new RegExp(`/orgs/${second.id}/projects`));
    await admin.reload();
    expect(await admin.getByRole('button', { name: /Switch organisation/ }).textContent()).toContain('Zeppelin Surveys');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'app-projects-empty');
  });

  it('repairs a stored organisation that is gone', async () => {
    await admin.evaluate(() => {
      const localStorage = (globalThis as unknown as PageStorage).localStorage;
      const state = JSON.parse(localStorage.getItem('persistent-storage') ?? '{}');
      localStorage.setItem('persistent-storage', JSON.stringify({ ...state, currentOrganizationId: '00000000-0000-4000-8000-000000000000', currentOrganizationName: 'Gone' }));
    });
    await admin.goto(`${stack.url}/`);
    await admin.waitForURL(/\/orgs\/[^/]+\/projects$/);
    const state = await storedState(admin);
    expect(state.currentOrganizationId).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(state.currentOrganizationName).not.toBe('Gone');
  });

  let viewerEmail: string;
  it('counts unseen notifications on the bell; opening it marks them seen, also after a reload', async () => {
    viewerEmail = uniqueEmail('viewer');
    const invite = await api<{ link: string }>(admin, 'POST', `/api/orgs/${demoOrgId}/invite`, { email: viewerEmail, role: 'viewer' });
    const token = new URL(invite.link).searchParams.get('token');
    const viewer = await freshPage();
    await viewer.goto(`${stack.url}/login`);
    await api(viewer, 'POST', '/api/register', { token, password: PASSWORD, firstName: 'Vera', lastName: 'Viewer' });
    await viewer.context().close();

    await admin.goto(`${stack.url}/orgs/${demoOrgId}/projects`);
    const bell = admin.getByRole('button', { name: /^Notifications, new: \d+$/ });
    await bell.waitFor();
    await bell.click();
    const panel = admin.getByRole('region', { name: 'Notifications' });
    await panel.getByText('New', { exact: true }).first().waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'app-notifications');
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await admin.reload();
    await admin.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(((await storedState(admin)).seenNotificationIds as string[]).length).toBeGreaterThan(0);
  });

  it('lists devices and invoices for the owner', async () => {
    await admin.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Organisation' }).click();
    await admin.waitForURL(new RegExp(`/admin/orgs/${demoOrgId}/settings`));
    await admin.getByRole('navigation', { name: 'Organisation' }).getByRole('link', { name: 'Devices' }).click();
    await admin.waitForURL(new RegExp(`/admin/orgs/${demoOrgId}/devices`));
    await admin.getByRole('table', { name: 'Devices' }).waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'app-devices');
    await admin.getByRole('navigation', { name: 'Organisation' }).getByRole('link', { name: 'Invoices' }).click();
    await admin.getByRole('table', { name: 'Invoices' }).waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'app-invoices');
  });

  it('does not offer a viewer the invoices, and tells them so when they open the address anyway', async () => {
    const viewer = await freshPage();
    await signIn(viewer, stack, viewerEmail);
    await viewer.waitForURL(new RegExp(`/orgs/${demoOrgId}/projects`));
    const nav = viewer.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Organisation' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Projects', 'Organisation']);
    await nav.getByRole('link', { name: 'Organisation' }).click();
    const sections = viewer.getByRole('navigation', { name: 'Organisation' });
    await sections.getByRole('link', { name: 'Devices' }).waitFor();
    expect(await sections.getByRole('link').allTextContents()).not.toContain('Invoices');
    await viewer.goto(`${stack.url}/admin/orgs/${demoOrgId}/invoices`);
    await viewer.getByText('You don’t have access to this').waitFor();
    await expectAccessible(viewer);
    await screenshotsOf(viewer, 'app-forbidden');
    await viewer.context().close();
  });

  it('shows a not-found page for an unknown project and an unknown address', async () => {
    await admin.goto(`${stack.url}/projects/00000000-0000-4000-8000-000000000000`);
    await admin.getByRole('heading', { name: 'Not found' }).waitFor();
    await admin.goto(`${stack.url}/admin/nothing-here`);
    await admin.getByRole('heading', { name: 'Not found' }).waitFor();
    await expectAccessible(admin);
  });

  it('folds the sections into a menu on a phone and offers the language in the user menu', async () => {
    await admin.setViewportSize({ width: 360, height: 740 });
    await admin.goto(`${stack.url}/orgs/${demoOrgId}/projects`);
    await admin.getByRole('button', { name: 'Menu', exact: true }).click();
    await admin.getByRole('link', { name: 'Organisation' }).click();
    await admin.getByRole('navigation', { name: 'Organisation' }).getByRole('link', { name: 'Invoices' }).click();
    await admin.waitForURL(new RegExp(`/admin/orgs/${demoOrgId}/invoices`));
    await admin.getByRole('button', { name: 'Ada Lovelace' }).click();
    await admin.getByRole('button', { name: 'Deutsch' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Rechnungen' }).waitFor();
    await screenshotsOf(admin, 'app-invoices-de');
  });
});
