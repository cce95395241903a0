/**
 * Georeferencing a plan and importing GPS data onto it, in Debian's Chromium: a surveyor tries to
 * import a WiGLE export onto the demo's ground floor and is told how to add control points; opens
 * the Georeference tool (shown in each of the 8 languages, axe-clean in light and dark, no sideways
 * scrolling at 360 px), clicks three places on the plan — one from the keyboard — types their
 * latitude and longitude, sees each point's residual, deletes and adds a point, saves; then imports
 * the WiGLE file and sees its heatmap. Control points and sample positions are read back from the
 * API. Then an Ekahau project walked on two floors: the dialog reads its floors from the file,
 * proposes the one of the same name, refuses two onto one floor, and imports each where chosen.
 * Screenshots with SCREENSHOTS=1.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { offset, wigleFile, type Sighting } from '../server/api/survey/fixtures/wigle.js';
import { esxArchive, sampleEsxProject } from '../server/api/survey/fixtures/esx.js';

let stack: Stack;
let browser: Browser;
let page: Page;
let plan: { width: number; height: number };

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('georeference', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The ground under the plan in this journey: 5 cm per pixel, north up, pixel (0, 0) at the fixtures' origin. */
const M_PER_PX = 0.05;
const ground = (x: number, y: number) => offset(x * M_PER_PX, -y * M_PER_PX);

async function clickPlan(p: Page, at: { x: number; y: number }) {
  const box = (await p.locator('.plan-stage').boundingBox())!;
  const planPerScreen = plan.width / box.width;
  await p.mouse.click(box.x + at.x / planPerScreen, box.y + at.y / planPerScreen);
}

async function typeCoordinates(panel: Locator, p: Page, at: { latitude: number; longitude: number }) {
  const latitude = panel.getByRole('textbox', { name: /^Latitude/ });
  await latitude.waitFor();
  await latitude.fill(at.latitude.toFixed(7));
  await p.keyboard.press('Tab');
  await p.keyboard.type(at.longitude.toFixed(7));
  await p.keyboard.press('Tab');
}

const LANGUAGES = ['en', 'es', 'de', 'fr', 'nl', 'se', 'pt', 'pl'] as const;

