/**
 * A project shared read-only in Debian's Chromium, on the demo project: its owner makes a link to
 * the ground floor only and copies it; a fresh browser with no cookies opens it and sees that
 * floor's heatmap and statistics and nothing else, without any session call; the owner revokes
 * the link and the next load says so. The share page and the management dialog are audited with
 * axe-core and saved at desktop and phone width, light and dark.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, SCREENSHOTS, uniqueEmail } from './support/account-page.js';
import { expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

let stack: Stack;
let browser: Browser;
let owner: Page;
let visitor: Page;
let link: string;
/** Every address the visitor's browser asked the gateway for. */
const visitorRequests: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('share', () => ({ owner, visitor }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('a project shared by link', () => {
  it('lets the owner make a link limited to one floor and copy it', async () => {
    owner = await newAppPage(browser);
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await register(owner, stack, uniqueEmail('sharer'));
    await owner.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await owner.goto(`${stack.url}/`);
    await owner.waitForURL(/\/orgs\/[^/]+\/projects$/);
    await owner.getByRole('tab', { name: 'All projects' }).click();
    await owner.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await owner.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();

    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share links' });
    await dialog.getByText('No links yet.').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'share-dialog');

    // The end day from the calendar: the last day it offers is a year ahead.
    await dialog.getByRole('button', { name: 'Choose a date' }).click();
    const calendar = owner.getByRole('dialog', { name: 'Works until' });
    await calendar.getByRole('grid').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'share-dialog-calendar');
    await owner.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });

    await dialog.getByRole('textbox', { name: 'Label' }).fill('Facility manager');
    await dialog.getByRole('checkbox', { name: 'Ground floor' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = dialog.getByRole('textbox', { name: 'Link', exact: true });
    await address.waitFor();
    link = await address.inputValue();
    expect(link).toMatch(new RegExp(`^${stack.url}/share/[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await owner.getByText('Link copied').waitFor();
    expect(await owner.evaluate('navigator.clipboard.readText()')).toBe(link);

    const item = dialog.getByRole('listitem').filter({ hasText: 'Facility manager' });
    await item.getByText('Active').waitFor();
    await item.getByText('Ground floor').waitFor();
    await expectAccessible(owner);
    await screenshotsOf(owner, 'share-dialog-created');
    // The list is below the form in the dialog's scrolling body: a picture of it alone.
    await dialog.getByRole('region', { name: 'Links' }).screenshot({ path: path.join(SCREENSHOTS, 'share-dialog-list-1280-light.png') });
  });

  it('shows a browser with no account that floor’s heatmap and statistics, and nothing else', async () => {
    visitor = await newAppPage(browser);
    visitor.on('request', (request) => visitorRequests.push(new URL(request.url()).pathname));
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();
    const floors = visitor.getByRole('tab');
    expect(await floors.allInnerTexts()).toEqual(['Ground floor']);
    await visitor.locator('canvas.heatmap-canvas').waitFor();
    await visitor.locator('img.plan-image').waitFor();
    await visitor.getByRole('list', { name: 'Technologies' }).getByRole('listitem').first().waitFor();
    await visitor.getByRole('table', { name: 'Networks' }).locator('tbody tr').first().waitFor();
    // Read only: nothing to change, and the other floor is nowhere.
    for (const name of ['Add photo', 'Upload plan', 'Import walk', 'Set scale', 'Share']) {
      expect(await visitor.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await visitor.getByText('First floor').count()).toBe(0);
    await expectAccessible(visitor);
    await screenshotsOf(visitor, 'share-page');

    // No session was loaded or used: the browser asked only for the link's own reads.
    const calls = visitorRequests.filter((p) => p.startsWith('/api/') || p.startsWith('/bff/') || p.startsWith('/.ory/'));
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.filter((p) => !p.startsWith('/api/share/'))).toEqual([]);
    expect((await visitor.context().cookies()).map((c) => c.name)).not.toContain('ory_kratos_session');
  });

  it('says so once the owner revokes it, and names an unknown link as such', async () => {
    const dialog = owner.getByRole('dialog', { name: 'Share links' });
    await dialog.getByRole('button', { name: 'Revoke “Facility manager”' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Revoke “Facility manager”?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByRole('listitem').filter({ hasText: 'Facility manager' }).getByText('Revoked').waitFor();

    // The open page finds out with its next read: a search among the networks.
    await visitor.getByRole('searchbox', { name: 'Search by name or BSSID' }).fill('Cafe');
    await visitor.getByRole('heading', { name: 'Link revoked' }).waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Link revoked' }).waitFor();
    await visitor.getByText('This link was revoked by its owner.').waitFor();
    await expectAccessible(visitor);
    await screenshotsOf(visitor, 'share-revoked');

    await visitor.goto(`${stack.url}/share/${'x'.repeat(43)}`);
    await visitor.getByRole('heading', { name: 'Link not found' }).waitFor();
    await screenshotsOf(visitor, 'share-unknown');
  });
});
