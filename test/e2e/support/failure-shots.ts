/** A failed step leaves a picture of each page it used, where it stopped (test-artifacts/screenshots/failed-…). */
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { screenshot } from './account-page.js';

/** Call at the top of a journey file; `pages` names the pages its steps drive ('' for the main one). */
export function screenshotOnFailure(area: string, pages: () => Record<string, Page | undefined>): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const step = context.task.name.slice(0, 40).replace(/\W+/g, '-');
    for (const [who, page] of Object.entries(pages())) {
      if (page) await screenshot(page, ['failed', area, who, step].filter(Boolean).join('-'));
    }
  });
}
