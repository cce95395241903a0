/**
 * The survey area in Debian's Chromium. The demo floor checks the heatmap against the simulator's
 * truth (the access points' known places, the measured samples); a new project goes the way a
 * surveyor takes it: project → floor → plan → scale → walk imported and processed → every view;
 * and a viewer sees the same survey with nothing to change. Every screen is audited with axe-core
 * and saved at desktop and phone width, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLOORS, DEMO_PX_PER_M } from '../../server/api/demo/demo-survey.js';
import { pdfFixture } from '../server/api/survey/pdf-fixture.js';
import { generateLayout } from '../../server/api/demo/site-layout.js';
import { placeAccessPoints } from '../../server/api/demo/walk-simulator.js';
import { PASSWORD, register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, expectHeadingsInOrder, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { lastOutboxMail, startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

let stack: Stack;
let browser: Browser;
let page: Page;
let orgId: string;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('survey', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const freshPage = () => newAppPage(browser);

interface Drawn {
  /** RGBA of the heatmap canvas at the plan point, or null outside the grid. */
  rgba: [number, number, number, number] | null;
}

/** What the heatmap canvas holds at a plan point: the cell's colour as drawn. */
async function drawnAt(p: Page, plan: { x: number; y: number }, metresPerPixel: number, cellSizeM: number): Promise<Drawn> {
  const col = Math.floor((plan.x * metresPerPixel) / cellSizeM);
  const row = Math.floor((plan.y * metresPerPixel) / cellSizeM);
  const rgba = await p.evaluate(
    `(() => { const c = document.querySelector('canvas.heatmap-canvas'); if (!c || ${col} >= c.width || ${row} >= c.height) return null;
      return Array.from(c.getContext('2d').getImageData(${col}, ${row}, 1, 1).data); })()`,
  );
  return { rgba: rgba as Drawn['rgba'] };
}

/** Moves the pointer over a plan point (plan pixels) and answers the readout's text. */
async function readoutAt(p: Page, plan: { x: number; y: number }, planSize: { width: number; height: number }): Promise<string> {
  const box = (await p.locator('.plan-stage').boundingBox())!;
  await p.mouse.move(box.x + (plan.x / planSize.width) * box.width, box.y + (plan.y / planSize.height) * box.height);
  return p.locator('.readout').innerText();
}

