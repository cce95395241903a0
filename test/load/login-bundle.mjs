/**
 * The budget row of `npm run bench` (also runnable alone after `npm run build`:
 * `node test/load/login-bundle.mjs`): the JavaScript a browser fetches on a first visit to
 * `/login`, measured in Debian's Chromium against the built product, each file gzipped at
 * level 9 as a CDN would serve it. Budget: 90 KB. Admin and survey code must not be among them.
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, httpGet, makeTempDir, startProcess, stopProcess } from './processes.mjs';
import { fixed, formatTable } from './table.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const LOGIN_JS_BUDGET_KB = 90;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function waitForHealth(url, deadline) {
  while (Date.now() < deadline) {
    const answer = await httpGet(`${url}/bff/health`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the product did not answer ${url}/bff/health in time`);
}

export async function benchLoginBundle({ say, problems }) {
  say();
  say(`== first load of /login: JavaScript fetched by Chromium, gzip -9 (budget ${LOGIN_JS_BUDGET_KB} KB) ==`);
  const dir = makeTempDir('login-bundle');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const handle = startProcess('product for /login', process.execPath, [join(ROOT, 'dist/server/main.js')], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dir, LOG_LEVEL: 'warn', GATEWAY_WORKERS: '1' },
    logFile: join(dir, 'product.log'),
  });
  let browser;
  try {
    await waitForHealth(url, Date.now() + 60_000);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('form', { timeout: 15_000 });
    const rows = [];
    let total = 0;
    for (const response of scripts) {
      const body = await response.body();
      const gzip = gzipSync(body, { level: 9 }).length;
      total += gzip;
      rows.push([new URL(response.url()).pathname, fixed(body.length / 1024, 1), fixed(gzip / 1024, 1)]);
    }
    rows.push(['total', '', fixed(total / 1024, 1)]);
    say(formatTable(['script', 'raw KB', 'gzip KB'], rows));
    const totalKb = total / 1024;
    say(`   ${fixed(totalKb, 1)} KB of ${LOGIN_JS_BUDGET_KB} KB (${fixed((100 * totalKb) / LOGIN_JS_BUDGET_KB, 0)} % of the budget)`);
    if (totalKb > LOGIN_JS_BUDGET_KB) problems.push(`/login ships ${fixed(totalKb, 1)} KB of gzip JavaScript, over the ${LOGIN_JS_BUDGET_KB} KB budget`);
    return totalKb;
  } catch (error) {
    problems.push(`login bundle row: ${error.message}`);
    say(`   failed: ${error.message}`);
    return undefined;
  } finally {
    await browser?.close();
    await stopProcess(handle);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [];
  await benchLoginBundle({ say: (line = '') => process.stdout.write(`${line}\n`), problems });
  for (const problem of problems) process.stderr.write(`problem: ${problem}\n`);
  process.exit(problems.length ? 1 : 0);
}
