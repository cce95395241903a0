/** SIGTERM: no new connections, requests in flight finish, the process exits cleanly. */
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../support/fake-api.js';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.js';
import { SECRET } from '../support/gateway.js';
import { startGatewayProcess } from '../support/gateway-process.js';

let identity: FakeIdentity;
let api: FakeApi;

beforeAll(async () => {
  identity = await startFakeIdentity();
  api = await startFakeApi(SECRET);
  identity.sessions.set('t', { token: 't', id: 's', identityId: 'u' });
});
afterAll(async () => {
  await identity.close();
  await api.close();
});

it('lets a request in flight finish, refuses new ones and exits 0', async () => {
  const gateway = await startGatewayProcess({ IDENTITY_PUBLIC_URL: identity.url, API_URL: api.url, ASSERTION_SECRET: SECRET });
  api.echoDelayMs = 800;
  try {
    const inFlight = undiciRequest(`${gateway.url}/api/orgs`, { headers: { 'x-session-token': 't' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = gateway.stop();

    const answer = await inFlight;
    expect(answer.statusCode).toBe(200);
    expect(((await answer.body.json()) as { url: string }).url).toBe('/api/orgs');

    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${gateway.url}/bff/health`)).rejects.toThrow();
    expect(await exited).toBe(0);
  } finally {
    api.echoDelayMs = 0;
    gateway.child.kill('SIGKILL');
  }
}, 30_000);
