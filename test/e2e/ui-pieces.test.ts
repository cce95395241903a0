/**
 * The shared UI pieces in Debian's Chromium, on a test page served by Vite from the sources
 * (test/e2e/harness): typed confirmation, upload by drop with progress, phone and VAT checks,
 * and axe-core finding no serious or critical accessibility violation. Screenshots at 1280×800
 * and 360×740, light and dark, go to test-artifacts/ui-pieces for a human to look at.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.js';
import { baseUrl } from '../support/listen.js';

const SCREENSHOTS = path.resolve('test-artifacts/ui-pieces');
let server: ViteDevServer;
let browser: Browser;
let url: string;
/** The X-XSRF-TOKEN header of the last upload. */
let uploadXsrf: string | undefined;

/** Run in the page: keeps in `window.progressSeen` every value a progress bar takes, as it renders. */
const RECORD_PROGRESS = `(() => {
  const seen = (window.progressSeen = []);
  const record = (element) => {
    const value = element.getAttribute('aria-valuenow');
    if (value !== null) seen.push(Number(value));
  };
  const bars = (node) => (node.querySelectorAll ? [node, ...node.querySelectorAll('*')].filter((element) => element.matches('[role=progressbar]')) : []);
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') record(mutation.target);
      for (const node of mutation.addedNodes) bars(node).forEach(record);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
})()`;

/**
 * Opened by the test once the bar has shown a value part-way. Until then the endpoint reads
 * nothing, so the socket buffers fill and the browser's upload stalls part-way: a body read
 * as it comes can sit whole in the kernel's buffers before the browser reports any progress.
 */
let openUploadGate: () => void = () => {};

/** POST /upload: reads the body once the gate opens, answers its name and size. */
function gatedUploadEndpoint(): Plugin {
  return {
    name: 'gated-upload-endpoint',
    configureServer(dev) {
      dev.middlewares.use('/upload', (req: IncomingMessage, res: ServerResponse) => {
        if (req.method !== 'POST') {
          res.statusCode = 405;
          res.end();
          return;
        }
        uploadXsrf = req.headers['x-xsrf-token'] as string | undefined;
        let bytes = 0;
        let head = '';
        req.pause();
        openUploadGate = () => {
          req.on('data', (chunk: Buffer) => {
            if (head.length < 1024) head += chunk.subarray(0, 1024).toString('latin1');
            bytes += chunk.length;
          });
          req.resume();
        };
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ name: /filename="([^"]+)"/.exec(head)?.[1] ?? null, bytes }));
        });
      });
    },
  };
}

