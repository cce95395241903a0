/**
 * GATEWAY_WORKERS=2: two gateway processes share the port. A session costs one whoami call for
 * both, and a logout through one of them reaches the other's cache and the primary's.
 */
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeUpstreams, startGatewayProcess, type FakeUpstreams, type GatewayProcess } from '../support/gateway-process.js';

let upstreams: FakeUpstreams;
let gateway: GatewayProcess;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  upstreams.identity.sessions.set('w-token', { token: 'w-token', id: 'sess-w', identityId: 'w' });
  gateway = await startGatewayProcess({ ...upstreams.env, GATEWAY_WORKERS: '2' });
}, 30_000);

afterAll(async () => {
  expect(await gateway.stop()).toBe(0);
  await upstreams.close();
});

/** One request on a fresh connection: the cluster hands connections to workers in turn. */
async function status(path: string, method: 'GET' | 'DELETE' = 'GET'): Promise<number> {
  const res = await undiciRequest(`${gateway.url}${path}`, {
    method,
    headers: { 'x-session-token': 'w-token', connection: 'close' },
    reset: true,
  });
  await res.body.dump();
  return res.statusCode;
}

it('validates a session once for all workers and ends it on every worker at logout', async () => {
  const warm = await Promise.all(Array.from({ length: 6 }, () => status('/api/orgs')));
  expect(warm).toEqual([200, 200, 200, 200, 200, 200]);
  // Both workers served it, from one whoami call made by the primary for both.
  expect(upstreams.identity.whoamiCalls()).toBe(1);

  expect(await status('/.ory/self-service/logout/api', 'DELETE')).toBe(204);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const after = await Promise.all(Array.from({ length: 6 }, () => status('/api/orgs')));
  expect(after).toEqual([401, 401, 401, 401, 401, 401]);
}, 30_000);
