/**
 * A project's people and contacts in Debian's Chromium. The organisation's owner, who manages
 * the demo project, adds colleagues with a role, changes a role, meets the API's refusals (the
 * last manager, someone added meanwhile) in the screen, removes someone after confirming, and
 * keeps the contacts: a phone number is refused until its country knows it, then saved in
 * international form and dialled as a `tel:` link. A viewer reads both lists with nothing to
 * change. Why someone may do what is explained on the people page and, to the installation's
 * administrator, on that person's page in the administration. Every screen is audited with axe-core and saved at desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { lastOutboxMail, startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

let stack: Stack;
let browser: Browser;
let owner: Page;
let viewer: Page;
let orgId: string;
let projectId: string;
const ownerEmail = uniqueEmail('owner');
const samEmail = uniqueEmail('sam');
const veraEmail = uniqueEmail('vera');
const ids: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('people', () => ({ '': owner, viewer }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Someone invited by the owner joins through the e-mailed link; their page is returned signed in. */
async function join(email: string, role: string, firstName: string, lastName: string): Promise<Page> {
  await api(owner, 'POST', `/api/orgs/${orgId}/invite`, { email, role });
  const mail = await lastOutboxMail(stack, email, /\/orgs\/join\?token=/);
  const page = await newAppPage(browser);
  await page.goto(/https?:\/\/\S+\/orgs\/join\?token=[\w-]+/.exec(mail)![0]);
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await page.waitForURL(new RegExp(`/orgs/${orgId}/projects$`));
  return page;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
/** Toasts close by themselves, but not while the window has no focus; a click closes them before a screenshot. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.toast');
  while ((await toasts.count()) > 0)
    await toasts
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });

describe("a project's people and contacts", () => {
  it('lets the owner add people with a role, change a role and remove someone, saying the API’s refusals', async () => {
    owner = await newAppPage(browser);
    await register(owner, stack, ownerEmail);
    await owner.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await owner.goto(`${stack.url}/`);
    await owner.waitForURL(/\/orgs\/[^/]+\/projects$/);
    orgId = /\/orgs\/([^/]+)\/projects/.exec(owner.url())![1]!;
    projectId = (await api<{ items: { id: string }[] }>(owner, 'GET', `/api/orgs/${orgId}/projects?q=Demo`)).items[0]!.id;
    const sam = await join(samEmail, 'member', 'Sam', 'Surveyor');
    await sam.context().close();
    viewer = await join(veraEmail, 'viewer', 'Vera', 'Viewer');
    const members = await api<{ items: { userId: string; email: string }[] }>(owner, 'GET', `/api/orgs/${orgId}/users`);
    for (const m of members.items) ids[m.email] = m.userId;

    await owner.goto(`${stack.url}/projects/${projectId}`);
    await owner.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();
    await screenshotsOf(owner, 'survey-project-links');
    await owner.getByRole('link', { name: 'People', exact: true }).click();
    await owner.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    // The first account set the installation up and manages the demo survey.
    const adaRole = row(owner, 'Ada Lovelace').getByRole('combobox', { name: 'Role of Ada Lovelace' });
    await expect.poll(() => adaRole.inputValue()).toBe('manager');

    await owner.getByRole('button', { name: 'Add person' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add a person to the project' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Choose someone from the organisation.').waitFor();
    await dialog.getByRole('combobox', { name: /Person/ }).fill('Sam');
    await owner.getByRole('option', { name: /Sam Surveyor/ }).click();
    await dialog.getByText('Uploads floor plans, imports walks and keeps the contacts up to date.').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'survey-people-add');
    // Meanwhile someone else adds Sam: the API refuses the second addition and the form says so.
    await api(owner, 'POST', `/api/projects/${projectId}/users`, { userId: ids[samEmail], role: 'viewer' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('This person is already in the project.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const samRole = row(owner, 'Sam Surveyor').getByRole('combobox', { name: 'Role of Sam Surveyor' });
    await expect.poll(() => samRole.inputValue()).toBe('viewer');

    await owner.getByRole('button', { name: 'Add person' }).click();
    await dialog.getByRole('combobox', { name: /Person/ }).fill('Vera');
    await owner.getByRole('option', { name: /Vera Viewer/ }).click();
    await dialog.getByRole('button', { name: /Role/ }).click();
    await owner.getByRole('listbox', { name: 'Role' }).getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByText('Sees the survey and its results without changing anything.').waitFor();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByText('Vera Viewer was added as Viewer.').waitFor();
    await row(owner, 'Vera Viewer').waitFor();

    await samRole.selectOption({ label: 'Manager' });
    await owner.getByText('Sam Surveyor is now Manager').waitFor();
    await adaRole.selectOption({ label: 'Surveyor' });
    await owner.getByText('Ada Lovelace is now Surveyor').waitFor();
    // The only manager cannot step down: the API refuses, the screen says why and keeps the role.
    await samRole.selectOption({ label: 'Surveyor' });
    await owner.getByText('A project needs at least one manager. Make someone else manager first.').waitFor();
    await expect.poll(() => samRole.inputValue()).toBe('manager');
    await dismissToasts(owner);
    await expectAccessible(owner);
    await screenshotsOf(owner, 'survey-people');

    await row(owner, 'Vera Viewer').getByRole('button', { name: 'Remove Vera Viewer' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Remove Vera Viewer from the project?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await owner.getByText('Vera Viewer was removed from the project.').waitFor();
    await expect.poll(() => row(owner, 'Vera Viewer').count()).toBe(0);
    const people = await api<{ items: { email: string; role: string }[] }>(owner, 'GET', `/api/projects/${projectId}/users`);
    expect(people.items.map((p) => [p.email, p.role]).sort()).toEqual(
      [
        [ownerEmail, 'surveyor'],
        [samEmail, 'manager'],
      ].sort(),
    );
  });

  it('keeps the contacts: a phone number is refused until it is valid, then saved in international form and dialled as a link', async () => {
    await owner.goto(`${stack.url}/projects/${projectId}`);
    await owner.getByRole('link', { name: 'Contacts', exact: true }).click();
    await owner.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    const robin = card(owner, 'Robin Facility');
    expect(await robin.getByRole('link', { name: 'facility@example.com' }).getAttribute('href')).toBe('mailto:facility@example.com');
    expect(await robin.getByRole('link', { name: '+49 30 1234567' }).getAttribute('href')).toBe('tel:+49301234567');

    await owner.getByRole('button', { name: 'Add contact' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New contact' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Dana Network');
    await dialog.getByRole('textbox', { name: 'Role or title' }).fill('IT lead');
    await dialog.getByRole('textbox', { name: 'Company' }).fill('Harbour Logistics');
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('dana@');
    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await phone.fill('12345');
    await phone.press('Tab');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await dialog.getByText('Invalid phone number').waitFor();
    await dialog.getByText('Enter an e-mail address such as name@example.com').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(owner);
    await screenshotsOf(owner, 'survey-contacts-form-invalid');

    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('dana@harbour.example');
    await phone.fill('030 9876543');
    await phone.press('Tab');
    // Left with a valid number, the field rewrites it in international form.
    await expect.poll(() => phone.inputValue()).toBe('+49 30 9876543');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await owner.getByText('Dana Network was added to the contacts.').waitFor();
    const dana = card(owner, 'Dana Network');
    await dana.getByText('IT lead · Harbour Logistics').waitFor();
    expect(await dana.getByRole('link', { name: '+49 30 9876543' }).getAttribute('href')).toBe('tel:+49309876543');
    expect(await dana.getByRole('link', { name: 'dana@harbour.example' }).getAttribute('href')).toBe('mailto:dana@harbour.example');

    await dana.getByRole('button', { name: 'Edit Dana Network' }).click();
    const edit = owner.getByRole('dialog', { name: 'Edit contact' });
    await edit.getByRole('textbox', { name: 'Role or title' }).fill('Head of IT');
    await edit.getByRole('textbox', { name: 'Phone number' }).fill('+33612345678');
    await edit.getByRole('textbox', { name: 'Notes' }).fill('On site Tuesdays and Thursdays.\nKey to the server room at the gate.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Dana Network was saved.').waitFor();
    await dismissToasts(owner);
    await dana.getByText('Head of IT · Harbour Logistics').waitFor();
    expect(await dana.getByRole('link', { name: '+33 6 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678');
    const saved = await api<{ items: { name: string; phone: string }[] }>(owner, 'GET', `/api/projects/${projectId}/contacts?q=Dana`);
    expect(saved.items[0]).toMatchObject({ name: 'Dana Network', phone: '+33 6 12 34 56 78' });
    await expectAccessible(owner);
    await screenshotsOf(owner, 'survey-contacts');

    await dana.getByRole('button', { name: 'Delete Dana Network' }).click();
    await owner.getByRole('alertdialog', { name: 'Delete Dana Network?' }).getByRole('button', { name: 'Delete' }).click();
    await owner.getByText('Dana Network was deleted.').waitFor();
    await expect.poll(() => card(owner, 'Dana Network').count()).toBe(0);
    await card(owner, 'Robin Facility').waitFor();
  });

  it('shows a viewer the people and the contacts with nothing to change', async () => {
    await viewer.goto(`${stack.url}/projects/${projectId}`);
    await viewer.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();
    await viewer.getByRole('link', { name: 'People', exact: true }).click();
    await viewer.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    await row(viewer, 'Sam Surveyor').getByText('Manager').waitFor();
    expect(await viewer.getByRole('table').getByRole('combobox').count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Add person' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await expectAccessible(viewer);
    await screenshotsOf(viewer, 'survey-people-read-only');

    await viewer.goto(`${stack.url}/projects/${projectId}/contacts`);
    await card(viewer, 'Robin Facility').waitFor();
    expect(await viewer.getByRole('button', { name: 'Add contact' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^(Edit|Delete)/ }).count()).toBe(0);
    expect(await card(viewer, 'Robin Facility').getByRole('link', { name: '+49 30 1234567' }).getAttribute('href')).toBe('tel:+49301234567');
    await expectAccessible(viewer);
    await screenshotsOf(viewer, 'survey-contacts-read-only');
    await viewer.context().close();
  });

  it('explains why someone may do what in the project, on the people page and on their page in the administration', async () => {
    // The owner becomes a viewer of the project: seeing it comes through the project, editing it through the organisation.
    await api(owner, 'PUT', `/api/projects/${projectId}/users/${ids[ownerEmail]}`, { role: 'viewer' });
    await owner.goto(`${stack.url}/projects/${projectId}/people`);
    await row(owner, 'Ada Lovelace').getByRole('button', { name: 'Access for Ada Lovelace' }).click();
    const dialog = owner.getByRole('dialog', { name: 'What Ada Lovelace may do in Demo office survey' });
    const why = (permission: string) => dialog.getByRole('list', { name: `Why: ${permission}` }).getByRole('listitem');
    await why('Edit the project').first().waitFor();
    expect(await why('Edit the project').allInnerTexts()).toEqual([
      'Ada Lovelace is an owner of Sitewave demo',
      'owners may manage Sitewave demo',
      'whoever may manage Sitewave demo may do this in every project of Sitewave demo',
      'Demo office survey belongs to Sitewave demo',
    ]);
    expect(await why('See the project and its survey').allInnerTexts()).toEqual([
      'Ada Lovelace is a viewer of Demo office survey',
      'viewers may see Demo office survey',
      'whoever may see Demo office survey may do this',
    ]);
    await dialog.getByText('9 of 9 allowed').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'survey-people-access');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Vera left the project but still sees it as a viewer of the organisation; she may change nothing.
    await owner.goto(`${stack.url}/admin/users/${ids[veraEmail]}`);
    const panel = owner.getByRole('region', { name: 'Access' });
    await panel.getByText('Choose one of the projects Vera Viewer may see.').waitFor();
    await panel.getByRole('button', { name: /Project/ }).click();
    await owner.getByRole('option', { name: 'Demo office survey · Sitewave demo' }).click();
    const item = (permission: string) => panel.locator('.access-item').filter({ hasText: permission });
    await item('Edit the project').getByText('Not allowed').waitFor();
    await item('See the project and its survey').getByText('Allowed', { exact: true }).waitFor();
    expect(await panel.getByRole('list', { name: 'Why: See the project and its survey' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Vera Viewer is a viewer of Sitewave demo',
      'viewers may see Sitewave demo',
      'whoever may see Sitewave demo may do this in every project of Sitewave demo',
      'Demo office survey belongs to Sitewave demo',
    ]);
    await panel.getByText('2 of 9 allowed').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-user-access');
  });
});
