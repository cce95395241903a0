/** SIGTERM: no new connections, requests in flight finish, the process exits cleanly. */
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeUpstreams, startGatewayProcess, type FakeUpstreams } from '../support/gateway-process.js';

let upstreams: FakeUpstreams;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  upstreams.identity.sessions.set('t', { token: 't', id: 's', identityId: 'u' });
});
afterAll(() => upstreams.close());

it('lets a request in flight finish, refuses new ones and exits 0', async () => {
  const gateway = await startGatewayProcess(upstreams.env);
  const { api } = upstreams;
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
