import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserWrite, ORIGIN, startHarness, type Harness } from '../support/gateway.js';

let h: Harness;
const alice = { token: 'alice-session-token', id: 'sess-alice', identityId: 'alice' };
const aliceCookie = `ory_kratos_session=${alice.token}`;

beforeAll(async () => {
  h = await startHarness();
  h.identity.sessions.set(alice.token, alice);
  h.api.grant('alice', 'user', []);
  h.api.grant('alice', 'org:acme', ['org:read', 'org:devices:read']);
  h.api.owners.set('device/dev-1', { orgId: 'acme' });
  h.api.owners.set('device/dev-2', { orgId: 'other' });
  h.api.owners.set('project/p-1', { orgId: 'acme' });
});
afterAll(() => h.close());
beforeEach(() => {
  h.api.requests.length = 0;
  h.api.echoStatus = 200;
});

describe('route policy', () => {
  it('answers 404 for a path the table does not name, without calling the API', async () => {
    for (const path of ['/api/secret', '/api/orgs/acme/devices/extra', '/api/scopes/device/dev-1', '/API/orgs', '/api/orgs/']) {
      const res = await request(h.gateway.server).get(path).set('cookie', aliceCookie);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe(404);
    }
    const wrongMethod = await request(h.gateway.server).patch('/api/orgs/acme').set(browserWrite(aliceCookie)).send({});
    expect(wrongMethod.status).toBe(404);
    expect(h.api.requests).toEqual([]);
  });

  it('refuses traversal and encoding tricks in /api paths', async () => {
    for (const path of [
      '/api/orgs/acme/../../admin/users',
      '/api/orgs/%2e%2e/permissions',
      '/api/orgs/acme%2fdevices',
      '/api/orgs//acme',
      '/api/orgs/acme/devices%00',
      '/api/orgs/..',
      '/api/orgs/a%5cb',
    ]) {
      const res = await request(h.gateway.server).get(path).set('cookie', aliceCookie);
      expect(res.status, path).toBe(404);
    }
    expect(h.api.requests).toEqual([]);
  });

  it('answers 401 without a session and never calls the API', async () => {
    const res = await request(h.gateway.server).get('/api/orgs/acme');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 401, status: 'Unauthorized' });
    const bad = await request(h.gateway.server).get('/api/orgs/acme').set('cookie', 'ory_kratos_session=forged');
    expect(bad.status).toBe(401);
    expect(h.api.requests).toEqual([]);
  });

  it('answers 403 listing the missing permission ids', async () => {
    const res = await request(h.gateway.server).put('/api/orgs/acme').set(browserWrite(aliceCookie)).send({ name: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.error.details.missing).toEqual(['org:update']);
    expect(res.body.error.reason).toContain('org:update');
    expect(h.api.requests.filter((r) => r.startsWith('PUT'))).toEqual([]);
  });

  it('denies an organisation the caller has no list for', async () => {
    const res = await request(h.gateway.server).get('/api/orgs/other').set('cookie', aliceCookie);
    expect(res.status).toBe(403);
  });

  it('resolves resource-owned routes to the owning organisation', async () => {
    h.identity.sessions.set('bob-token', { token: 'bob-token', id: 'sess-bob', identityId: 'bob' });
    h.api.grant('bob', 'user', []);
    h.api.grant('bob', 'org:acme', ['org:devices:manage']);
    const bob = { ...browserWrite('ory_kratos_session=bob-token') };
    const own = await request(h.gateway.server).put('/api/devices/dev-1').set(bob).send({ name: 'AP 1' });
    expect(own.status).toBe(200);
    expect(own.body.assertion).toMatchObject({ sub: 'bob', org: 'acme' });
    const foreign = await request(h.gateway.server).put('/api/devices/dev-2').set(bob).send({ name: 'AP 2' });
    expect(foreign.status).toBe(403);
    const missing = await request(h.gateway.server).put('/api/devices/nope').set(bob).send({});
    expect(missing.status).toBe(404);
    expect(h.api.requests.filter((r) => r.startsWith('PUT'))).toEqual(['PUT /api/devices/dev-1']);
  });

  it('checks project routes against the owning organisation and the project lists', async () => {
    h.identity.sessions.set('carol-token', { token: 'carol-token', id: 'sess-carol', identityId: 'carol' });
    h.api.grant('carol', 'user', []);
    h.api.grant('carol', 'org:acme', []);
    h.api.grant('carol', 'project:p-1', ['project:read']);
    const res = await request(h.gateway.server).get('/api/projects/p-1').set('cookie', 'ory_kratos_session=carol-token');
    expect(res.status).toBe(200);
    expect(res.body.assertion).toMatchObject({ sub: 'carol', org: 'acme', project: 'p-1' });
    const write = await request(h.gateway.server).put('/api/projects/p-1').set(browserWrite('ory_kratos_session=carol-token')).send({});
    expect(write.status).toBe(403);
    expect(write.body.error.details.missing).toEqual(['project:update']);
  });

  it('lets public routes through without a session and without an assertion', async () => {
    const res = await request(h.gateway.server).get('/api/validate?token=abc');
    expect(res.status).toBe(200);
    expect(res.body.assertion).toBeNull();
  });
});

