/**
 * Two gateway instances behind one (imaginary) load balancer share nothing but Redis: a
 * logout or role change through one must reach the other's caches.
 */
import { randomInt } from 'node:crypto';
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi } from '../support/fake-api.js';
import { startFakeIdentity } from '../support/fake-identity.js';
import { browserWrite, SECRET, startHarness, type Harness } from '../support/gateway.js';
import { REDIS_URL, redisAvailable } from '../support/redis.js';

async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const available = await redisAvailable();

describe.runIf(available)('two gateway instances with Redis', () => {
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    const identity = await startFakeIdentity();
    const api = await startFakeApi(SECRET);
    a = await startHarness({ redisUrl: REDIS_URL }, {}, { identity, api });
    b = await startHarness({ redisUrl: REDIS_URL }, {}, { identity, api });
    for (const name of ['ann', 'ben']) {
      identity.sessions.set(`${name}-token`, { token: `${name}-token`, id: `sess-${name}`, identityId: name });
      api.grant(name, 'user', []);
    }
    api.grant('ann', 'org:acme', ['org:read', 'org:users:manage']);
    api.grant('ben', 'org:acme', ['org:read']);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await a.identity.close();
    await a.api.close();
  });

  it('a logout through one instance ends the session on the other', async () => {
    const cookie = 'ory_kratos_session=ann-token';
    expect((await request(a.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(200);
    expect((await request(b.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(200);

    const logout = await request(a.gateway.server).get('/.ory/self-service/logout?token=logout-sess-ann').set('cookie', cookie);
    expect(logout.status).toBe(303);
    await eventually(async () => (await request(b.gateway.server).get('/api/orgs').set('cookie', cookie)).status === 401);
  });

  it('a role change through one instance is enforced by the other at once', async () => {
    const admin = browserWrite('ory_kratos_session=ann-token');
    a.identity.sessions.set('ann-token', { token: 'ann-token', id: 'sess-ann2', identityId: 'ann' });
    const ben = 'ory_kratos_session=ben-token';
    expect((await request(b.gateway.server).put('/api/orgs/acme').set(browserWrite(ben)).send({})).status).toBe(403);

    a.api.grant('ben', 'org:acme', ['org:read', 'org:update']);
    const change = await request(a.gateway.server).put('/api/orgs/acme/users/ben').set(admin).send({ role: 'admin' });
    expect(change.status).toBe(200);
    await eventually(async () => (await request(b.gateway.server).put('/api/orgs/acme').set(browserWrite(ben)).send({})).status === 200);
  });
});

describe.runIf(available)('share link reads counted across instances in Redis', () => {
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    const identity = await startFakeIdentity();
    const api = await startFakeApi(SECRET);
    const shared = { redisUrl: REDIS_URL, trustProxy: true, shareReadsPerMinute: 3 };
    a = await startHarness(shared, {}, { identity, api });
    b = await startHarness(shared, {}, { identity, api });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await a.identity.close();
    await a.api.close();
  });

  it('refuses a client its fourth read in a minute, whichever instance it reaches', async () => {
    // A client address of its own, so an earlier run's count in the same Redis cannot interfere.
    const client = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    const read = (h: Harness) =>
      request(h.gateway.server)
        .get(`/api/share/${'t'.repeat(43)}`)
        .set(client);
    // The counter connects on its own; the first reads may find it still connecting (then they pass uncounted).
    await eventually(async () => (await read(a)).status === 429, 5_000);
    expect((await read(b)).status).toBe(429);
    const other = await request(b.gateway.server)
      .get(`/api/share/${'t'.repeat(43)}`)
      .set({ 'x-forwarded-for': '10.255.255.254' });
    expect(other.status).not.toBe(429);
  });
});

/** A TCP relay to Redis that a test can cut and restore, as a network outage would. */
async function redisRelay(): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port) || 6379 });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port = 0) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  const port = await listen();
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return { url: `redis://127.0.0.1:${port}`, cut: stop, restore: async () => void (await listen(port)), close: stop };
}

describe.runIf(available)('Redis going away and coming back', () => {
  it('keeps serving with local evictions, says so once, and catches up when Redis is back', async () => {
    const relay = await redisRelay();
    const identity = await startFakeIdentity();
    const api = await startFakeApi(SECRET);
    const a = await startHarness({ redisUrl: relay.url }, {}, { identity, api });
    const b = await startHarness({ redisUrl: relay.url }, {}, { identity, api });
    try {
      identity.sessions.set('cat-token', { token: 'cat-token', id: 'sess-cat', identityId: 'cat' });
      api.grant('cat', 'user', []);
      const cookie = 'ory_kratos_session=cat-token';
      const orgs = (h: Harness) => request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
      expect((await orgs(a)).status).toBe(200);
      expect((await orgs(b)).status).toBe(200);

      await relay.cut();
      // Reconnection attempts fail for a while; each instance still answers from its caches.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await orgs(a)).status).toBe(200);
      expect((await orgs(b)).status).toBe(200);
      const logout = await request(a.gateway.server).get('/.ory/self-service/logout?token=logout-sess-cat').set('cookie', cookie);
      expect(logout.status).toBe(303);
      // The instance that saw the logout applies it at once; the other cannot hear of it yet.
      expect((await orgs(a)).status).toBe(401);
      expect((await orgs(b)).status).toBe(200);
      for (const h of [a, b]) {
        expect(h.logs.filter((line) => line.includes('eviction broadcast: redis is unavailable')).length, h.logs.join('')).toBe(1);
      }

      await relay.restore();
      await eventually(async () => (await orgs(b)).status === 401, 10_000);
      await eventually(async () => b.logs.some((line) => line.includes('eviction broadcast: redis is back')), 10_000);
    } finally {
      await a.close();
      await b.close();
      await relay.close();
      await identity.close();
      await api.close();
    }
  }, 60_000);

  it('starts and serves when Redis does not answer at start', async () => {
    const relay = await redisRelay();
    await relay.cut();
    const h = await startHarness({ redisUrl: relay.url });
    try {
      h.identity.sessions.set('dan-token', { token: 'dan-token', id: 'sess-dan', identityId: 'dan' });
      h.api.grant('dan', 'user', []);
      expect((await request(h.gateway.server).get('/api/orgs').set('cookie', 'ory_kratos_session=dan-token')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
