/**
 * The survey's statistics in Debian's Chromium, on the demo project: the technologies and network
 * names the statistics page shows are the API's figures, and the floor page's signal-over-time
 * chart sums up the walk's measured places as the points API gives them, in the reader's
 * language. Every screen is audited with axe-core and saved at desktop and phone width, light
 * and dark.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, expectAccessibleAtPhoneWidth, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

let stack: Stack;
let browser: Browser;
let page: Page;
let projectId: string;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('statistics', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface NamedNetwork {
  technology: string;
  name: string;
  networkIds: number;
  bands: string[];
  channels: number[];
  floors: number;
}

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** The little of the DOM these checks read in the page (this file is compiled without the DOM's types). */
interface Element {
  textContent: string | null;
  children: ArrayLike<Element>;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): ArrayLike<Element>;
}

/** The texts of a table's body rows, header cell first. */
async function rowsOf(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => (rows as unknown as Element[]).map((row) => Array.from(row.children, (cell) => (cell.textContent ?? '').trim())));
}

describe('survey statistics', () => {
  it('shows per technology and per network name what the API counted', async () => {
    page = await newAppPage(browser);
    await register(page, stack, uniqueEmail('statistician'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects$/);
    await page.getByRole('tab', { name: 'All projects' }).click();
    await page.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await page.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();
    projectId = /\/projects\/([^/?]+)/.exec(page.url())![1]!;
    await page.getByRole('link', { name: 'Statistics' }).click();
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();

    const [stats, names, technologies] = await Promise.all([
      api<{ coverage: { technology: string; percent: number; surveyedAreaM2: number }[] }>(page, 'GET', `/api/projects/${projectId}/stats`),
      api<{ items: NamedNetwork[]; total: number }>(page, 'GET', `/api/projects/${projectId}/statistics/networks?per_page=100`),
      api<{ items: { id: string; name: string }[] }>(page, 'GET', '/api/networktechnologies'),
    ]);
    const nameOf = (id: string) => technologies.items.find((x) => x.id === id)!.name;
    // The demo hears its own Wi-Fi 6 access points and a neighbour's Wi-Fi 5 café.
    expect(new Set(names.items.map((n) => n.technology))).toEqual(new Set(['wifi6', 'wifi5']));
    expect(names.total).toBe(names.items.length);

    const technologyList = page.getByRole('list', { name: 'Technologies' });
    await technologyList.getByRole('listitem').first().waitFor();
    const heard = [...new Set([...stats.coverage.map((c) => c.technology), ...names.items.map((n) => n.technology)])];
    const expected = heard
      .sort((a, b) => technologies.items.findIndex((x) => x.id === a) - technologies.items.findIndex((x) => x.id === b))
      .map((technology) => {
        const own = names.items.filter((n) => n.technology === technology);
        const coverage = stats.coverage.find((c) => c.technology === technology);
        return [
          nameOf(technology),
          whole.format(own.reduce((sum, n) => sum + n.networkIds, 0)),
          whole.format(own.length),
          coverage ? `${whole.format(coverage.surveyedAreaM2)} m²` : '—',
          coverage ? `${whole.format(coverage.percent)} %` : '—',
        ];
      });
    // Each card: its heading, then its figures in order (radios, names, area, coverage).
    const shown = await technologyList
      .getByRole('listitem')
      .evaluateAll((cards) =>
        (cards as unknown as Element[]).map((card) => [card.querySelector('h3')!.textContent!.trim(), ...Array.from(card.querySelectorAll('dd'), (dd) => dd.textContent!.trim())]),
      );
    expect(shown).toEqual(expected);

    const namesTable = page.getByRole('table', { name: 'Network names' });
    expect(await rowsOf(namesTable)).toEqual(
      names.items.map((n) => [n.name || 'Hidden network', nameOf(n.technology), whole.format(n.networkIds), n.bands.join(', '), n.channels.join(', '), whole.format(n.floors)]),
    );
    expect(await namesTable.getByRole('rowheader', { name: 'Sitewave-Demo' }).count()).toBe(1);

    await expectAccessible(page);
    // On a phone the tables and channel charts scroll sideways: each is reachable from the keyboard.
    await expectAccessibleAtPhoneWidth(page);
    await screenshotsOf(page, 'survey-statistics');
  });

  it('draws the walk’s strongest signal over time and sums it up as the points API measured it', async () => {
    // The demo's walks never drop below the default -67 dBm; a stricter requirement gives the chart stretches below it.
    const before = await api<{ settings: Record<string, { minSignalDbm: number }> }>(page, 'GET', `/api/projects/${projectId}/reporting/settings`);
    await api(page, 'PUT', `/api/projects/${projectId}/reporting/settings`, { settings: { wifi6: { ...before.settings.wifi6!, minSignalDbm: -50 } } });
    await page.goto(`${stack.url}/projects/${projectId}`);
    await page.getByRole('link', { name: 'Ground floor' }).click();
    const chart = page.getByRole('img', { name: 'Signal over time' });
    // The walks are judged again against the new requirement first.
    await chart.waitFor({ timeout: 60_000 });
    const floorId = /\/floors\/([^/?]+)/.exec(page.url())![1]!;
    const tracks = await api<{ items: { id: string; status: string }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`);
    const track = tracks.items.find((x) => x.status === 'processed')!;
    const points = await api<{ bestDbm: number[]; time: number[]; count: number }>(page, 'GET', `/api/tracks/${track.id}/points`);
    const settings = await api<{ settings: Record<string, { minSignalDbm: number }> }>(page, 'GET', `/api/projects/${projectId}/reporting/settings`);
    // The demo's walks are Wi-Fi 6 above all: its requirement is the one drawn.
    const requirement = settings.settings.wifi6!.minSignalDbm;
    expect(requirement).toBe(-50);

    const sorted = [...points.bestDbm].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    const below = points.bestDbm.filter((v) => v < requirement).length / points.count;
    expect(below).toBeGreaterThan(0);
    const dbm = (v: number) => `${whole.format(v)} dBm`;
    const summary = await page.locator(`[id="${await chart.getAttribute('aria-describedby')}"]`).innerText();
    expect(summary).toBe(
      `Strongest signal heard along the walk: lowest ${dbm(sorted[0]!)}, median ${dbm(median)}, highest ${dbm(sorted[sorted.length - 1]!)}. ` +
        `${new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: below > 0 && below < 0.01 ? 1 : 0 }).format(below)} of the measured places are below the ${dbm(requirement)} required for Wi-Fi 6.`,
    );
    await expect.poll(() => chart.locator('.signal-chart-requirement-label').textContent()).toBe(`Requirement ${dbm(requirement)}`);
    // The line spans the walk: one path point per measured place (the demo walk is short enough to keep them all).
    const drawn = await chart.locator('path.signal-chart-line').first().getAttribute('d');
    expect(drawn!.match(/[ML]/g)!.length).toBe(points.count);

    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshotsOf(page, 'survey-signal-over-time');

    // In the reader's language: axes, requirement and summary.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('language', 'de'));
    await page.reload();
    const german = page.getByRole('img', { name: 'Signal im Zeitverlauf' });
    await german.waitFor();
    expect(await german.textContent()).toContain('Zeit seit Beginn der Begehung');
    expect(await german.textContent()).toContain('Stärkstes Signal (dBm)');
    expect(await page.getByText(/^Stärkstes empfangenes Signal der Begehung: niedrigster Wert /).count()).toBe(1);
    await page.evaluate(() => (globalThis as unknown as { localStorage: { removeItem(k: string): void } }).localStorage.removeItem('language'));
  });
});