describe('forwarding', () => {
  it('forwards an allowed call with a verified assertion and without client credentials', async () => {
    const res = await request(h.gateway.server)
      .get('/api/orgs/acme/devices?page=2')
      .set('cookie', `${aliceCookie}; XSRF-TOKEN=abc`)
      .set('x-request-id', 'trace-123')
      .set('x-sitewave-identity', 'forged')
      .set('x-user-id', 'mallory')
      .set('x-forwarded-user', 'mallory')
      .set('x-remote-user', 'mallory')
      .set('authorization', 'Bearer stolen')
      .set('x-custom', 'kept');
    expect(res.status).toBe(200);
    expect(res.body.url).toBe('/api/orgs/acme/devices?page=2');
    expect(res.body.assertion).toMatchObject({ sub: 'alice', sid: 'sess-alice', aal: 'aal1', org: 'acme' });
    expect(res.body.assertion.exp - res.body.assertion.iat).toBeLessThanOrEqual(60);
    const headers = res.body.headers as Record<string, string>;
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-forwarded-user']).toBeUndefined();
    expect(headers['x-remote-user']).toBeUndefined();
    expect(headers['x-custom']).toBe('kept');
    expect(headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-api-header']).toBe('kept');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('accepts X-Session-Token callers and skips the double-submit check for them', async () => {
    const res = await request(h.gateway.server).put('/api/user/settings').set('x-session-token', alice.token).send({ locale: 'de' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.body)).toEqual({ locale: 'de' });
    expect(res.body.headers['x-session-token']).toBeUndefined();
  });

  it('passes upstream statuses and bodies through', async () => {
    h.api.echoStatus = 409;
    const res = await request(h.gateway.server).put('/api/user/settings').set(browserWrite(aliceCookie)).send({ a: 1 });
    expect(res.status).toBe(409);
    expect(res.body.method).toBe('PUT');
  });
});

describe('HEAD', () => {
  const head = (path: string, cookie?: string) => {
    const req = request(h.gateway.server).head(path);
    return cookie ? req.set('cookie', cookie) : req;
  };

  it('answers a GET route as its GET does, without the body: the API is asked the GET', async () => {
    const get = await request(h.gateway.server).get('/api/orgs/acme/devices?page=2').set('cookie', aliceCookie);
    h.api.requests.length = 0;
    const res = await head('/api/orgs/acme/devices?page=2', aliceCookie);
    expect(res.status).toBe(200);
    expect(res.text).toBeUndefined();
    expect(res.body).toEqual({});
    expect(res.headers['content-type']).toBe(get.headers['content-type']);
    // The length of the body a GET would carry (the echo differs by the request's own headers).
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.headers['x-api-header']).toBe('kept');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(h.api.requests).toEqual(['GET /api/orgs/acme/devices?page=2']);
  });

  it('passes the same checks as GET: 401 without a session, 403 without the permission, never calling the route', async () => {
    for (const [path, cookie] of [
      ['/api/orgs/acme', undefined],
      ['/api/orgs/acme', 'ory_kratos_session=forged'],
      ['/api/orgs/other', aliceCookie],
    ] as const) {
      const get = await request(h.gateway.server)
        .get(path)
        .set(cookie ? { cookie } : {});
      const res = await head(path, cookie);
      expect(get.status, `${path} ${cookie}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${cookie}`).toBe(get.status);
      expect(res.text).toBeUndefined();
      expect(res.headers['content-type']).toBe(get.headers['content-type']);
    }
    expect(h.api.requests.filter((r) => !r.includes('/permissions'))).toEqual([]);
  });

  it('answers 404 where the table has no GET row, whatever other methods the path has', async () => {
    for (const path of ['/api/register', '/api/secret', '/api/orgs/acme/devices/extra']) {
      const res = await head(path, aliceCookie);
      expect(res.status, path).toBe(404);
    }
    expect(h.api.requests).toEqual([]);
  });
});

