/**
 * The fast lane (api-fast-lane.ts) answers cached API reads before Fastify sees them. These
 * tests hold it to the ordinary path's answer: the first read of a session takes the ordinary
 * path (its decision needs the identity host and the API), the next identical one the lane.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/gateway.js';

const METRICS_TOKEN = 'metrics-token-0123456789';
const alice = { token: 'alice-session-token', id: 'sess-alice', identityId: 'alice' };
const aliceCookie = `ory_kratos_session=${alice.token}`;

let h: Harness;
afterEach(() => h?.close());

async function start(overrides: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  h = await startHarness({ metricsToken: METRICS_TOKEN, ...overrides });
  h.identity.sessions.set(alice.token, alice);
  h.api.grant('alice', 'user', []);
  h.api.grant('alice', 'org:acme', ['org:read', 'org:devices:read']);
  return h;
}

async function laneAnswers(): Promise<number> {
  const res = await request(h.gateway.server).get('/bff/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
  return Number(/^sitewave_gateway_api_fast_lane_total (\d+)$/m.exec(res.text)?.[1]);
}

async function cacheLookups(cache: string): Promise<{ hit: number; miss: number }> {
  const res = await request(h.gateway.server).get('/bff/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
  const count = (result: string) => Number(new RegExp(`^sitewave_gateway_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)$`, 'm').exec(res.text)?.[1] ?? 0);
  return { hit: count('hit'), miss: count('miss') };
}

/** Everything of an answer a client could tell apart, less what differs per request by design. */
function comparable(res: request.Response) {
  const { date: _date, 'x-request-id': requestId, ...headers } = res.headers;
  const { 'x-request-id': forwardedId, ...forwarded } = res.body.headers as Record<string, string>;
  expect(forwardedId).toBe(requestId);
  return { status: res.status, headers, body: { ...res.body, headers: forwarded } };
}

describe('the API fast lane', () => {
  it('answers a cached read exactly as the ordinary path does', async () => {
    await start();
    const get = () => request(h.gateway.server).get('/api/orgs/acme/devices?page=2').set('cookie', aliceCookie).set('accept', 'application/json');
    const ordinary = await get();
    expect(await laneAnswers()).toBe(0);
    const lane = await get();
    expect(await laneAnswers()).toBe(1);

    expect(comparable(lane)).toEqual(comparable(ordinary));
    expect(lane.status).toBe(200);
    expect(lane.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(lane.headers['x-api-header']).toBe('kept');
    expect(lane.headers['set-cookie']).toBeUndefined();
    // The API learns who calls from the assertion alone: the session cookie never reaches it.
    expect(lane.body.assertion).toMatchObject({ sub: 'alice', sid: 'sess-alice', org: 'acme' });
    expect(lane.body.headers.cookie).toBeUndefined();
  });

  it('keeps a client-chosen request id and logs the read like any other', async () => {
    await start({ logLevel: 'info' });
    const get = () => request(h.gateway.server).get('/api/orgs/acme/devices').set('cookie', aliceCookie).set('x-request-id', 'trace-42');
    await get();
    const lane = await get();
    expect(await laneAnswers()).toBe(1);
    expect(lane.headers['x-request-id']).toBe('trace-42');
    expect(lane.body.headers['x-request-id']).toBe('trace-42');
    const lines = h.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request' && line.url === '/api/orgs/acme/devices');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatchObject({ reqId: 'trace-42', method: 'GET', group: 'api', status: 200 });
    expect(h.logs.join('')).not.toContain(alice.token);
  });

  it('forwards the client address Fastify would, behind a trusted proxy and without one', async () => {
    for (const [trustProxy, expected] of [
      [false, '127.0.0.1'],
      [true, '203.0.113.7'],
    ] as const) {
      await start({ trustProxy });
      const get = () => request(h.gateway.server).get('/api/orgs/acme/devices').set('cookie', aliceCookie).set('x-forwarded-for', '203.0.113.7');
      const ordinary = await get();
      const lane = await get();
      expect(await laneAnswers()).toBe(1);
      expect(ordinary.body.headers['x-forwarded-for']).toMatch(expected);
      expect(lane.body.headers['x-forwarded-for']).toBe(ordinary.body.headers['x-forwarded-for']);
      await h.close();
    }
  });

  it("leaves refusals and uncached decisions to the ordinary path, which finishes the lane's lookup", async () => {
    await start();
    const first = await request(h.gateway.server).get('/api/orgs/acme/devices').set('cookie', aliceCookie);
    expect(first.status).toBe(200);
    // The lane began the session lookup and handed it over: one lookup, not one per path.
    expect(await cacheLookups('session')).toEqual({ hit: 0, miss: 1 });
    expect(h.identity.whoamiCalls()).toBe(1);

    // A read that carries a body is rare and odd; the ordinary path knows how to stream it.
    const withBody = await request(h.gateway.server).get('/api/orgs/acme/devices').set('cookie', aliceCookie).set('content-type', 'application/json').send('{"q":1}');
    expect(withBody.status).toBe(200);
    expect(withBody.body.body).toBe('{"q":1}');

    const denied = await request(h.gateway.server).get('/api/orgs/other').set('cookie', aliceCookie);
    expect(denied.status).toBe(403);
    const again = await request(h.gateway.server).get('/api/orgs/other').set('cookie', aliceCookie);
    expect(again.status).toBe(403);
    expect(again.body.error.details.missing).toEqual(['org:read']);
    const anonymous = await request(h.gateway.server).get('/api/orgs/acme/devices');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
    // A write is never the lane's: this one fails the CSRF check, before any lookup.
    const write = await request(h.gateway.server).put('/api/orgs/acme').set('cookie', aliceCookie).send({ name: 'x' });
    expect(write.status).toBe(403);
    expect(await laneAnswers()).toBe(0);
    expect(await cacheLookups('session')).toEqual({ hit: 3, miss: 1 });
  });

  it('answers 502 in the error envelope when the API cannot be reached', async () => {
    await start();
    await request(h.gateway.server).get('/api/orgs/acme/devices').set('cookie', aliceCookie).expect(200);
    await h.api.close();
    const res = await request(h.gateway.server).get('/api/orgs/acme/devices').set('cookie', aliceCookie);
    expect(await laneAnswers()).toBe(1);
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.error).toMatchObject({ code: 502, reason: 'The API service could not be reached' });
  });
});
