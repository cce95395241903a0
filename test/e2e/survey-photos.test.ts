/**
 * Photos on the floor plan in Debian's Chromium: a surveyor places a photo by clicking the plan
 * and another from the keyboard, captions one, finds them in the list under their walk, goes
 * through them in the lightbox, moves one by dragging its pin and one with the keyboard (the
 * stored position is read back from the API each time), and deletes one after confirming. Pins
 * stay on their place and keep their size as the plan zooms. A viewer sees the pins and the
 * photos but can change nothing. Every state is audited with axe-core and saved at desktop and
 * phone width, light and dark.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { lastOutboxMail, startStack, type Stack } from './support/stack.js';
import { screenshotOnFailure } from './support/failure-shots.js';

interface Photo {
  id: string;
  trackId: string | null;
  x: number;
  y: number;
  caption: string;
}

let stack: Stack;
let browser: Browser;
let page: Page;
let orgId: string;
let floorUrl: string;
let floorId: string;
let plan: { width: number; height: number };

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
}, 90_000);
screenshotOnFailure('photos', () => ({ '': page }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A small photograph of a ceiling with an access point on it, as a phone would take one. */
function ceilingPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e4da"/><stop offset="1" stop-color="#b9b2a6"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <rect x="0" y="430" width="800" height="170" fill="#8c8276"/>
    <rect x="520" y="250" width="120" height="260" fill="#6b5a48"/>
    <circle cx="330" cy="180" r="70" fill="#f7f7f5" stroke="#c9c9c4" stroke-width="6"/>
    <circle cx="330" cy="180" r="10" fill="#4caf50"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function floorPhotos(p: Page): Promise<Photo[]> {
  return (await api<{ items: Photo[] }>(p, 'GET', `/api/floors/${floorId}/photos`)).items;
}

/** The screen point of a plan point, and how many plan pixels one screen pixel is, at the current zoom. */
async function onScreen(p: Page, at: { x: number; y: number }) {
  const box = (await p.locator('.plan-stage').boundingBox())!;
  const planPerScreen = plan.width / box.width;
  return { x: box.x + at.x / planPerScreen, y: box.y + at.y / planPerScreen, planPerScreen };
}

/** The tip of a pin: the bottom centre of its button. */
async function tipOf(pin: Locator) {
  const box = (await pin.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height, width: box.width, height: box.height };
}

/** The plan point under the cross a keyboard user aims with: the centre of the plan's frame, inside its border. */
async function aimed(p: Page) {
  const centre = await p.evaluate<{ x: number; y: number }>(`(() => { const f = document.querySelector('.plan-frame'); const r = f.getBoundingClientRect();
    return { x: r.left + f.clientLeft + f.clientWidth / 2, y: r.top + f.clientTop + f.clientHeight / 2 }; })()`);
  const box = (await p.locator('.plan-stage').boundingBox())!;
  const planPerScreen = plan.width / box.width;
  return { x: (centre.x - box.x) * planPerScreen, y: (centre.y - box.y) * planPerScreen, planPerScreen };
}

/**
 * Screenshots at every width, then two frames for the plan to fit itself to the restored width
 * again (it does so from a resize observer, a frame after the resize), so no later step aims at a
 * plan that is about to move.
 */
