/** IDENTITY_REQUIRE_VERIFIED_ADDRESS: no session until the address is verified. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { login, register, submit } from './support/flows.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';
import { lastCode } from './support/mailbox.js';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ options: { requireVerifiedAddress: true } });
});
afterAll(async () => identity?.stop());

describe('with a verified address required', () => {
  it('signs up without signing in, refuses sign-in with 4000010, and allows it once verified', async () => {
    const address = `verify-first-${Date.now()}@example.com`;
    const b = new TestBrowser(identity.publicUrl);
    const registered = await register(b, address);
    expect(registered.status).toBe(200);
    expect(registered.body.session).toBeUndefined();
    expect(registered.body.identity.traits.email).toBe(address);
    expect(b.cookies.has('ory_kratos_session')).toBe(false);

    const refused = await login(new TestBrowser(identity.publicUrl), address);
    expect(refused.status).toBe(400);
    expect(refused.body.ui.messages[0].id).toBe(4000010);

    const verification = (await b.get(`/self-service/verification/flows?id=${registered.body.continue_with[0].flow.id}`)).body;
    await submit(b, 'verification', verification, { method: 'code', code: await lastCode(identity, address) });
    expect((await login(new TestBrowser(identity.publicUrl), address)).status).toBe(200);
  });
});