const hex = (rgba: readonly number[]) =>
  `#${rgba
    .slice(0, 3)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;

/** The hall as an architect exports it: a one-page PDF, 1000 × 600 pt, the hall drawn as a pale rectangle. */
function planPdf(): Buffer {
  return pdfFixture({ widthPt: 1000, heightPt: 600, rect: { x: 20, y: 20, w: 960, h: 560, rgb: [0.93, 0.93, 0.9] } });
}

/**
 * A walk along the west half of the hall (x from 60 to 360 of 1000, y at 320 of 600), two access
 * points heard stronger near x = 100; `scale` turns those places into the plan's pixels.
 */
function walkCsv(scale: number): string {
  const lines = ['time,x,y,technology,bssid,ssid,channel,signal'];
  for (let i = 0; i <= 30; i++) {
    const x = 60 + i * 10;
    const metres = Math.abs(x - 100) * 0.05;
    lines.push(`${i},${x * scale},${320 * scale},wifi6,02:aa:00:00:00:01,Office,36,${Math.round(-40 - 6 * metres)}`);
    lines.push(`${i},${x * scale},${320 * scale},wifi6,02:aa:00:00:00:02,Office,6,${Math.round(-55 - 4 * metres)}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('the survey area', () => {
  it('draws the demo walk where it was measured: strongest at the access points, as measured at the samples', async () => {
    page = await freshPage();
    await register(page, stack, uniqueEmail('surveyor'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects$/);
    orgId = /\/orgs\/([^/]+)\/projects/.exec(page.url())![1]!;
    await page.getByRole('tab', { name: 'All projects' }).click();
    await page.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await page.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();
    await expectAccessible(page);
    await screenshotsOf(page, 'survey-project');

    // The project's requirements: what the heatmap's requirements view judges against.
    await page.getByRole('combobox', { name: 'Technology' }).selectOption({ label: 'Wi-Fi 6' });
    const minSignal = page.getByRole('textbox', { name: 'Minimum primary signal (dBm)' });
    expect(await minSignal.inputValue()).toBe('-67');
    await minSignal.fill('-70');
    await minSignal.press('Tab');
    // A colour added at a dBm another colour already starts at is refused until it has its own value.
    const scale = page.getByRole('group', { name: 'Colour scale' });
    await scale.getByRole('button', { name: 'Add colour' }).click();
    const stops = scale.getByRole('textbox', { name: 'From (dBm)' });
    expect(await stops.count()).toBe(6);
    await stops.nth(5).fill('-55');
    await stops.nth(5).press('Tab');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await scale.getByText('Two colours start at the same dBm').waitFor();
    await scale.getByRole('button', { name: 'Remove the colour from -55 dBm' }).nth(1).click();
    expect(await stops.count()).toBe(5);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Requirements saved.').waitFor();
    const saved = await api<{ settings: Record<string, { minSignalDbm: number }> }>(page, 'GET', `/api/projects/${/\/projects\/([^/?]+)/.exec(page.url())![1]}/reporting/settings`);
    expect(saved.settings.wifi6!.minSignalDbm).toBe(-70);

    // Renaming a floor: a name another floor has is refused in the form, a free one is kept.
    await page.getByRole('button', { name: 'Edit First floor' }).click();
    const floorForm = page.getByRole('dialog', { name: 'Edit floor' });
    const floorName = floorForm.getByRole('textbox', { name: /Floor name/ });
    await floorName.fill('Ground floor');
    await floorForm.getByRole('button', { name: 'Save' }).click();
    await floorForm.getByText('A floor named Ground floor already exists in this project.').waitFor();
    await floorName.fill('Upper floor');
    await floorForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Upper floor' }).waitFor();
    expect(await page.getByRole('link', { name: 'First floor' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Ground floor' }).click();
    await page.getByRole('heading', { name: 'Primary signal' }).waitFor();
    await page.locator('canvas.heatmap-canvas').waitFor();
    const floorId = /\/floors\/([^/?]+)/.exec(page.url())![1]!;
    const tracks = await api<{ items: { id: string; floorplanId: string }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`);
    const trackId = tracks.items[0]!.id;
    const plan = await api<{ width: number; height: number }>(page, 'GET', `/api/floorplans/${tracks.items[0]!.floorplanId}`);
    const datasets = await api<{ grid: { cellSizeM: number; metresPerPixel: number }; items: { colourScale: { dbm: number; colour: string }[] }[] }>(
      page,
      'GET',
      `/api/tracks/${trackId}/datasets?kind=best&technology=wifi6`,
    );
    const { grid } = datasets;
    const strongest = [...datasets.items[0]!.colourScale].sort((a, b) => b.dbm - a.dbm)[0]!.colour;

    // The simulator's own access points on this floor: the colour drawn there is the strongest band's.
    const spec = DEMO_FLOORS[0]!;
    const aps = placeAccessPoints(generateLayout(spec.seed), spec.seed + 1, spec.aps, 'Sitewave-Demo');
    for (const ap of aps) {
      const drawn = await drawnAt(page, { x: ap.x * DEMO_PX_PER_M, y: ap.y * DEMO_PX_PER_M }, grid.metresPerPixel, grid.cellSizeM);
      expect(drawn.rgba?.[3], `colour at ${ap.name}`).toBe(255);
      expect(hex(drawn.rgba!), `colour at ${ap.name}`).toBe(strongest);
    }

    // At a measured place the readout says what was measured there, within the interpolation's error (±4 dB).
    const points = await api<{ x: number[]; y: number[]; bestDbm: number[]; count: number }>(page, 'GET', `/api/tracks/${trackId}/points`);
    const i = Math.floor(points.count / 2);
    const text = await readoutAt(page, { x: points.x[i]!, y: points.y[i]! }, plan);
    const shown = Number(/(-?\d+) dBm/.exec(text)![1]);
    expect(Math.abs(shown - points.bestDbm[i]!)).toBeLessThanOrEqual(4);
    expect(text).toMatch(/Nearest measurement 0\.\d m away/);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await expectHeadingsInOrder(page);
    await screenshotsOf(page, 'survey-heatmap-primary');
  });

  it('takes a new survey from project to processed walk, and shows it in every view', async () => {
    await page.goto(`${stack.url}/orgs/${orgId}/projects`);
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await dialog.getByText('Enter a name for the project.').waitFor();
    await dialog.getByRole('textbox', { name: /Project name/ }).fill('Harbour warehouse');
    await dialog.getByRole('textbox', { name: 'Customer' }).fill('Harbour Logistics');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Harbour warehouse', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add floor' }).click();
    const floorDialog = page.getByRole('dialog', { name: 'Add floor' });
    await floorDialog.getByRole('textbox', { name: /Floor name/ }).fill('Hall A');
    await floorDialog.getByRole('button', { name: 'Add floor' }).click();
    await page.getByRole('heading', { name: 'Hall A', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No floor plan yet' }).waitFor();
    await expectAccessible(page);
    await screenshotsOf(page, 'survey-floor-empty');

    await page.getByRole('button', { name: 'Upload floor plan' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload floor plan' });
    await upload.locator('input[type=file]').setInputFiles({ name: 'hall-a.pdf', mimeType: 'application/pdf', buffer: planPdf() });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Scale not set').waitFor({ timeout: 60_000 });
    const floorId = /\/floors\/([^/?]+)/.exec(page.url())![1]!;
    // The PDF's first page, rasterised on the server: its pixel size is the plan's coordinate space.
    const plan = (await api<{ items: { width: number; height: number }[] }>(page, 'GET', `/api/floors/${floorId}/floorplans`)).items[0]!;
    expect(plan.width).toBe(4096);
    const s = plan.width / 1000;

    // Scale: a line over the hall's 40 m from x = 100 to x = 900.
    await page.getByRole('button', { name: 'Set scale' }).click();
    const box = (await page.locator('.plan-stage').boundingBox())!;
    const at = (x: number, y: number) => ({ x: box.x + (x / 1000) * box.width, y: box.y + (y / 600) * box.height });
    await page.mouse.click(at(450, 500).x, at(450, 500).y);
    await page.mouse.click(at(520, 500).x, at(520, 500).y);
    await page.getByText('This line is short compared with the plan').waitFor();
    await page.mouse.click(at(100, 500).x, at(100, 500).y);
    await page.mouse.click(at(900, 500).x, at(900, 500).y);
    await page.getByRole('textbox', { name: 'Length in metres' }).fill('40');
    await page.getByRole('textbox', { name: 'Length in metres' }).press('Tab');
    // Where the building's metres start, for walks that come in metres.
    await page.getByText('Building coordinates').click();
    await page.getByRole('textbox', { name: 'Origin x (px)' }).fill('400');
    await page.getByRole('textbox', { name: 'Rotation (°)' }).fill('90');
    await page.getByRole('textbox', { name: 'Rotation (°)' }).press('Tab');
    await expectAccessible(page);
    await screenshotsOf(page, 'survey-calibration');
    await page.getByRole('button', { name: 'Save scale' }).click();
    await page.getByText(/Scale: 1 pixel = 1\.2 cm/).waitFor();
    const calibrated = (await api<{ items: { calibration: { origin: { x: number; y: number }; rotationDeg: number } }[] }>(page, 'GET', `/api/floors/${floorId}/floorplans`))
      .items[0]!;
    expect(calibrated.calibration).toMatchObject({ origin: { x: 400, y: 0 }, rotationDeg: 90 });

    await page.getByRole('button', { name: 'Import walk' }).click();
    const walk = page.getByRole('dialog', { name: 'Import walk' });
    await walk
      .locator('input[type=file]')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('time,x,y,technology,bssid,channel,signal\n0,10,10,wifi6,not-a-mac,36,-50\n') });
    await walk.getByRole('button', { name: 'Upload', exact: true }).click();
    await walk.getByText(/line 2, field "(bssid|networkId)"/).waitFor();
    await walk.locator('input[type=file]').setInputFiles({ name: 'hall-a-walk.csv', mimeType: 'text/csv', buffer: Buffer.from(walkCsv(s)) });
    await walk.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('radio', { name: /hall-a-walk/ }).waitFor();
    await page.getByRole('heading', { name: 'Primary signal' }).waitFor({ timeout: 60_000 });
    await page.locator('.track-item', { hasText: 'hall-a-walk' }).getByText('Processed').waitFor();

    // 20 m from every sample nothing is drawn: no colour where nobody measured.
    const track = (await api<{ items: { result: { grid: { cellSizeM: number; metresPerPixel: number } } }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`)).items[0]!;
    const { metresPerPixel, cellSizeM } = track.result.grid;
    expect((await drawnAt(page, { x: 360 * s + 20 / metresPerPixel, y: 320 * s }, metresPerPixel, cellSizeM)).rgba?.[3]).toBe(0);
    expect((await drawnAt(page, { x: 100 * s, y: 320 * s }, metresPerPixel, cellSizeM)).rgba?.[3]).toBe(255);
    expect(await readoutAt(page, { x: 900 * s, y: 100 * s }, plan)).toMatch(/Not measured here/);

    for (const view of [
      'Primary signal',
      'Secondary signal',
      'Signal-to-noise ratio',
      'Serving access points',
      'Co-channel interference',
      'Signal of one network',
      'Requirements',
    ]) {
      await page.getByRole('combobox', { name: 'View' }).selectOption({ label: view });
      await page.getByRole('heading', { name: view, level: 3 }).waitFor();
      await page.mouse.move(0, 0);
      await screenshotsOf(page, `survey-view-${view.toLowerCase().replace(/\W+/g, '-')}`);
    }
    await page.getByRole('radio', { name: 'Grid' }).click();
    await page.getByRole('radio', { name: 'Points' }).click();
    await page.locator('.walk-sample').first().waitFor();
    await expectAccessible(page);
  });

  it('shows a viewer the survey with nothing to change', async () => {
    const email = uniqueEmail('viewer');
    await api(page, 'POST', `/api/orgs/${orgId}/invite`, { email, role: 'viewer' });
    const mail = await lastOutboxMail(stack, email, /\/orgs\/join\?token=/);
    const viewer = await freshPage();
    await viewer.goto(/https?:\/\/\S+\/orgs\/join\?token=[\w-]+/.exec(mail)![0]);
    await viewer.getByRole('textbox', { name: 'First name' }).fill('Vera');
    await viewer.locator('input[type=password]').fill(PASSWORD);
    await viewer.getByRole('button', { name: 'Create account and join' }).click();
    await viewer.waitForURL(new RegExp(`/orgs/${orgId}/projects$`));
    const project = (await api<{ items: { id: string }[] }>(page, 'GET', `/api/orgs/${orgId}/projects?q=Demo`)).items[0]!;
    await viewer.goto(`${stack.url}/projects/${project.id}`);
    await viewer.getByRole('heading', { name: 'Demo office survey', level: 1 }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Add floor' }).count()).toBe(0);
    // Share links are for those who manage the project (project:shares:manage).
    expect(await viewer.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('textbox', { name: 'Minimum primary signal (dBm)' }).isDisabled()).toBe(true);
    await viewer.getByRole('link', { name: 'Ground floor' }).click();
    await viewer.getByRole('heading', { name: 'Primary signal' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Import walk' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Set scale' }).count()).toBe(0);
    await expectAccessible(viewer);
    await viewer.context().close();
  });
});
