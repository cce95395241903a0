/**
 * The built product as `npm start` runs it (embedded defaults, its own data directory) and Debian's
 * Chromium signed in to it with a fresh account — the first account, so it owns the demo
 * organisation. Shared by the browser rows of `npm run bench`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, httpGet, makeTempDir, startProcess, stopProcess } from './processes.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PASSWORD = 'bench browser password 2026';

async function waitForHealth(url, deadline) {
  while (Date.now() < deadline) {
    const answer = await httpGet(`${url}/bff/health`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the product did not answer ${url}/bff/health in time`);
}

/** Starts the product and Chromium; `stop()` ends both. */
export async function startProductAndBrowser(label) {
  const dir = makeTempDir(label);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const handle = startProcess(`product for ${label}`, process.execPath, [join(ROOT, 'dist/server/main.js')], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dir, LOG_LEVEL: 'warn', GATEWAY_WORKERS: '1' },
    logFile: join(dir, 'product.log'),
  });
  let browser;
  const stop = async () => {
    await browser?.close();
    await stopProcess(handle);
  };
  try {
    await waitForHealth(url, Date.now() + 60_000);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
    return { url, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Registers an account on the given page (left signed in), with the identity host's own form. */
export async function signUp(page, url, email) {
  await page.goto(`${url}/registration`, { waitUntil: 'networkidle' });
  await page.fill('input[name="traits.email"]', email);
  await page.fill('input[name="traits.name.first"]', 'Bench');
  await page.fill('input[name="traits.name.last"]', 'Reader');
  await page.fill('input[name="password"]', PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/registration'), { timeout: 30_000 });
}