describe('CSRF', () => {
  it('refuses a write from another origin', async () => {
    const res = await request(h.gateway.server)
      .put('/api/user/settings')
      .set({ ...browserWrite(aliceCookie), origin: 'https://evil.example' })
      .send({});
    expect(res.status).toBe(403);
    expect(res.body.error.reason).toContain('https://evil.example');
  });

  it('refuses a write with neither Origin nor Referer', async () => {
    const { origin: _origin, ...headers } = browserWrite(aliceCookie);
    const res = await request(h.gateway.server).put('/api/user/settings').set(headers).send({});
    expect(res.status).toBe(403);
  });

  it('accepts a same-origin Referer when Origin is absent', async () => {
    const { origin: _origin, ...headers } = browserWrite(aliceCookie);
    const res = await request(h.gateway.server)
      .put('/api/user/settings')
      .set({ ...headers, referer: `${ORIGIN}/settings` })
      .send({});
    expect(res.status).toBe(200);
  });

  it('refuses a write whose XSRF header is missing or differs from the cookie', async () => {
    const missing = await request(h.gateway.server)
      .put('/api/user/settings')
      .set({ origin: ORIGIN, cookie: `${aliceCookie}; XSRF-TOKEN=one` })
      .send({});
    expect(missing.status).toBe(403);
    const differs = await request(h.gateway.server)
      .put('/api/user/settings')
      .set({ origin: ORIGIN, cookie: `${aliceCookie}; XSRF-TOKEN=one`, 'x-xsrf-token': 'two' })
      .send({});
    expect(differs.status).toBe(403);
    expect(differs.body.error.reason).toContain('XSRF');
    expect(h.api.requests.filter((r) => r.startsWith('PUT'))).toEqual([]);
  });
});

describe('bodies', () => {
  it('answers 400 for malformed JSON and changes nothing', async () => {
    const res = await request(h.gateway.server).put('/api/user/settings').set(browserWrite(aliceCookie)).set('content-type', 'application/json').send('{"locale": ');
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(/not valid JSON/);
    expect(h.api.requests).toEqual([]);
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const res = await request(h.gateway.server)
      .put('/api/user/settings')
      .set(browserWrite(aliceCookie))
      .set('content-type', 'application/json')
      .send(JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(h.api.requests).toEqual([]);
  });

  it('answers 413 for a declared upload over the route limit, before reading it', async () => {
    const res = await request(h.gateway.server)
      .post('/api/admin/firmware/releases')
      .set(browserWrite(aliceCookie))
      .set('content-type', 'multipart/form-data; boundary=x')
      .set('content-length', String(2 * 1024 ** 3))
      .send('');
    expect(res.status).toBe(413);
    expect(res.body.error.reason).toContain('1 GiB');
  }, 10_000);
});

describe('upstream failures', () => {
  it('answers 504 when the API does not answer in time', async () => {
    const slow = await startHarness({ upstreamTimeoutMs: 300 }, {}, { identity: h.identity, api: h.api });
    try {
      const res = await request(slow.gateway.server).get('/api/networktechnologies').set('cookie', aliceCookie);
      expect(res.status).toBe(504);
      expect(res.body.error.code).toBe(504);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js:\d+/);
      // Headers arrived but the body never did: the answer is cut off, not left hanging.
      h.api.grant('alice', 'org:acme', ['org:read', 'org:devices:read', 'org:billing:read']);
      slow.clock.advance(3 * 60_000);
      await expect(request(slow.gateway.server).get('/api/orgs/acme/invoices').set('cookie', aliceCookie)).rejects.toThrow(/socket hang up|aborted|ECONNRESET/);
    } finally {
      await slow.close();
    }
  });

  it('answers 502 when the API refuses connections', async () => {
    const down = await startHarness({ apiUrl: 'http://127.0.0.1:9' }, {}, { identity: h.identity, api: h.api });
    try {
      const res = await request(down.gateway.server).get('/api/orgs').set('cookie', aliceCookie);
      expect(res.status).toBe(502);
      expect(res.body.error.reason).toMatch(/could not be reached/);
    } finally {
      await down.close();
    }
  });
});
