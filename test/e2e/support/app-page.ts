/**
 * Steps of the signed-in application for browser journeys: API calls made from the page itself
 * (its session cookie and XSRF pair, exactly as the client sends them), an axe-core audit of the
 * page, and screenshots at desktop and phone widths in light and dark.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, TAKE_SCREENSHOTS } from './account-page.js';

export async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      // Runs in the page; this file is compiled without the DOM's types.
      const { cookie } = (globalThis as unknown as { document: { cookie: string } }).document;
      const xsrf = cookie
        .split('; ')
        .find((c: string) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  if (result.status >= 300) throw new Error(`${method} ${path} answered ${result.status}: ${result.text}`);
  return (result.text ? JSON.parse(result.text) : undefined) as T;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.x A and AA).
 * react-aria's live announcer is left out: it holds, for a few seconds, announcements of a
 * button's pending state that point at the button by id, which axe cannot read once that
 * button (in a closed dialog, say) is gone; it is not content of the page.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const page = globalThis as unknown as { document: unknown; axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: AxeViolation[] }> } };
    const result = await page.axe.run({ exclude: [['[data-live-announcer]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * With SCREENSHOTS=1: screenshots at 1280×800 and 360×740, light and dark; the viewport is restored
 * afterwards. Reduced motion while taking them (the product then switches transitions off): a
 * button caught halfway from its light to its dark colour is not what anyone sees.
 */
export async function screenshotsOf(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  const viewport = page.viewportSize();
  for (const [suffix, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await screenshot(page, `${name}-${suffix}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * The audit in light and in dark, since contrast differs between them. Transitions are switched
 * off first: a colour caught halfway from light to dark is not what anyone reads.
 */
export async function auditLightAndDark(page: Page): Promise<AxeViolation[]> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const found: AxeViolation[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    found.push(...(await seriousViolations(page)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** A page with its own cookies and storage, at desktop size, in English: what each journey starts from. */
export async function newAppPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, bypassCSP: true });
  return context.newPage();
}

const described = (found: AxeViolation[]) => found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Fails naming every serious or critical axe finding, in light and in dark. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(described(await auditLightAndDark(page))).toEqual([]);
}

/**
 * The same audit at phone width (360×740), where wide tables scroll sideways and must be
 * reachable from the keyboard; the viewport is restored afterwards.
 */
export async function expectAccessibleAtPhoneWidth(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    expect(described(await auditLightAndDark(page))).toEqual([]);
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

/** Headings that skip no level (axe's `heading-order`, a moderate finding the audit above leaves out). */
export async function expectHeadingsInOrder(page: Page): Promise<void> {
  await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    const page = globalThis as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: AxeViolation[] }> } };
    const result = await page.axe.run({ exclude: [['[data-live-announcer]']] }, { runOnly: { type: 'rule', values: ['heading-order'] } });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
  });
  expect(described(found)).toEqual([]);
}
