import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../../server/identity/maintenance.js';
import { TestBrowser } from './support/browser.js';
import { startFlow } from './support/flows.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

describe('housekeeping', () => {
  it('answers "expired" for a day, then forgets the flow', async () => {
    const browser = new TestBrowser(identity.publicUrl);
    const flow = await startFlow(browser, 'login');
    identity.clock.advance(2 * 60 * 60_000);
    expect((await sweepExpired(identity.service.context)).flows).toBe(0);
    expect((await browser.get(`/self-service/login/flows?id=${flow.id}`)).status).toBe(410);
    identity.clock.advance(24 * 60 * 60_000);
    try {
      expect((await sweepExpired(identity.service.context)).flows).toBeGreaterThanOrEqual(1);
      expect((await browser.get(`/self-service/login/flows?id=${flow.id}`)).status).toBe(404);
    } finally {
      identity.clock.advance(-26 * 60 * 60_000);
    }
  });
});
