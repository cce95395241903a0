/**
 * Walls on the floor plan in Debian's Chromium: a surveyor opens the walls tool on the demo
 * floor, draws a concrete wall kept straight with Shift and a glass wall joined to its end,
 * lowers the glass wall's loss, draws a third wall and deletes it with the Delete key, draws a
 * fourth and undoes it, saves, reloads, and finds the two walls over the heatmap with their
 * legend and back in the tool; there it flips the heatmap to the predicted layer and reads the
 * legend's method and a ± readout. The stored set is read back from the API. Audited with axe-core
 * in light and dark; screenshots (SCREENSHOTS=1) at desktop and phone width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wall } from '../../shared/heatmap/walls.js';
import { register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

let stack: Stack;
let browser: Browser;
let page: Page;
let floorplanId: string;
let plan: { width: number; height: number };

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('walls', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The screen point of a plan point at the current zoom, and how many plan pixels one screen pixel is. */
async function onScreen(p: Page, at: { x: number; y: number }) {
  const box = (await p.locator('.plan-stage').boundingBox())!;
  const planPerScreen = plan.width / box.width;
  return { x: box.x + at.x / planPerScreen, y: box.y + at.y / planPerScreen, planPerScreen };
}

async function clickPlan(p: Page, at: { x: number; y: number }, shift = false) {
  const s = await onScreen(p, at);
  if (shift) await p.keyboard.down('Shift');
  await p.mouse.click(s.x, s.y);
  if (shift) await p.keyboard.up('Shift');
  return s.planPerScreen;
}

const storedWalls = async (p: Page) => (await api<{ walls: Wall[] }>(p, 'GET', `/api/floorplans/${floorplanId}/walls`)).walls;
const panel = (p: Page) => p.locator('.wall-panel');
const list = (p: Page) => p.getByRole('radiogroup', { name: /Walls on this plan/ });

