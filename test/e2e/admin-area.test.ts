/**
 * The administration area in Debian's Chromium, as the people who use it: the global
 * administrator (organisations, users, firmware), the organisation's owner (settings, members,
 * invitations, devices, invoices), the four visitors of an invitation link (with the e-mail read
 * from the outbox), and a viewer who must neither see nor change what is not theirs. Every screen
 * is audited with axe-core and saved at desktop and phone width, light and dark.
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, PASSWORD, register, screenshot, signIn, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, expectAccessibleAtPhoneWidth, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { lastOutboxMail, startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

let stack: Stack;
let browser: Browser;
let owner: Page;
let orgId: string;
const customerEmail = uniqueEmail('customer');

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('admin', () => ({ '': owner }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const freshPage = () => newAppPage(browser);

/** The join link of the newest invitation e-mail to `email` (the identity service's mails land beside it). */
async function invitationLink(email: string): Promise<string> {
  const mail = await lastOutboxMail(stack, email, /\/orgs\/join\?token=/);
  return /https?:\/\/\S+\/orgs\/join\?token=[\w-]+/.exec(mail)![0];
}

async function invite(email: string, role: string): Promise<void> {
  await api(owner, 'POST', `/api/orgs/${orgId}/invite`, { email, role });
}

describe('the administration area', () => {
  it('takes the global administrator to every organisation; a new one gets its customer as owner, and joining one to support it', async () => {
    owner = await freshPage();
    await register(owner, stack, uniqueEmail('owner'));
    await owner.getByRole('heading', { name: 'Verify your account' }).waitFor();
    const customer = await freshPage();
    await register(customer, stack, customerEmail);
    await customer.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await customer.context().close();

    await owner.goto(`${stack.url}/`);
    await owner.waitForURL(/\/orgs\/[^/]+\/projects$/);
    orgId = /\/orgs\/([^/]+)\/projects/.exec(owner.url())![1]!;
    await owner.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Administration' }).click();
    await owner.waitForURL(/\/admin\/orgs$/);
    await owner.getByRole('rowheader', { name: 'Sitewave demo' }).waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-all-orgs');

    await owner.getByRole('button', { name: 'New organisation' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New organisation' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbour Logistics');
    await dialog.getByRole('textbox', { name: 'VAT ID' }).fill('DE12');
    await dialog.getByRole('button', { name: 'Create organisation' }).click();
    await dialog.getByText('Invalid VAT ID').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Harbour Logistics');
    await dialog.getByRole('textbox', { name: 'VAT ID' }).fill('DE123456789');
    await dialog.getByRole('combobox', { name: 'Owner' }).fill(customerEmail.slice(0, 16));
    await owner.getByRole('option', { name: new RegExp(customerEmail.replace(/[.+]/g, '\\$&')) }).click();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-new-org');
    await dialog.getByRole('button', { name: 'Create organisation' }).click();
    await owner.getByText('Harbour Logistics was created').waitFor();

    const row = owner.getByRole('row', { name: /Harbour Logistics/ });
    await row.getByRole('button', { name: 'Join as administrator' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Join as administrator' }).click();
    await owner.waitForURL(/\/admin\/orgs\/[^/]+\/settings$/);
    await owner.getByRole('heading', { level: 1, name: 'Organisation settings' }).waitFor();
    expect(await owner.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Harbour Logistics');
  });

  it('lets the global administrator find a user, hand over a recovery link and sign them out everywhere', async () => {
    const customer = await freshPage();
    await signIn(customer, stack, customerEmail);
    await customer.waitForURL((url) => url.pathname !== '/login');

    await owner.goto(`${stack.url}/admin/users`);
    await owner.getByRole('searchbox', { name: 'Search by name or e-mail address' }).fill(customerEmail);
    await owner.waitForURL(/q=/);
    await owner.getByRole('link', { name: 'Ada Lovelace' }).first().click();
    await owner.waitForURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await owner.getByRole('heading', { name: 'Sessions' }).waitFor();
    await owner.getByText(/^[12] active sessions?$/).waitFor();
    // Their organisation has no project yet: there is nothing whose access to explain.
    await owner.getByRole('region', { name: 'Access' }).getByText('Ada Lovelace may not see any project.').waitFor();

    await owner.getByRole('button', { name: 'Create recovery link' }).click();
    await owner.getByLabel('Recovery link', { exact: true }).waitFor();
    const link = await owner.getByLabel('Recovery link', { exact: true }).textContent();
    expect(link).toMatch(/\/self-service\/recovery\?/);
    await owner.getByText('Verify your sitewave e-mail address').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-user');

    await owner.getByRole('button', { name: 'Sign out everywhere' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await owner.getByText(/was signed out everywhere$/).waitFor();
    await owner.getByText('0 active sessions').waitFor();
    // The customer's next page load finds no session: the gateway forgot it at once.
    await customer.reload();
    await customer.waitForURL(/\/login/);
    await customer.context().close();
  });

  it('uploads a firmware release with the checksum the browser computed, lists it, and deletes it', async () => {
    await owner.goto(`${stack.url}/admin/firmware`);
    await owner.getByText('No firmware has been uploaded yet.').waitFor();
    const content = Buffer.alloc(3 * 1024 * 1024, 7);
    const sha256 = createHash('sha256').update(content).digest('hex');
    await owner.getByRole('button', { name: 'Upload release' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Upload release' });
    await dialog.getByRole('textbox', { name: 'Device model' }).fill('Scout S2');
    await dialog.getByRole('textbox', { name: 'Change notes' }).fill('Faster scans on 6 GHz.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'scout-2.4.1.bin', mimeType: 'application/octet-stream', buffer: content });
    expect(await dialog.getByRole('textbox', { name: 'Version' }).inputValue()).toBe('2.4.1');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await owner.getByText('Scout S2 2.4.1 was uploaded').waitFor();
    const row = owner.getByRole('row', { name: /2\.4\.1/ });
    expect(await row.locator('code').getAttribute('title')).toBe(sha256);
    await expectAccessible(owner);
    await expectAccessibleAtPhoneWidth(owner);
    await screenshotsOf(owner, 'admin-firmware');

    await row.getByRole('button', { name: 'Delete' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await owner.getByText('No firmware has been uploaded yet.').waitFor();
  });

  it("keeps the owner's settings form honest: Save waits for a change, Reset restores, a refused save keeps what was typed", async () => {
    await owner.goto(`${stack.url}/admin/orgs/${orgId}/settings`);
    const save = owner.getByRole('button', { name: 'Save' });
    const city = owner.getByRole('textbox', { name: 'City' });
    await city.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await city.fill('Hamburg');
    expect(await save.isDisabled()).toBe(false);
    await owner.getByRole('button', { name: 'Reset' }).click();
    expect(await city.inputValue()).toBe('Berlin');

    await owner.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbour Logistics');
    await city.fill('Hamburg');
    await save.click();
    await owner.getByText('An organisation named “Harbour Logistics” already exists. Choose another name.').waitFor();
    expect(await city.inputValue()).toBe('Hamburg');
    await owner.getByRole('textbox', { name: 'Name', exact: true }).fill('Sitewave demo');
    await save.click();
    await owner.getByText('Changes saved').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-settings');

    const throwaway = await api<{ id: string }>(owner, 'POST', '/api/admin/orgs', { name: 'Short-lived Ltd' });
    await owner.goto(`${stack.url}/admin/orgs/${throwaway.id}/settings`);
    await owner.getByRole('button', { name: 'Delete organisation' }).click();
    const confirm = owner.getByRole('alertdialog');
    await confirm.getByRole('textbox').fill('Short-lived');
    expect(await confirm.getByRole('button', { name: 'Delete organisation' }).isDisabled()).toBe(true);
    await confirm.getByRole('textbox').fill('Short-lived Ltd');
    await confirm.getByRole('button', { name: 'Delete organisation' }).click();
    await owner.getByText('Short-lived Ltd was deleted').waitFor();
  });

  it('lets the owner invite and cancel, and says in a sentence why the last owner cannot step down', async () => {
    await owner.goto(`${stack.url}/admin/orgs/${orgId}/members`);
    await owner.getByRole('rowheader', { name: /Ada Lovelace/ }).waitFor();
    await owner.getByRole('combobox', { name: 'Role of Ada Lovelace' }).selectOption('admin');
    await owner.getByText('An organisation needs at least one owner. Make someone else owner first.').waitFor();
    expect(await owner.getByRole('combobox', { name: 'Role of Ada Lovelace' }).inputValue()).toBe('owner');
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-members');

    const email = uniqueEmail('maybe');
    await owner.getByRole('button', { name: 'Invite people' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByRole('tab', { name: 'Invitations', selected: true }).waitFor();
    await owner.getByRole('rowheader', { name: email }).waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-invitations');
    await owner
      .getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
      .getByRole('button', { name: 'Cancel invitation' })
      .click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Cancel invitation' }).click();
    await owner.getByText(`The invitation to ${email} was cancelled`).waitFor();

    // The cancelled link says so to whoever opens it.
    const visitor = await freshPage();
    await visitor.goto(await invitationLink(email));
    await visitor.getByRole('heading', { name: 'This invitation was cancelled' }).waitFor();
    await expectAccessible(visitor);
    await screenshotsOf(visitor, 'invitation-cancelled');
    await visitor.context().close();
  });

  it('lets a visitor without an account create one and join in one step, signed in afterwards; the used link then says so', async () => {
    const email = uniqueEmail('newcomer');
    await invite(email, 'member');
    const link = await invitationLink(email);
    const visitor = await freshPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'Join Sitewave demo' }).waitFor();
    await expectAccessible(visitor);
    await screenshotsOf(visitor, 'invitation-register');
    await visitor.getByRole('textbox', { name: 'First name' }).fill('Nia');
    await visitor.locator('input[type=password]').fill('short');
    await visitor.getByRole('button', { name: 'Create account and join' }).click();
    await visitor.getByText('Password must have at least 12 characters').waitFor();
    expect(await visitor.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Nia');
    await visitor.locator('input[type=password]').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Create account and join' }).click();
    await visitor.waitForURL(new RegExp(`/orgs/${orgId}/projects$`));
    await visitor.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();

    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'This invitation has already been used' }).waitFor();
    await visitor.context().close();
  });

  it('sends a visitor with an account to sign in first and back to join', async () => {
    const email = uniqueEmail('returning');
    const visitor = await freshPage();
    await register(visitor, stack, email);
    await visitor.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await visitor.context().clearCookies();
    await invite(email, 'member');
    await visitor.goto(await invitationLink(email));
    await visitor.getByRole('link', { name: 'Sign in to join' }).click();
    await visitor.waitForURL(/\/login/);
    await fill(visitor, { identifier: email, password: PASSWORD });
    await visitor.getByRole('button', { name: 'Sign in with password', exact: true }).click();
    await visitor.waitForURL(/\/orgs\/join\?token=/);
    await visitor.getByRole('button', { name: 'Join Sitewave demo' }).click();
    await visitor.waitForURL(new RegExp(`/orgs/${orgId}/projects$`));
    await visitor.context().close();
  });

  it('lets a signed-in visitor decline, and tells someone signed in with another address whom the link is for', async () => {
    const email = uniqueEmail('decider');
    const visitor = await freshPage();
    await register(visitor, stack, email);
    await visitor.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await invite(email, 'viewer');
    const link = await invitationLink(email);

    const stranger = await freshPage();
    await signIn(stranger, stack, customerEmail);
    await stranger.waitForURL((url) => url.pathname !== '/login');
    await stranger.goto(link);
    await stranger.getByText(`You are signed in as ${customerEmail}, but this invitation is for ${email}.`, { exact: false }).waitFor();
    await stranger.context().close();

    await visitor.goto(link);
    await visitor.getByRole('button', { name: 'Join Sitewave demo' }).waitFor();
    await expectAccessible(visitor);
    await screenshotsOf(visitor, 'invitation-join');
    await visitor.getByRole('button', { name: 'Decline' }).click();
    await visitor.getByRole('heading', { name: 'This invitation was declined' }).waitFor();
    await visitor.context().close();
  });

  it('registers a device by its claim code, renames it, rotates its token, subscribes it and prints its invoice', async () => {
    await owner.goto(`${stack.url}/admin/orgs/${orgId}/devices`);
    await owner.getByRole('button', { name: 'Register device' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Register device' });
    await dialog.getByRole('textbox', { name: 'Serial number' }).fill('SCT2-1003');
    await dialog.getByRole('textbox', { name: 'Claim code' }).fill('WRONG-CODE');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.getByText('The serial number and claim code don’t belong to the same device. Check both on the label.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Serial number' }).inputValue()).toBe('SCT2-1003');
    await dialog.getByRole('textbox', { name: 'Claim code' }).fill('DEMO-1003');
    await dialog.getByRole('button', { name: 'Register' }).click();
    const registered = owner.getByRole('dialog', { name: 'Device registered' });
    expect(await registered.getByLabel('Upload token', { exact: true }).textContent()).toMatch(/^swd_/);
    await registered.getByRole('button', { name: 'Open the device' }).click();
    await owner.waitForURL(/\/devices\/[0-9a-f-]{36}$/);

    await owner.getByRole('textbox', { name: 'Name', exact: true }).fill('Scout — warehouse');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Scout — warehouse' }).waitFor();

    await owner.getByRole('button', { name: 'Issue new token' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Issue new token' }).click();
    expect(await owner.getByRole('dialog', { name: 'New upload token' }).getByLabel('Upload token', { exact: true }).textContent()).toMatch(/^swd_/);
    await owner.getByRole('button', { name: 'I have copied it' }).click();

    await owner.locator('.plan-card', { hasText: 'Basic' }).click();
    await owner.getByRole('button', { name: 'Subscribe to Basic for €9.00 per month' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Start subscription' }).click();
    await owner.getByText('Renews on').waitFor();
    await expectAccessible(owner);
    // The invoices table scrolls sideways on a phone.
    await expectAccessibleAtPhoneWidth(owner);
    await screenshotsOf(owner, 'admin-device');

    await owner.getByRole('table', { name: 'Invoices' }).getByRole('link').first().click();
    await owner.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    await owner.getByRole('heading', { level: 1, name: /^Invoice / }).waitFor();
    await owner.getByRole('cell', { name: '€9.00' }).first().waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'admin-invoice');
    await owner.emulateMedia({ media: 'print' });
    expect(await owner.locator('.topbar').isVisible()).toBe(false);
    await screenshot(owner, 'admin-invoice-print');
    await owner.emulateMedia({ media: 'screen' });
  });

  it('shows a viewer the organisation without anything to change, and no installation administration', async () => {
    const email = uniqueEmail('viewer');
    await invite(email, 'viewer');
    const viewer = await freshPage();
    await viewer.goto(await invitationLink(email));
    await viewer.getByRole('textbox', { name: 'First name' }).fill('Vera');
    await viewer.locator('input[type=password]').fill(PASSWORD);
    await viewer.getByRole('button', { name: 'Create account and join' }).click();
    await viewer.waitForURL(new RegExp(`/orgs/${orgId}/projects$`));

    await viewer.goto(`${stack.url}/admin/orgs/${orgId}/settings`);
    await viewer.getByText('Only owners and administrators of the organisation can change these details.').waitFor();
    expect(await viewer.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Delete organisation' }).count()).toBe(0);
    await expectAccessible(viewer);
    await screenshotsOf(viewer, 'admin-settings-viewer');

    await viewer.goto(`${stack.url}/admin/orgs/${orgId}/devices`);
    await viewer.getByRole('table', { name: 'Devices' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Register device' }).count()).toBe(0);
    await viewer.goto(`${stack.url}/admin/users`);
    await viewer.getByText('You don’t have access to this').waitFor();
    await viewer.context().close();
  });
});
