/**
 * The project's PDF report in Debian's Chromium: from the demo project, Download report opens
 * its options, the modal passes axe-core and is saved at phone width and in dark, a download in
 * progress shows its bytes and can be cancelled, and the download that arrives is a PDF named for the project, holding the chosen floor only.
 */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, screenshot, uniqueEmail } from './support/account-page.js';
import { expectAccessible, newAppPage } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startStack, type Stack } from './support/stack.js';

const run = promisify(execFile);

let stack: Stack;
let browser: Browser;
let page: Page;
let orgId: string;
let projectUrl: string;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('survey-report', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the survey report', () => {
  it('downloads the demo project as a PDF with the options chosen', async () => {
    page = await newAppPage(browser);
    await register(page, stack, uniqueEmail('reporter'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects$/);
    orgId = /\/orgs\/([^/]+)\/projects/.exec(page.url())![1]!;
    await page.getByRole('tab', { name: 'All projects' }).click();
    await page.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await page.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();
    projectUrl = page.url();

    await page.getByRole('button', { name: 'Download report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download report' });
    const floors = dialog.getByRole('group', { name: 'Floors' });
    await floors.getByRole('checkbox', { name: 'Ground floor' }).waitFor();
    // Every floor and the three usual heatmaps are ticked; the language is the reader's.
    expect(await floors.getByRole('checkbox', { name: 'First floor' }).isChecked()).toBe(true);
    const views = dialog.getByRole('group', { name: 'Heatmaps' });
    expect(await views.getByRole('checkbox', { name: 'Requirements' }).isChecked()).toBe(true);
    expect(await views.getByRole('checkbox', { name: 'Secondary signal' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('combobox', { name: 'Language of the report' }).inputValue()).toBe('en');
    await dialog.getByRole('group', { name: 'Networks in the tables' }).getByRole('checkbox', { name: 'Sitewave-Demo' }).waitFor();
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'survey-report-modal-360-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'survey-report-modal-360-dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'survey-report-modal-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // While the server works: an indeterminate bar with the bytes received so far, and Cancel stops it.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/report.pdf?*', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'Producing the report…' }).waitFor();
    await dialog.getByText('0 kB received').waitFor();
    await screenshot(page, 'survey-report-progress');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    release();
    await page.unroute('**/report.pdf?*');
    await page.getByRole('button', { name: 'Download report' }).click();
    await floors.getByRole('checkbox', { name: 'Ground floor' }).waitFor();

    // Without a floor there is nothing to report: the download waits for one.
    // The checkbox's box covers its input: a person clicks the label.
    await floors.getByText('Ground floor').click();
    await floors.getByText('First floor').click();
    await dialog.getByText('Choose at least one floor.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Download', exact: true }).isDisabled()).toBe(true);
    await floors.getByText('First floor').click();
    await views.getByText('Secondary signal').click();
    await dialog.getByRole('combobox', { name: 'Language of the report' }).selectOption('de');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByRole('button', { name: 'Download', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('Demo office survey.pdf');
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    expect(text).toContain('Demo office survey');
    expect(text).toContain('Zusammenfassung');
    expect(text).toContain('First floor');
    expect(text).not.toContain('Ground floor');
    expect(text).toContain('Sekundäres Signal');
    await page.getByText('Report saved as Demo office survey.pdf.').waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it("puts the organisation's logo, set in its settings, on the report's cover", async () => {
    await page.goto(`${stack.url}/admin/orgs/${orgId}/settings`);
    const panel = page.getByRole('region', { name: 'Logo' });
    await panel.getByText('The organisation has no logo yet.').waitFor();
    await panel.getByRole('button', { name: 'Upload logo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload logo' });
    const logo = await sharp({ create: { width: 1200, height: 300, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Logo saved').waitFor();
    await panel.getByRole('img', { name: 'Logo of Sitewave demo' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'org-settings-logo');
    // The report made now carries it: an 800 × 200 picture on its first page.
    const projectId = /\/projects\/([^/?]+)/.exec(projectUrl)![1]!;
    const pdf = await page.request.get(`${stack.url}/api/projects/${projectId}/report.pdf?views=requirements`);
    expect(pdf.status()).toBe(200);
    const file = path.join(os.tmpdir(), `report-logo-${process.pid}.pdf`);
    await writeFile(file, await pdf.body());
    const images = (await run('pdfimages', ['-list', '-f', '1', '-l', '1', file])).stdout;
    expect(images).toMatch(/\s800\s+200\s/);
    await rm(file, { force: true });
  });
});
