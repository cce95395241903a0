/**
 * Placing walks by clicking, in Debian's Chromium: a surveyor imports a capture saved from a
 * terminal (no positions, the prompt and all) through the Import walk dialog; the floor page
 * opens the placing tool on it, shown here in each of the 8 languages (axe-clean in light and dark,
 * no sideways scrolling at 360 px). The surveyor places it stop by stop — one stop from the
 * keyboard, one click undone — saves, and sees its heatmap; then imports a second capture and
 * places it as a continuous walk, clicking turning points while stepping the time line, and sees
 * that heatmap too. Positions are read back from the API. Screenshots with SCREENSHOTS=1.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { NMCLI_TIMED_LOOP } from '../server/api/survey/fixtures/captures.js';

let stack: Stack;
let browser: Browser;
let page: Page;
let plan: { width: number; height: number };

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('placement', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The screen point of a plan point at the current zoom. */
async function onScreen(p: Page, at: { x: number; y: number }) {
  const box = (await p.locator('.plan-stage').boundingBox())!;
  const planPerScreen = plan.width / box.width;
  return { x: box.x + at.x / planPerScreen, y: box.y + at.y / planPerScreen };
}

async function clickPlan(p: Page, at: { x: number; y: number }) {
  const s = await onScreen(p, at);
  await p.mouse.click(s.x, s.y);
}

interface Points {
  placed: boolean;
  x: (number | null)[];
  y: (number | null)[];
  time: number[];
}

