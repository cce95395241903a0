/**
 * The API host dies with SIGKILL while a few dozen browsers are using it: every request in
 * flight must end as a 502/504 in the error envelope (not a hang, not a dropped connection),
 * the gateway must stay up and say it is not ready, and traffic must come back within a
 * second of the API listening again on the same port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/listen.js';
import { startApiProcess, type ApiProcess, type ApiProcessOptions } from '../support/api-process.js';
import { SECRET, startHarness, type Harness } from '../support/gateway.js';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.js';

const CONCURRENCY = 40;
const COOKIE = 'ory_kratos_session=ann-token';

interface Outcome {
  status: number;
  body: unknown;
}

describe('the API killed under load', () => {
  let identity: FakeIdentity;
  let h: Harness;
  let gatewayUrl: string;
  let api: ApiProcess;
  let apiOptions: ApiProcessOptions;

  beforeAll(async () => {
    identity = await startFakeIdentity();
    identity.sessions.set('ann-token', { token: 'ann-token', id: 'sess-ann', identityId: 'ann' });
    // The echo answers after 300 ms so that, at any moment, every browser has a request in flight.
    apiOptions = { port: await freePort(), secret: SECRET, grants: [['ann', 'user', []]], echoDelayMs: 300 };
    api = await startApiProcess(apiOptions);
    // Overload shedding is another test's subject: a busy test machine must not turn answers into 503s here.
    h = await startHarness({ apiUrl: api.url, upstreamTimeoutMs: 3_000 }, { maxEventLoopDelayMs: 5_000 }, { identity });
    gatewayUrl = await h.gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await api?.kill();
    await h?.close();
    await identity?.close();
  });

  const get = async (path: string): Promise<Outcome> => {
    const res = await fetch(`${gatewayUrl}${path}`, { headers: { cookie: COOKIE } });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  it('ends the requests in flight as 502/504 envelopes, stays up, reports it and recovers within 1 s', async () => {
    expect((await get('/api/orgs')).status).toBe(200);
    expect((await get('/bff/ready')).status).toBe(200);

    // Load: each browser sends its next request as soon as the previous one answered.
    let phase = 'before' as 'before' | 'down' | 'back';
    let stop = false;
    const outcomes: { phase: typeof phase; outcome: Outcome; ms: number }[] = [];
    const browser = async () => {
      while (!stop) {
        const startedIn = phase;
        const started = performance.now();
        const outcome = await get('/api/orgs').catch((error: unknown) => ({ status: 0, body: String(error) }));
        outcomes.push({ phase: startedIn, outcome, ms: performance.now() - started });
        // A client backs off after a failure (the web client waits 1 s); 100 ms keeps the pressure on.
        if (outcome.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const browsers = Array.from({ length: CONCURRENCY }, browser);

    // Every browser has been served once (connections warm) and has its next request in flight.
    while (outcomes.length < CONCURRENCY) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const beforeKill = outcomes.filter((o) => o.outcome.status === 200).length;
    await api.kill();
    phase = 'down';

    // Everything that was in flight has answered by now (the echo takes 300 ms).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const health = await get('/bff/health');
    const ready = await get('/bff/ready');
    expect(health.status).toBe(200);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', upstreams: { API: { ok: false }, identity: { ok: true } } });

    api = await startApiProcess(apiOptions);
    phase = 'back';
    const backAt = api.listeningAt;
    let firstOkAfterBack = Infinity;
    while (performance.now() - backAt < 3_000) {
      const probe = await get('/api/orgs');
      if (probe.status === 200) {
        firstOkAfterBack = performance.now() - backAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    stop = true;
    await Promise.all(browsers);

    expect(beforeKill).toBeGreaterThanOrEqual(CONCURRENCY);
    const failed = outcomes.filter((o) => o.outcome.status !== 200);
    // The browsers that were waiting on the API when it died got an answer, not a reset.
    expect(failed.length).toBeGreaterThanOrEqual(CONCURRENCY);
    for (const { outcome } of failed) {
      expect([502, 504]).toContain(outcome.status);
      expect(outcome.body).toMatchObject({
        error: { code: outcome.status, status: expect.any(String), reason: expect.stringMatching(/API service/), message: expect.any(String) },
      });
    }
    // Nothing waited for the upstream timeout: a dead API is refused, not waited for.
    expect(Math.max(...failed.map((o) => o.ms))).toBeLessThan(3_000);
    expect(firstOkAfterBack).toBeLessThan(1_000);
    // Once back, the browsers' own traffic is served again.
    const lastRound = outcomes.slice(-CONCURRENCY);
    expect(lastRound.every((o) => o.outcome.status === 200)).toBe(true);
    expect((await get('/bff/ready')).status).toBe(200);
  });
});
