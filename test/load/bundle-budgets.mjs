/**
 * The download budgets of `npm run bench` (also runnable alone after `npm run build`:
 * `npm run budget:web`): the JavaScript Chromium fetches, measured against the built product,
 * each file gzipped at level 9 as a CDN would serve it.
 *
 *   /login, first visit                      budget  85 KB — no admin or survey code among it
 *                                            (the product's budget is 90 KB; 85 keeps headroom)
 *   signed in, first visit of the projects   budget 150 KB — shell and survey area together
 *   administration area, opened afterwards   budget  90 KB — its own chunk(s)
 *   survey area, opened after administration its own chunk(s), reported
 *   floor page with the heatmap viewer       its own chunk(s), reported
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { signUp, startProductAndBrowser } from './product-browser.mjs';
import { fixed, formatTable } from './table.mjs';

export const LOGIN_JS_BUDGET_KB = 85;
export const SHELL_JS_BUDGET_KB = 150;
export const ADMIN_JS_BUDGET_KB = 90;

/** Collects the scripts a page fetches from now on; `take()` returns them and starts afresh. */
function scriptRecorder(page) {
  let seen = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') seen.push(response);
  });
  return {
    async take() {
      const responses = seen;
      seen = [];
      const files = [];
      for (const response of responses) {
        const body = await response.body();
        files.push({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }
      return files;
    },
  };
}

const kb = (bytes) => bytes / 1024;
const sum = (files, field) => files.reduce((total, file) => total + file[field], 0);

export async function benchBundles({ say, problems }) {
  say();
  say(
    `== JavaScript fetched by Chromium, gzip -9 (budgets: /login ${LOGIN_JS_BUDGET_KB} KB, signed-in first load ${SHELL_JS_BUDGET_KB} KB, administration ${ADMIN_JS_BUDGET_KB} KB) ==`,
  );
  let product;
  const result = {};
  try {
    product = await startProductAndBrowser('bundle-budgets');
    const { url, browser } = product;

    // /login on a first visit.
    const visitor = await browser.newContext();
    const loginPage = await visitor.newPage();
    const loginScripts = scriptRecorder(loginPage);
    await loginPage.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await loginPage.waitForSelector('form', { timeout: 15_000 });
    const login = await loginScripts.take();

    // An account (the first one owns the demo organisation), then a cold visit signed in.
    await signUp(loginPage, url, 'budget@example.com');
    const signedIn = await browser.newContext({ storageState: await visitor.storageState() });
    const page = await signedIn.newPage();
    const scripts = scriptRecorder(page);
    await page.goto(`${url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects/, { timeout: 30_000 });
    await page.getByRole('table', { name: 'Projects' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const shell = await scripts.take();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Administration' }).click();
    await page.getByRole('rowheader', { name: 'Sitewave demo' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const admin = await scripts.take();

    // The survey area on its own: a cold visit of the administration, then the projects.
    const cold = await browser.newContext({ storageState: await visitor.storageState() });
    const adminFirst = await cold.newPage();
    const coldScripts = scriptRecorder(adminFirst);
    await adminFirst.goto(page.url());
    await adminFirst.getByRole('rowheader', { name: 'Sitewave demo' }).waitFor({ timeout: 30_000 });
    await adminFirst.waitForLoadState('networkidle');
    await coldScripts.take();
    await adminFirst.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Projects' }).click();
    await adminFirst.getByRole('table', { name: 'Projects' }).waitFor({ timeout: 30_000 });
    await adminFirst.waitForLoadState('networkidle');
    const survey = await coldScripts.take();

    // The floor page (plan, heatmap viewer, track import) is a chunk of its own, fetched on the first floor opened.
    await adminFirst.getByRole('tab', { name: 'All projects' }).click();
    await adminFirst.getByRole('link', { name: 'Demo office survey' }).click();
    await adminFirst.getByRole('link', { name: 'Ground floor' }).click();
    await adminFirst.locator('canvas.heatmap-canvas').waitFor({ timeout: 30_000 });
    await adminFirst.waitForLoadState('networkidle');
    const floor = await coldScripts.take();

    const row = (label, files) => [label, String(files.length), fixed(kb(sum(files, 'raw')), 1), fixed(kb(sum(files, 'gzip')), 1)];
    say(
      formatTable(
        ['what the browser fetches', 'files', 'raw KB', 'gzip KB'],
        [
          row('/login, first visit', login),
          row('signed in, first visit of the projects (shell + survey)', shell),
          row('administration area, opened afterwards', admin),
          row('survey area, opened after administration', survey),
          row('floor page with the heatmap viewer, opened from a project', floor),
        ],
      ),
    );
    result.loginKb = kb(sum(login, 'gzip'));
    result.shellKb = kb(sum(shell, 'gzip'));
    result.adminKb = kb(sum(admin, 'gzip'));
    say(
      `   /login: ${fixed(result.loginKb, 1)} KB of ${LOGIN_JS_BUDGET_KB} KB; signed-in first load: ${fixed(result.shellKb, 1)} KB of ${SHELL_JS_BUDGET_KB} KB; administration: ${fixed(result.adminKb, 1)} KB of ${ADMIN_JS_BUDGET_KB} KB`,
    );
    if (result.loginKb > LOGIN_JS_BUDGET_KB) problems.push(`/login ships ${fixed(result.loginKb, 1)} KB of gzip JavaScript, over the ${LOGIN_JS_BUDGET_KB} KB budget`);
    if (result.shellKb > SHELL_JS_BUDGET_KB)
      problems.push(`the signed-in first load ships ${fixed(result.shellKb, 1)} KB of gzip JavaScript, over the ${SHELL_JS_BUDGET_KB} KB budget`);
    if (result.adminKb > ADMIN_JS_BUDGET_KB)
      problems.push(`the administration area ships ${fixed(result.adminKb, 1)} KB of gzip JavaScript when opened, over the ${ADMIN_JS_BUDGET_KB} KB budget`);
    return result;
  } catch (error) {
    problems.push(`bundle budgets: ${error.message}`);
    say(`   failed: ${error.message}`);
    return result;
  } finally {
    await product?.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [];
  await benchBundles({ say: (line = '') => process.stdout.write(`${line}\n`), problems });
  for (const problem of problems) process.stderr.write(`problem: ${problem}\n`);
  process.exit(problems.length ? 1 : 0);
}