describe('georeferencing a plan', () => {
  it('adds control points with residuals, imports a WiGLE file onto the plan and sees its heatmap', async () => {
    page = await newAppPage(browser);
    await register(page, stack, uniqueEmail('georef'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects$/);
    await page.getByRole('tab', { name: 'All projects' }).click();
    await page.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await page.getByRole('link', { name: 'Ground floor' }).click();
    await page.locator('canvas.heatmap-canvas').waitFor();
    const floorUrl = page.url().replace(/\?.*$/, '');
    const floorId = /\/floors\/([^/?]+)/.exec(floorUrl)![1]!;
    const plans = await api<{ items: { id: string; width: number; height: number }[] }>(page, 'GET', `/api/floors/${floorId}/floorplans`);
    const planId = plans.items[0]!.id;
    plan = plans.items[0]!;

    // A walk of 24 sightings across the plan, two access points, and a Bluetooth headset WiGLE also heard.
    const sightings: Sighting[] = [];
    for (let i = 0; i < 12; i++) {
      const x = plan.width * (0.15 + 0.06 * i);
      const y = plan.height * (i % 2 === 0 ? 0.35 : 0.65);
      const time = `2026-05-01 10:00:${String(i * 2).padStart(2, '0')}`;
      for (const [mac, near] of [
        ['0a:1b:2c:3d:4e:01', 0.25],
        ['0a:1b:2c:3d:4e:02', 0.75],
      ] as const) {
        const d = Math.abs(x / plan.width - near) * 40;
        sightings.push({ mac, ssid: 'Yard', channel: 36, frequency: 5180, rssi: Math.round(-45 - d), east: x * M_PER_PX, north: -y * M_PER_PX, time });
      }
    }
    sightings.push({ mac: '11:22:33:44:55:66', ssid: 'Headset', channel: 0, rssi: -70, east: 5, north: -5, type: 'BT' });
    const wigle = wigleFile('1.6', sightings);

    // Before the plan has control points: the refusal says how to add them, and so does the dialog.
    await page.getByRole('button', { name: 'Import walk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import walk' });
    await dialog.getByText(/add at least two with Georeference first/).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'WigleWifi_20260501.csv', mimeType: 'text/csv', buffer: Buffer.from(wigle) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText(/choose "Georeference", click two or more places on the plan/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The tool in every language: its own words, accessible, and no sideways scrolling on a phone.
    await page.getByRole('button', { name: 'Georeference' }).click();
    const panel = page.locator('.heatmap-aside');
    await panel.getByRole('heading', { name: 'Georeference', level: 3 }).waitFor();
    const english = await panel.innerText();
    for (const language of LANGUAGES) {
      await page.evaluate((l) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('language', l), language);
      await page.reload();
      await page.locator('.page-header .button-secondary').nth(2).click();
      await page.locator('#georef-title').waitFor();
      const text = await panel.innerText();
      if (language !== 'en') expect(text).not.toBe(english);
      expect(text).not.toMatch(/survey\.georef\./);
      await expectAccessible(page);
      await page.setViewportSize({ width: 360, height: 740 });
      expect(
        await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(360);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.evaluate(() => (globalThis as unknown as { localStorage: { removeItem(k: string): void } }).localStorage.removeItem('language'));
    await page.reload();
    await page.getByRole('button', { name: 'Georeference' }).click();
    await panel.getByText('This plan has no control points yet.').waitFor();

    // Point 1 by a click, point 2 from the keyboard (the cross starts at the plan's centre), point 3 by a click.
    const p1 = { x: plan.width * 0.1, y: plan.height * 0.1 };
    await clickPlan(page, p1);
    await typeCoordinates(panel, page, ground(p1.x, p1.y));
    await panel.getByText('Add a second point: one point cannot fix scale and rotation.').waitFor();
    await page.getByRole('application', { name: /Floor plan for control points/ }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText('Point 2').first().waitFor();
    // Where the cross put it, as drawn on the plan.
    const marker = page.locator('.georef-marker circle').nth(1);
    const p2 = { x: Number(await marker.getAttribute('cx')), y: Number(await marker.getAttribute('cy')) };
    expect(p2.x).toBeGreaterThan(0);
    await typeCoordinates(panel, page, ground(p2.x, p2.y));
    await panel.getByText('With two points the fit is exact: add a third to see how well they agree.').waitFor();
    // A wrong third point (its latitude read 3 m off) stands out by its residual; deleted and clicked again.
    const p3 = { x: plan.width * 0.9, y: plan.height * 0.85 };
    await clickPlan(page, p3);
    const wrong = ground(p3.x, p3.y - 60);
    await typeCoordinates(panel, page, wrong);
    await panel
      .getByText(/off by [1-9]\.\d m/)
      .first()
      .waitFor();
    await screenshotsOf(page, 'georeference-residuals');
    await panel.getByRole('button', { name: 'Delete point' }).click();
    await panel.getByText('Control points (2)').waitFor();
    await clickPlan(page, p3);
    await typeCoordinates(panel, page, ground(p3.x, p3.y));
    await panel.getByText('Control points (3)').waitFor();
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Save control points' }).click();
    await panel.getByText(/Control points saved\./).waitFor();
    await screenshotsOf(page, 'georeference-saved');
    const stored = await api<{ controlPoints: { x: number; y: number; residualM: number }[]; fit: { metresPerPixel: number } }>(
      page,
      'GET',
      `/api/floorplans/${planId}/georeference`,
    );
    expect(stored.controlPoints).toHaveLength(3);
    expect(stored.fit.metresPerPixel).toBeCloseTo(M_PER_PX, 2);
    // Clicks land within a pixel or two of where they were aimed; on the ground that is well under a metre.
    expect(Math.max(...stored.controlPoints.map((p) => p.residualM))).toBeLessThan(1);
    await panel.getByRole('button', { name: 'Close' }).click();

    // Now the WiGLE file imports onto the plan and is processed into a heatmap.
    await page.getByRole('button', { name: 'Import walk' }).click();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'WigleWifi_20260501.csv', mimeType: 'text/csv', buffer: Buffer.from(wigle) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.locator('.track-item', { hasText: 'WigleWifi_20260501.csv' }).getByText('Processed').waitFor({ timeout: 60_000 });
    await page.locator('canvas.heatmap-canvas').waitFor();
    const tracks = await api<{ items: { id: string; name: string; format: string; sampleCount: number }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`);
    const imported = tracks.items.find((t) => t.name === 'WigleWifi_20260501.csv')!;
    expect(imported).toMatchObject({ format: 'wigle', sampleCount: 24 });
    const points = await api<{ x: number[]; y: number[] }>(page, 'GET', `/api/tracks/${imported.id}/points`);
    expect(points.x[0]).toBeCloseTo(plan.width * 0.15, -1);
    expect(points.y[0]).toBeCloseTo(plan.height * 0.35, -1);
    await expectAccessible(page);
    await screenshotsOf(page, 'georeference-wigle-heatmap');
  }, 300_000);

  it('imports an Ekahau project walked on two floors, each onto the floor the surveyor matches it to', async () => {
    const projectId = /\/projects\/([^/?]+)/.exec(page.url())![1]!;
    const floors = await api<{ items: { id: string; name: string }[] }>(page, 'GET', `/api/projects/${projectId}/floors`);
    const planOf = async (name: string) => {
      const floor = floors.items.find((f) => f.name === name)!;
      const plans = await api<{ items: { width: number; height: number }[] }>(page, 'GET', `/api/floors/${floor.id}/floorplans`);
      return { floorId: floor.id, ...plans.items[0]! };
    };
    const ground = await planOf('Ground floor');
    const first = await planOf('First floor');

    // The sample walk, once on a floor named as the project's ground floor is (case and dash aside), once on "Level 1".
    const esx = sampleEsxProject();
    const walk = esx.surveys[0]!;
    const across = (p: { width: number; height: number }) => [
      [
        { time: 0, x: p.width * 0.2, y: p.height * 0.5 },
        { time: 10e9, x: p.width * 0.8, y: p.height * 0.5 },
      ],
    ];
    esx.floorPlans = [
      { id: 'e-ground', name: 'GROUND-FLOOR', width: ground.width, height: ground.height },
      { id: 'e-level-1', name: 'Level 1', width: first.width, height: first.height },
    ];
    esx.surveys = [
      { ...walk, floorPlanId: 'e-ground', route: across(ground) },
      { ...walk, id: 's-2', floorPlanId: 'e-level-1', route: across(first), tracks: [{ ...walk.tracks[0]!, binaryFileId: 'b-2' }] },
    ];

    await page.getByRole('button', { name: 'Import walk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import walk' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'office.esx', mimeType: 'application/octet-stream', buffer: esxArchive(esx) });
    const match = dialog.getByRole('group', { name: 'Where each Ekahau floor goes' });
    await match.waitFor();
    // Read from the file in the browser: the ground floor is proposed by name, "Level 1" waits for a choice.
    expect(await match.getByRole('button', { name: /GROUND-FLOOR/ }).textContent()).toContain('Ground floor');
    expect(await match.getByRole('button', { name: /Level 1/ }).textContent()).toContain('Choose a floor');
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);

    // Both onto the ground floor: refused in the dialog before anything is sent.
    await match.getByRole('button', { name: /Level 1/ }).click();
    await page.getByRole('option', { name: 'Ground floor' }).click();
    await match.getByText('Another Ekahau floor goes to this floor too').first().waitFor();
    expect(await upload.isDisabled()).toBe(true);
    await match.getByRole('button', { name: /Level 1/ }).click();
    await page.getByRole('option', { name: 'First floor' }).click();
    expect(await upload.isDisabled()).toBe(false);
    await expectAccessible(page);
    await screenshotsOf(page, 'ekahau-floor-match');

    await upload.click();
    await page.getByText('2 floors imported from the Ekahau project.').waitFor();
    const onFirst = await api<{ items: { name: string; format: string }[] }>(page, 'GET', `/api/floors/${first.floorId}/tracks`);
    expect(onFirst.items.map((t) => t.name)).toContain('office.esx · Level 1');
    const onGround = await api<{ items: { name: string }[] }>(page, 'GET', `/api/floors/${ground.floorId}/tracks`);
    expect(onGround.items.map((t) => t.name)).toContain('office.esx · GROUND-FLOOR');
  }, 180_000);
});