beforeAll(async () => {
  server = await createServer({
    configFile: false,
    root: path.resolve('test/e2e/harness'),
    plugins: [react(), gatedUploadEndpoint()],
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  });
  await server.listen();
  url = baseUrl(server.httpServer!);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openHarness(options: { width?: number; height?: number; dark?: boolean; query?: string } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.dark ? 'dark' : 'light',
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(`${url}/${options.query ?? ''}`);
  await page.getByRole('heading', { name: 'Shared UI pieces' }).waitFor({ timeout: 60_000 });
  return page;
}

async function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  // Page-side code as text: this file is compiled for Node, without the DOM's types.
  return page.evaluate(`axe.run(document).then((result) =>
    result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })))`);
}

function serious(violations: { impact: string }[]) {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('shared UI pieces in Chromium', () => {
  it('typed confirmation refuses a wrong word and confirms with the right one', async () => {
    const page = await openHarness();
    await page.getByRole('button', { name: 'Delete organisation' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    const input = dialog.getByRole('textbox', { name: 'Type Acme GmbH to confirm.' });
    expect(await confirm.isDisabled()).toBe(true);
    await input.fill('Acme Inc');
    await dialog.getByText('The text you typed doesn’t match.').waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await confirm.isDisabled()).toBe(true);
    await input.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await input.fill('Acme GmbH');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.getByText('Organisation deleted').waitFor();
    expect(await dialog.count()).toBe(0);
    await page.context().close();
  });

  it('the upload modal takes a dropped file and shows its progress', async () => {
    const page = await openHarness();
    await page.context().addCookies([{ name: 'XSRF-TOKEN', value: 'xsrf-42', url }]);
    await page.getByRole('button', { name: 'Upload floor plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload file' });
    await dialog.waitFor();
    // A real drag of a file from disk, through Chromium's own drag and drop (DevTools protocol):
    // a DataTransfer made in the page would carry no file entry.
    const size = 16 * 1024 * 1024;
    const folder = await mkdtemp(path.join(os.tmpdir(), 'ui-pieces-'));
    const file = path.join(folder, 'floor.bin');
    await writeFile(file, Buffer.alloc(size, 7));
    const box = (await dialog.locator('.drop-zone').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const devtools = await page.context().newCDPSession(page);
    const data = { items: [], files: [file], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await devtools.send('Input.dispatchDragEvent', { type, ...at, data });
    await dialog.getByText('Selected file: floor.bin').waitFor();
    // Every value the bar shows, recorded by the page as it renders: polling from here can miss a
    // short-lived one on a busy machine.
    await page.evaluate(RECORD_PROGRESS);
    await dialog.getByRole('button', { name: 'Upload' }).click();

    await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    // The socket buffers hold a few MiB at most, so a 16 MiB body stalls part-way until the gate opens.
    await page
      .waitForFunction('window.progressSeen.some((value) => value > 0 && value < 100)', undefined, { timeout: 30_000 })
      .catch(async () => expect.fail(`no progress part-way; seen: ${(await page.evaluate<number[]>('window.progressSeen')).join(', ')}`));
    openUploadGate();
    await page.getByText(`Uploaded floor.bin (`).waitFor();
    const status = await page.getByText('Uploaded floor.bin (').textContent();
    // The multipart body is the file plus its part headers.
    expect(Number(/\((\d+) bytes\)/.exec(status ?? '')?.[1])).toBeGreaterThan(size);
    expect(uploadXsrf).toBe('xsrf-42');
    await page.context().close();
    await rm(folder, { recursive: true, force: true });
  });

  it('phone and VAT fields refuse bad values and nothing is saved', async () => {
    const page = await openHarness();
    const form = page.getByRole('form', { name: 'Company' });
    const phone = form.getByRole('textbox', { name: 'Phone number' });
    await phone.fill('+49 12');
    await phone.press('Tab');
    await form.getByText('Invalid phone number').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const vat = form.getByRole('textbox', { name: 'VAT ID' });
    await vat.fill('DE12345');
    await vat.press('Tab');
    await form.getByText('Invalid VAT ID').waitFor();
    expect(await vat.getAttribute('aria-invalid')).toBe('true');
    // The red border is the danger colour.
    const border = await vat.evaluate((element) => (globalThis as unknown as { getComputedStyle(e: unknown): { borderColor: string } }).getComputedStyle(element).borderColor);
    const danger = await page.evaluate(`(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--danger)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    })()`);
    expect(border).toBe(danger);
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await form.getByRole('status', { name: 'Form status' }).textContent()).toBe('');

    await phone.fill('030 7654321');
    await phone.press('Tab');
    expect(await phone.inputValue()).toBe('+49 30 7654321');
    await vat.fill('atu 12345678');
    await vat.press('Tab');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved Acme GmbH, +49 30 7654321, ATU12345678').waitFor();
    expect(await form.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('has no serious or critical accessibility violations, with and without dialogs open', async () => {
    for (const query of ['', '?open=confirm', '?open=upload', '?open=modal-2XL']) {
      const page = await openHarness({ query });
      if (query) await page.getByRole(query.includes('confirm') ? 'alertdialog' : 'dialog').waitFor();
      const violations = await axeViolations(page);
      expect(serious(violations), `${query || 'page'}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      await page.context().close();
    }
  });

  it('screenshots at 1280×800 and 360×740, light and dark', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const views = [
      ['page', ''],
      ['confirm', '?open=confirm'],
      ['upload', '?open=upload'],
      ['modal-L', '?open=modal-L'],
      ['modal-full', '?open=modal-full'],
      ['country-list', ''],
    ] as const;
    for (const dark of [false, true]) {
      for (const [width, height] of [
        [1280, 800],
        [360, 740],
      ] as const) {
        const page = await openHarness({ width, height, dark });
        for (const [name, query] of views) {
          await page.goto(`${url}/${query}`);
          await page.getByRole('heading', { name: 'Shared UI pieces' }).waitFor();
          if (query) await page.getByRole(name === 'confirm' ? 'alertdialog' : 'dialog').waitFor();
          if (name === 'country-list') {
            await page.getByRole('button', { name: /Country/ }).click();
            await page.getByRole('listbox').waitFor();
          }
          if (name === 'page') {
            // With the invalid state showing too.
            await page.getByRole('textbox', { name: 'VAT ID' }).fill('DE12');
            await page.getByRole('textbox', { name: 'VAT ID' }).press('Tab');
          }
          await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}-${dark ? 'dark' : 'light'}.png`), fullPage: name === 'page' });
        }
        await page.context().close();
      }
    }
  });
});