async function screenshotsSettled(p: Page, name: string) {
  await screenshotsOf(p, name);
  await p.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))`);
}

const planHasFocus = (p: Page) => p.evaluate(`document.activeElement?.classList.contains('plan-frame') ?? false`);
/** The newest toast saying this (an earlier one may still be showing). */
const toast = (p: Page, text: string) => p.getByRole('status').filter({ hasText: text }).last().waitFor();
const pins = (p: Page) => p.locator('.plan-markers');
const notice = (p: Page) => p.locator('.photo-notice');
const list = (p: Page) => p.locator('.photo-list');

async function upload(p: Page, caption: string | null) {
  const dialog = p.getByRole('dialog', { name: 'Add photo' });
  await dialog.waitFor();
  if (caption !== null) await dialog.getByRole('textbox', { name: 'Caption' }).fill(caption);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'ceiling.jpg', mimeType: 'image/jpeg', buffer: await ceilingPhoto() });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await toast(p, 'Photo added.');
}

describe('photos on the floor plan', () => {
  it('places photos by click and by keyboard, with a caption, under their walk, at any zoom', async () => {
    page = await newAppPage(browser);
    await register(page, stack, uniqueEmail('photographer'));
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/orgs\/[^/]+\/projects$/);
    orgId = /\/orgs\/([^/]+)\/projects/.exec(page.url())![1]!;
    await page.getByRole('tab', { name: 'All projects' }).click();
    await page.getByRole('rowheader', { name: 'Demo office survey' }).click();
    await page.getByRole('link', { name: 'Ground floor' }).click();
    await page.locator('canvas.heatmap-canvas').waitFor();
    floorUrl = page.url();
    floorId = /\/floors\/([^/?]+)/.exec(floorUrl)![1]!;
    const tracks = await api<{ items: { id: string; name: string; floorplanId: string }[] }>(page, 'GET', `/api/floors/${floorId}/tracks`);
    const shownWalk = await page.locator('.track-item[data-selected] .track-name').innerText();
    const walk = tracks.items.find((track) => track.name === shownWalk)!;
    plan = await api<{ width: number; height: number }>(page, 'GET', `/api/floorplans/${walk.floorplanId}`);
    await list(page).getByText('No photos on this floor yet.').waitFor();

    // By pointer: Add photo, then a click where the photo was taken.
    await page.getByRole('button', { name: 'Add photo' }).click();
    await notice(page).getByText('Click the plan where the photo was taken.').waitFor();
    await expectAccessible(page);
    await screenshotsSettled(page, 'photos-placing');
    const first = { x: plan.width * 0.3, y: plan.height * 0.45 };
    const click = await onScreen(page, first);
    await page.mouse.click(click.x, click.y);
    const dialog = page.getByRole('dialog', { name: 'Add photo' });
    await dialog.getByRole('button', { name: /Walk/ }).getByText(walk.name).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'ceiling.jpg', mimeType: 'image/jpeg', buffer: await ceilingPhoto() });
    await expectAccessible(page);
    await screenshotsSettled(page, 'photos-upload');
    await upload(page, 'Access point above the stairs');
    expect(await notice(page).count()).toBe(0);

    const [stored] = await floorPhotos(page);
    expect(stored).toMatchObject({ caption: 'Access point above the stairs', trackId: walk.id });
    // Where the click was, within the pixel the pointer can hit.
    expect(Math.abs(stored!.x - first.x)).toBeLessThanOrEqual(click.planPerScreen);
    expect(Math.abs(stored!.y - first.y)).toBeLessThanOrEqual(click.planPerScreen);

    // The pin's tip is on the place, and stays there at the same size as the plan zooms and pans.
    const pin = pins(page).getByRole('button', { name: 'Photo 1: Access point above the stairs' });
    const fitted = await tipOf(pin);
    const place = await onScreen(page, stored!);
    expect(Math.abs(fitted.x - place.x)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(fitted.y - place.y)).toBeLessThanOrEqual(1.5);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.locator('.plan-frame').focus();
    await page.keyboard.press('ArrowLeft');
    const zoomed = await tipOf(pin);
    const expected = await onScreen(page, stored!);
    expect(expected.planPerScreen).toBeLessThan(click.planPerScreen / 1.5);
    expect(Math.abs(zoomed.x - expected.x)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(zoomed.y - expected.y)).toBeLessThanOrEqual(1.5);
    expect([zoomed.width, zoomed.height]).toEqual([fitted.width, fitted.height]);
    await page.getByRole('button', { name: 'Fit the plan' }).click();

    // By keyboard: Add photo with Enter, the plan takes the focus, arrows move it under the cross, Enter places.
    await page.getByRole('button', { name: 'Add photo' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => planHasFocus(page)).toBe(true);
    await page.locator('.plan-aim').waitFor();
    const fittedAim = await aimed(page);
    await page.keyboard.press('ArrowRight');
    const aim = await aimed(page);
    // The plan moved 60 px left under the cross.
    expect(Math.abs(aim.x - (fittedAim.x + 60 * aim.planPerScreen))).toBeLessThanOrEqual(0.5);
    await page.keyboard.press('Enter');
    await upload(page, null);
    const second = (await floorPhotos(page)).find((p) => p.id !== stored!.id)!;
    expect(second.caption).toBe('');
    expect(Math.abs(second.x - aim.x)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(second.y - aim.y)).toBeLessThanOrEqual(0.1);

    // Listed under the walk they were taken on, numbered as on the plan.
    const group = list(page).locator('.photo-group', { has: page.getByRole('heading', { name: walk.name, level: 4 }) });
    await group.getByRole('button', { name: 'Photo 1: Access point above the stairs' }).waitFor();
    await group.getByRole('button', { name: 'Photo 2' }).waitFor();
    await pins(page).getByRole('button', { name: 'Photo 2', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshotsSettled(page, 'photos-pinned');
  });

  it('shows a photo large, captions it, and goes to the previous and next', async () => {
    await pins(page).getByRole('button', { name: 'Photo 1: Access point above the stairs' }).click();
    let lightbox = page.getByRole('dialog', { name: 'Photo 1: Access point above the stairs' });
    await lightbox.waitFor();
    await lightbox.getByRole('img', { name: 'Access point above the stairs' }).waitFor();
    await expect
      .poll(() => page.evaluate(`(() => { const img = document.querySelector('[role=dialog] img.photo-image'); return img.complete ? img.naturalWidth : 0; })()`))
      .toBe(800);
    await lightbox.getByText('Photo 1 of 2').waitFor();

    await lightbox.getByRole('textbox', { name: 'Caption' }).fill('Access point above the stairs, north wall');
    await lightbox.getByRole('button', { name: 'Save caption' }).click();
    await toast(page, 'Caption saved.');
    lightbox = page.getByRole('dialog', { name: 'Photo 1: Access point above the stairs, north wall' });
    await lightbox.waitFor();
    expect((await floorPhotos(page)).map((p) => p.caption).sort()).toEqual(['', 'Access point above the stairs, north wall']);
    await expectAccessible(page);
    await screenshotsSettled(page, 'photos-lightbox');

    await lightbox.getByRole('button', { name: 'Next photo' }).click();
    await page.getByRole('dialog', { name: 'Photo 2', exact: true }).getByText('Photo 2 of 2').waitFor();
    await page.getByRole('dialog', { name: 'Photo 2', exact: true }).getByRole('button', { name: 'Next photo' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: 'Photo 1: Access point above the stairs, north wall' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('moves a pin by dragging it, and another from the keyboard', async () => {
    const [one, two] = await Promise.all(
      ['Photo 1: Access point above the stairs, north wall', 'Photo 2'].map(async (name) => pins(page).getByRole('button', { name, exact: true })),
    );
    const before = (await floorPhotos(page)).find((p) => p.caption !== '')!;
    const box = (await one!.boundingBox())!;
    const tip = await tipOf(one!);
    const { planPerScreen } = await onScreen(page, before);
    // Grabbed by its head and carried 120 px right and 60 px down: the tip moves as much.
    await page.mouse.move(box.x + box.width / 2, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + 40, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + 70, { steps: 5 });
    await page.mouse.up();
    await toast(page, 'Photo moved.');
    const dragged = (await floorPhotos(page)).find((p) => p.id === before.id)!;
    expect(Math.abs(dragged.x - (before.x + 120 * planPerScreen))).toBeLessThanOrEqual(planPerScreen);
    expect(Math.abs(dragged.y - (before.y + 60 * planPerScreen))).toBeLessThanOrEqual(planPerScreen);
    const moved = await tipOf(one!);
    expect(Math.abs(moved.x - (tip.x + 120))).toBeLessThanOrEqual(1.5);
    expect(Math.abs(moved.y - (tip.y + 60))).toBeLessThanOrEqual(1.5);
    // A drag is not a click: no lightbox opened.
    expect(await page.getByRole('dialog').count()).toBe(0);

    // From the keyboard: open the photo from the list, Move on the plan, arrows, Enter.
    const secondBefore = (await floorPhotos(page)).find((p) => p.caption === '')!;
    await list(page).getByRole('button', { name: 'Photo 2' }).focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'Photo 2', exact: true });
    await lightbox.getByRole('button', { name: 'Move on the plan' }).focus();
    await page.keyboard.press('Enter');
    await lightbox.waitFor({ state: 'detached' });
    await notice(page).getByText('Moving Photo 2. Click its new place on the plan.').waitFor();
    await expect.poll(() => planHasFocus(page)).toBe(true);
    await expect.poll(() => two!.getAttribute('data-state')).toBe('moving');
    await expectAccessible(page);
    await screenshotsSettled(page, 'photos-moving');
    const start = await aimed(page);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const target = await aimed(page);
    // The plan moved down two steps of 60 px, so the cross is as much higher on it.
    expect(Math.abs(target.y - (start.y - 120 * target.planPerScreen))).toBeLessThanOrEqual(0.5);
    await page.keyboard.press('Enter');
    await toast(page, 'Photo moved.');
    await expect
      .poll(async () => {
        const after = (await floorPhotos(page)).find((p) => p.id === secondBefore.id)!;
        return Math.max(Math.abs(after.x - target.x), Math.abs(after.y - target.y));
      })
      .toBeLessThanOrEqual(0.1);
    await expect.poll(() => notice(page).count()).toBe(0);
  });

  it('deletes a photo after confirming', async () => {
    await list(page).getByRole('button', { name: 'Photo 2' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Photo 2', exact: true });
    await lightbox.getByRole('button', { name: 'Delete photo' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this photo?' });
    await confirm.getByText('Photo 2 is removed from the plan and deleted.').waitFor();
    await expectAccessible(page);
    await screenshotsSettled(page, 'photos-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await floorPhotos(page)).toHaveLength(2);
    await lightbox.getByRole('button', { name: 'Delete photo' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }).click();
    await toast(page, 'Photo deleted.');
    // The lightbox goes on to the photo that is left.
    await page.getByRole('dialog', { name: 'Photo 1: Access point above the stairs, north wall' }).waitFor();
    expect((await floorPhotos(page)).map((p) => p.caption)).toEqual(['Access point above the stairs, north wall']);
    await page.keyboard.press('Escape');
    await expect.poll(() => pins(page).getByRole('button').count()).toBe(1);
    await expect.poll(() => list(page).getByRole('button').count()).toBe(1);
  });

  it('shows a viewer the photos with nothing to change', async () => {
    const email = uniqueEmail('photo-viewer');
    await api(page, 'POST', `/api/orgs/${orgId}/invite`, { email, role: 'viewer' });
    const mail = await lastOutboxMail(stack, email, /\/orgs\/join\?token=/);
    const viewer = await newAppPage(browser);
    await viewer.goto(/https?:\/\/\S+\/orgs\/join\?token=[\w-]+/.exec(mail)![0]);
    await viewer.getByRole('textbox', { name: 'First name' }).fill('Vera');
    await viewer.locator('input[type=password]').fill(PASSWORD);
    await viewer.getByRole('button', { name: 'Create account and join' }).click();
    await viewer.waitForURL(new RegExp(`/orgs/${orgId}/projects$`));
    await viewer.goto(floorUrl);
    await viewer.locator('canvas.heatmap-canvas').waitFor();
    const [photo] = await floorPhotos(viewer);
    const pin = pins(viewer).getByRole('button', { name: 'Photo 1: Access point above the stairs, north wall' });
    await pin.waitFor();
    expect(await viewer.getByRole('button', { name: 'Add photo' }).count()).toBe(0);

    // Dragging a pin does nothing for a viewer; the API refuses a move too.
    const box = (await pin.boundingBox())!;
    await viewer.mouse.move(box.x + box.width / 2, box.y + 10);
    await viewer.mouse.down();
    await viewer.mouse.move(box.x + 100, box.y + 80, { steps: 5 });
    await viewer.mouse.up();
    await expect(api(viewer, 'PUT', `/api/photos/${photo!.id}`, { x: 1, y: 1 })).rejects.toThrow(/answered 403/);
    await expect(api(viewer, 'DELETE', `/api/photos/${photo!.id}`)).rejects.toThrow(/answered 403/);
    expect(await floorPhotos(viewer)).toEqual([photo]);

    await pin.click();
    const lightbox = viewer.getByRole('dialog', { name: 'Photo 1: Access point above the stairs, north wall' });
    await lightbox.getByText('Access point above the stairs, north wall', { exact: true }).waitFor();
    expect(await lightbox.getByRole('textbox').count()).toBe(0);
    expect(await lightbox.getByRole('button', { name: 'Delete photo' }).count()).toBe(0);
    expect(await lightbox.getByRole('button', { name: 'Move on the plan' }).count()).toBe(0);
    await expectAccessible(viewer);
    await screenshotsOf(viewer, 'photos-viewer-lightbox');
    await viewer.context().close();
  });
});