async function importCapture(p: Page, name: string, text: string) {
  await p.getByRole('button', { name: 'Import walk' }).click();
  const dialog = p.getByRole('dialog', { name: 'Import walk' });
  await dialog.getByText(/coarser than iw's dBm/).waitFor();
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  // A capture without positions opens the placing tool at once.
  await p.getByRole('heading', { name: 'Place walk', level: 3 }).waitFor();
}

const LANGUAGES = ['en', 'es', 'de', 'fr', 'nl', 'se', 'pt', 'pl'] as const;

describe('placing a walk by clicking', () => {
  it('imports an unplaced capture, places it stop by stop and as a continuous walk, and sees the heatmaps', async () => {
    page = await newAppPage(browser);
    await register(page, stack, uniqueEmail('placement'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects$/);
    await page.getByRole('tab', { name: 'All projects' }).click();
    await page.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await page.getByRole('link', { name: 'Ground floor' }).click();
    await page.locator('canvas.heatmap-canvas').waitFor();
    const floorId = /\/floors\/([^/?]+)/.exec(page.url())![1]!;

    await importCapture(page, 'stops.txt', NMCLI_TIMED_LOOP);
    const tracks = await api<{ items: { id: string; name: string; floorplanId: string; placed: boolean }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`);
    const stops = tracks.items.find((t) => t.name === 'stops.txt')!;
    expect(stops.placed).toBe(false);
    plan = await api<{ width: number; height: number }>(page, 'GET', `/api/floorplans/${stops.floorplanId}`);

    // The tool in every language: its own words, accessible, and no sideways scrolling on a phone.
    const english = await page.locator('.placement-panel').innerText();
    for (const language of LANGUAGES) {
      await page.evaluate((l) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('language', l), language);
      await page.goto(`${stack.url}/projects/${/\/projects\/([^/]+)/.exec(page.url())![1]}/floors/${floorId}?track=${stops.id}`);
      await page.locator('.heatmap-aside .button-primary').click();
      await page.locator('.placement-panel').waitFor();
      const text = await page.locator('.placement-panel').innerText();
      if (language !== 'en') expect(text).not.toBe(english);
      expect(text).not.toMatch(/survey\.placement\./);
      await expectAccessible(page);
      await page.setViewportSize({ width: 360, height: 740 });
      expect(
        await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(360);
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshotsOf(page, `placement-stops-${language}`);
    }
    await page.evaluate(() => (globalThis as unknown as { localStorage: { removeItem(k: string): void } }).localStorage.removeItem('language'));
    await page.reload();
    // Listed as not placed, with a sentence and a button to place it.
    await page.locator('.track-item', { hasText: 'stops.txt' }).getByText('Not placed').waitFor();
    await page.getByText(/This walk has no positions yet\. Place it on the plan/).waitFor();
    await screenshotsOf(page, 'placement-unplaced');
    await page.getByRole('button', { name: 'Place walk' }).click();
    const panel = page.locator('.placement-panel');

    // Stop and go: three scans. The first by a click, a wrong second undone, the second from the keyboard.
    await panel.getByText('Stop 1 of 3').waitFor();
    await clickPlan(page, { x: plan.width * 0.2, y: plan.height * 0.3 });
    await panel.getByText('Stop 2 of 3').waitFor();
    await clickPlan(page, { x: plan.width * 0.9, y: plan.height * 0.9 });
    await panel.getByText('Stop 3 of 3').waitFor();
    await panel.getByRole('button', { name: 'Undo' }).click();
    await panel.getByText('Stop 2 of 3').waitFor();
    // The focused plan shows a cross at its centre; Enter places the stop there.
    await page.getByRole('application', { name: /Floor plan\. Click to place a point/ }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText('Stop 3 of 3').waitFor();
    await clickPlan(page, { x: plan.width * 0.6, y: plan.height * 0.7 });
    await panel.getByText('All 3 stops are placed.').waitFor();
    await screenshotsOf(page, 'placement-stops-placed');
    await panel.getByRole('button', { name: 'Save positions' }).click();
    await page.getByText('Positions saved. The walk is being processed.').waitFor();
    await page.locator('.track-item', { hasText: 'stops.txt' }).getByText('Processed').waitFor({ timeout: 60_000 });
    await page.locator('canvas.heatmap-canvas').waitFor();
    const placedStops = await api<Points>(page, 'GET', `/api/tracks/${stops.id}/points`);
    expect(placedStops.placed).toBe(true);
    expect(placedStops.x[0]).toBeCloseTo(plan.width * 0.2, -1);
    expect(placedStops.y[2]).toBeCloseTo(plan.height * 0.7, -1);
    await screenshotsOf(page, 'placement-stops-heatmap');

    // Continuous walk: turning points at the start, a third of the way and the end of the time line.
    await importCapture(page, 'walk.txt', NMCLI_TIMED_LOOP);
    const walk = (await api<{ items: { id: string; name: string }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`)).items.find((t) => t.name === 'walk.txt')!;
    await panel.locator('.segmented-button', { hasText: 'Continuous walk' }).click();
    const timeline = panel.getByRole('slider', { name: 'Time line' });
    await timeline.focus();
    await page.keyboard.press('Home');
    await clickPlan(page, { x: plan.width * 0.1, y: plan.height * 0.5 });
    await panel.getByText('1 point placed.').waitFor();
    await timeline.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await clickPlan(page, { x: plan.width * 0.5, y: plan.height * 0.5 });
    await timeline.focus();
    await page.keyboard.press('End');
    await clickPlan(page, { x: plan.width * 0.5, y: plan.height * 0.1 });
    await panel.getByText('3 points placed.').waitFor();
    await expectAccessible(page);
    await screenshotsOf(page, 'placement-walk');
    await panel.getByRole('button', { name: 'Save positions' }).click();
    await page.locator('.track-item', { hasText: 'walk.txt' }).getByText('Processed').waitFor({ timeout: 60_000 });
    await page.locator('canvas.heatmap-canvas').waitFor();
    const placedWalk = await api<Points>(page, 'GET', `/api/tracks/${walk.id}/points`);
    // Scan 2 (5 s in) lies one second past the middle click (4 s in), on the way up to the last (11 s in).
    expect(placedWalk.x[1]).toBeCloseTo(plan.width * 0.5, -1);
    expect(placedWalk.y[1]!).toBeLessThan(plan.height * 0.5);
    expect(placedWalk.y[1]!).toBeGreaterThan(plan.height * 0.4);
    expect(placedWalk.y[2]).toBeCloseTo(plan.height * 0.1, -1);
    await screenshotsOf(page, 'placement-walk-heatmap');
  }, 240_000);
});