describe('walls on the floor plan', () => {
  it('draws two walls, picks their materials, edits a loss, deletes and undoes, and saves', async () => {
    page = await newAppPage(browser);
    await register(page, stack, uniqueEmail('walls'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects$/);
    await page.getByRole('tab', { name: 'All projects' }).click();
    await page.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await page.getByRole('link', { name: 'Ground floor' }).click();
    await page.locator('canvas.heatmap-canvas').waitFor();
    const floorId = /\/floors\/([^/?]+)/.exec(page.url())![1]!;
    const tracks = await api<{ items: { name: string; floorplanId: string }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`);
    floorplanId = tracks.items[0]!.floorplanId;
    plan = await api<{ width: number; height: number }>(page, 'GET', `/api/floorplans/${floorplanId}`);
    // The demo floor comes with its walls drawn; this journey starts from a plan without any.
    expect((await storedWalls(page)).length).toBeGreaterThan(0);
    await api(page, 'PUT', `/api/floorplans/${floorplanId}/walls`, { walls: [] });
    expect(await storedWalls(page)).toEqual([]);
    await page.reload();
    await page.locator('canvas.heatmap-canvas').waitFor();

    await page.getByRole('button', { name: 'Walls', exact: true }).click();
    await panel(page).getByRole('heading', { name: 'Walls' }).waitFor();
    await panel(page).getByText('No walls yet.').waitFor();
    await panel(page).getByText('Everything drawn is saved.').waitFor();
    await expectAccessible(page);

    // A concrete wall, kept straight across by Shift although the second click is a little lower.
    await panel(page).locator('.wall-material', { hasText: 'Concrete' }).click();
    expect(
      await panel(page)
        .getByRole('radio', { name: /Concrete/ })
        .isChecked(),
    ).toBe(true);
    const a = { x: plan.width * 0.2, y: plan.height * 0.3 };
    const b = { x: plan.width * 0.5, y: plan.height * 0.33 };
    await clickPlan(page, a);
    await panel(page).getByText('Now click where it ends.').waitFor();
    const planPerScreen = await clickPlan(page, b, true);
    await list(page)
      .getByRole('radio', { name: /Wall 1: Concrete/ })
      .waitFor();

    // A glass wall from near the first wall's end (it joins it) down the plan.
    await panel(page).locator('.wall-material', { hasText: 'Glass' }).click();
    await clickPlan(page, { x: b.x + 4 * planPerScreen, y: a.y + 3 * planPerScreen });
    const c = { x: plan.width * 0.52, y: plan.height * 0.7 };
    await clickPlan(page, c);
    const glass = list(page).getByRole('radio', { name: /Wall 2: Glass/ });
    await glass.waitFor();
    expect(await glass.isChecked()).toBe(true);
    await panel(page).getByText('Unsaved changes.').waitFor();

    // Its loss edited: 4 dB is the preset, this glass is coated.
    const loss = panel(page).getByRole('textbox', { name: 'Loss through this wall (dB)' });
    expect(await loss.inputValue()).toBe('4');
    await loss.fill('6');
    await loss.press('Enter');
    await list(page).locator('.wall-item', { hasText: 'Wall 2' }).getByText('6 dB').waitFor();

    // A third wall deleted with the Delete key, a fourth taken back with Undo.
    await clickPlan(page, { x: plan.width * 0.7, y: plan.height * 0.2 });
    await clickPlan(page, { x: plan.width * 0.8, y: plan.height * 0.6 });
    const third = list(page).getByRole('radio', { name: /Wall 3/ });
    await list(page).locator('.wall-item', { hasText: 'Wall 2' }).click();
    await list(page).locator('.wall-item', { hasText: 'Wall 3' }).click();
    expect(await third.isChecked()).toBe(true);
    await page.keyboard.press('Delete');
    await third.waitFor({ state: 'detached' });
    await clickPlan(page, { x: plan.width * 0.7, y: plan.height * 0.2 });
    await clickPlan(page, { x: plan.width * 0.75, y: plan.height * 0.6 });
    await list(page)
      .getByRole('radio', { name: /Wall 3/ })
      .waitFor();
    await panel(page).getByRole('button', { name: 'Undo' }).click();
    await list(page)
      .getByRole('radio', { name: /Wall 3/ })
      .waitFor({ state: 'detached' });
    expect(await list(page).getByRole('radio').count()).toBe(2);
    await expectAccessible(page);
    await screenshotsOf(page, 'walls-drawing');

    await panel(page).getByRole('button', { name: 'Save walls' }).click();
    await panel(page).getByText('Walls saved. The walks on this plan are being processed again.').waitFor();
    const stored = await storedWalls(page);
    expect(stored).toHaveLength(2);
    const [concrete, coated] = stored as [Wall, Wall];
    expect(concrete).toMatchObject({ material: 'concrete', lossDb: 12 });
    expect(concrete.y2).toBe(concrete.y1);
    expect(Math.abs(concrete.x1 - a.x)).toBeLessThanOrEqual(planPerScreen);
    expect(Math.abs(concrete.x2 - b.x)).toBeLessThanOrEqual(planPerScreen);
    expect(coated).toMatchObject({ material: 'glass', lossDb: 6, x1: concrete.x2, y1: concrete.y2 });
    expect(Math.abs(coated.y2 - c.y)).toBeLessThanOrEqual(planPerScreen);
  });

  it('shows the saved walls over the heatmap after a reload, with their legend, and in the tool again', async () => {
    await page.reload();
    await page.locator('canvas.heatmap-canvas').waitFor();
    await expect.poll(() => page.locator('.plan-stage .wall-overlay .wall').count()).toBe(2);
    const legend = page.locator('.wall-legend');
    await legend.getByText('Concrete: 12 dB').waitFor();
    await legend.getByText('Glass: 6 dB').waitFor();
    // Coloured by material.
    const colours = await page
      .locator('.plan-stage .wall-overlay .wall-line')
      .evaluateAll((lines) => lines.map((l) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { stroke: string } }).getComputedStyle(l).stroke));
    expect(new Set(colours).size).toBe(2);
    await expectAccessible(page);
    await screenshotsOf(page, 'walls-viewer');

    // The predicted layer: the legend names its method, the readout gives its uncertainty.
    const layerSwitch = page.getByRole('radiogroup', { name: 'Layer' });
    expect(await layerSwitch.getByRole('radio', { name: 'Measured' }).isChecked()).toBe(true);
    await page
      .locator('.legend')
      .getByText(/^Measured coverage:/)
      .waitFor();
    await layerSwitch.locator('.segmented-button', { hasText: 'Predicted' }).click();
    await page.locator('.legend').getByText('Predicted: path-loss model with walls + kriging; typical error 2–5 dB, shaded by uncertainty').waitFor();
    await page
      .locator('.legend')
      .getByText(/^Predicted coverage:/)
      .waitFor();
    const box = (await page.locator('.plan-stage').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.9);
    await expect.poll(() => page.locator('.readout-value').textContent()).toMatch(/^−?-?\d+ dBm ± \d+ dB$/);
    await expectAccessible(page);
    await screenshotsOf(page, 'walls-viewer-predicted');
    await layerSwitch.locator('.segmented-button', { hasText: 'Measured' }).click();

    await page.getByRole('button', { name: 'Walls', exact: true }).click();
    await list(page)
      .getByRole('radio', { name: /Wall 1: Concrete/ })
      .waitFor();
    await list(page)
      .getByRole('radio', { name: /Wall 2: Glass/ })
      .waitFor();
    await panel(page).getByText('Everything drawn is saved.').waitFor();
    await panel(page).getByRole('button', { name: 'Close', exact: true }).click();
    await page.locator('canvas.heatmap-canvas').waitFor();
  });
});
