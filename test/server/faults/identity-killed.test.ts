/**
 * The identity host dies. People already signed in keep working from the gateway's caches
 * until the session cache's TTL runs out; anyone signing in gets an error the account UI shows
 * as its error card; and when the host is not dead but frozen (accepts, never answers), nothing
 * waits longer than UPSTREAM_TIMEOUT.
 */
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenServer } from '../../support/listen.js';
import { startFakeApi, type FakeApi } from '../support/fake-api.js';
import { startFakeIdentity } from '../support/fake-identity.js';
import { SECRET, startHarness } from '../support/gateway.js';

const TTL_MS = 60_000;
// Overload shedding is another test's subject: a busy test machine must not turn answers into 503s here.
const CALM = { maxEventLoopDelayMs: 5_000 };
const COOKIE = 'ory_kratos_session=ann-token';

describe('the identity host killed', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi(SECRET);
    api.grant('ann', 'user', []);
  });
  afterAll(() => api.close());

  it('keeps signed-in people working until the session cache TTL, then answers 502 at once', async () => {
    const identity = await startFakeIdentity();
    identity.sessions.set('ann-token', { token: 'ann-token', id: 'sess-ann', identityId: 'ann' });
    const h = await startHarness({ sessionCacheTtlMs: TTL_MS }, CALM, { identity, api });
    try {
      expect((await request(h.gateway.server).get('/api/orgs').set('cookie', COOKIE)).status).toBe(200);
      expect((await request(h.gateway.server).get('/bff/session').set('cookie', COOKIE)).status).toBe(200);
      await identity.close();

      h.clock.advance(TTL_MS - 1_000);
      expect((await request(h.gateway.server).get('/api/orgs').set('cookie', COOKIE)).status).toBe(200);
      expect((await request(h.gateway.server).get('/bff/session').set('cookie', COOKIE)).status).toBe(200);

      h.clock.advance(2_000);
      const started = performance.now();
      const expired = await request(h.gateway.server).get('/api/orgs').set('cookie', COOKIE);
      expect(expired.status).toBe(502);
      expect(expired.body.error).toMatchObject({ code: 502, status: 'Bad Gateway', reason: expect.stringMatching(/identity service could not be reached/) });
      expect(performance.now() - started).toBeLessThan(1_000);
      // Not a 401: the person is not signed out by an outage, the page says the service is down.
      const session = await request(h.gateway.server).get('/bff/session').set('cookie', COOKIE);
      expect(session.status).toBe(502);
    } finally {
      await h.close();
    }
  });

  // test/web/identity-outage.test.tsx shows the login card turning this answer into its error card.
  it('answers a sign-in with a 502 in the error envelope', async () => {
    const identity = await startFakeIdentity();
    const h = await startHarness({}, CALM, { identity, api });
    try {
      await identity.close();
      const res = await request(h.gateway.server).get('/.ory/self-service/login/browser').set('accept', 'application/json');
      expect(res.status).toBe(502);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: { code: 502, status: 'Bad Gateway', reason: 'The identity service could not be reached', message: expect.any(String) } });
    } finally {
      await h.close();
    }
  });

  it('waits for a frozen identity host no longer than UPSTREAM_TIMEOUT', async () => {
    // A process stopped mid-flight: the kernel still accepts connections, nothing ever answers.
    const sockets = new Set<net.Socket>();
    const frozen = net.createServer((socket) => sockets.add(socket));
    const url = await listenServer(frozen);
    const timeoutMs = 500;
    const h = await startHarness({ identityPublicUrl: url, upstreamTimeoutMs: timeoutMs }, CALM, { api });
    try {
      const calls = [
        request(h.gateway.server).get('/api/orgs').set('cookie', COOKIE),
        request(h.gateway.server).get('/bff/session').set('cookie', COOKIE),
        request(h.gateway.server).get('/.ory/self-service/login/browser').set('accept', 'application/json'),
        request(h.gateway.server).post('/.ory/self-service/login?flow=f-1').set('accept', 'application/json').send({ method: 'password' }),
      ];
      const started = performance.now();
      const answers = await Promise.all(calls.map(async (call) => ({ res: await call, ms: performance.now() - started })));
      for (const { res, ms } of answers) {
        expect(res.status).toBe(504);
        expect(res.body.error).toMatchObject({ code: 504, reason: expect.stringMatching(/identity service did not answer in time/) });
        expect(ms).toBeLessThan(timeoutMs + 1_000);
      }
      // A load balancer's readiness probe is no exception.
      const readyStarted = performance.now();
      const ready = await request(h.gateway.server).get('/bff/ready');
      expect(performance.now() - readyStarted).toBeLessThan(timeoutMs + 1_000);
      expect(ready.status).toBe(503);
      expect(ready.body.upstreams.identity).toMatchObject({ ok: false });
    } finally {
      await h.close();
      for (const socket of sockets) socket.destroy();
      frozen.close();
    }
  });
});
