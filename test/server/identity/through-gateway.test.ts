/**
 * The embedded identity service behind the real gateway, as `npm start` wires them: the browser
 * talks to the gateway's `/.ory` only, the session cookie the identity service sets reaches it,
 * and the gateway's `/bff/session` sees the same session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { PASSWORD, register, startFlow, submit } from './support/flows.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';
import { startHarness, ORIGIN, type Harness } from '../support/gateway.js';
import { startFakeApi } from '../support/fake-api.js';
import { listenFastify } from '../../support/listen.js';

let identity: TestIdentity;
let harness: Harness;
let gatewayUrl: string;

beforeAll(async () => {
  identity = await startTestIdentity({ options: { publicUrl: `${ORIGIN}/.ory`, uiUrl: ORIGIN, allowedReturnUrls: [ORIGIN] } });
  harness = await startHarness(
    { identityPublicUrl: identity.publicUrl },
    {},
    { identity: { url: identity.publicUrl, close: async () => undefined } as never, api: await startFakeApi('test-assertion-secret-that-is-long-enough') },
  );
  gatewayUrl = await listenFastify(harness.gateway);
});
afterAll(async () => {
  await harness?.close();
  await harness?.api.close();
  await identity?.stop();
});

describe('through the gateway', () => {
  it('registers, keeps the session cookie, and the gateway knows the session', async () => {
    const browser = new TestBrowser(`${gatewayUrl}/.ory`);
    const flow = await startFlow(browser, 'registration');
    expect(flow.ui.action).toBe(`${ORIGIN}/.ory/self-service/registration?flow=${flow.id}`);
    const address = `gateway-${Date.now()}@example.com`;
    const answer = await register(browser, address);
    expect(answer.status).toBe(200);
    expect(browser.cookies.get('ory_kratos_session')).toMatch(/^ory_st_/);

    const session = await new TestBrowser(gatewayUrl).send('GET', '/bff/session', undefined, { headers: { cookie: browser.cookieHeader() } });
    expect(session.status).toBe(200);
    expect(session.body.identity.traits.email).toBe(address);

    const logout = await browser.get('/self-service/logout/browser');
    const done = await browser.get(logout.body.logout_url.replace(ORIGIN, gatewayUrl));
    expect(done.status).toBe(204);
    const after = await new TestBrowser(gatewayUrl).send('GET', '/bff/session', undefined, { headers: { cookie: browser.cookieHeader() } });
    // Signed out is an answer: no session, no error.
    expect(after.status).toBe(200);
    expect(after.body).toBeNull();
  });

  it('rejects a browser form post without CSRF token through the gateway', async () => {
    const browser = new TestBrowser(`${gatewayUrl}/.ory`);
    const flow = await startFlow(browser, 'login');
    const answer = await submit(browser, 'login', { ...flow, ui: { ...flow.ui, nodes: [] } }, { method: 'password', identifier: 'a@example.com', password: PASSWORD });
    expect(answer.status).toBe(403);
  });
});
