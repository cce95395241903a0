import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/gateway.js';

const METRICS_TOKEN = 'metrics-token-0123456789';
const INTERNAL_TOKEN = 'internal-token-0123456789';
const alice = { token: 'alice-session-token', id: 'sess-alice', identityId: 'alice' };
const aliceCookie = `ory_kratos_session=${alice.token}`;

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ metricsToken: METRICS_TOKEN, internalToken: INTERNAL_TOKEN });
  h.identity.sessions.set(alice.token, alice);
  h.api.grant('alice', 'user', ['admin:firmware']);
  h.api.grant('alice', 'org:acme', ['org:read', 'org:devices:read']);
  h.api.grant('alice', 'project:p-1', ['project:read']);
});
afterAll(() => h.close());

/** A second gateway on the same fakes, with different settings. */
async function withHarness(overrides: Parameters<typeof startHarness>[0], test: (other: Harness) => Promise<void>) {
  const other = await startHarness(overrides, {}, { identity: h.identity, api: h.api });
  try {
    await test(other);
  } finally {
    await other.close();
  }
}

function setCookies(res: request.Response): string[] {
  const header = res.headers['set-cookie'] as unknown;
  return Array.isArray(header) ? (header as string[]) : [];
}

describe('GET /bff/session', () => {
  it('answers the session of a valid cookie', async () => {
    const res = await request(h.gateway.server).get('/bff/session').set('cookie', aliceCookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'sess-alice', active: true, identity: { id: 'alice' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 200 with null without a session or with an unknown one: signed out is not an error', async () => {
    const none = await request(h.gateway.server).get('/bff/session');
    expect(none.status).toBe(200);
    expect(none.headers['content-type']).toMatch(/application\/json/);
    expect(none.text).toBe('null');
    expect(none.headers['cache-control']).toBe('no-store');
    const forged = await request(h.gateway.server).get('/bff/session').set('cookie', 'ory_kratos_session=forged');
    expect(forged.status).toBe(200);
    expect(forged.text).toBe('null');
  });

  it('keeps 401 for the API: only the session read treats signed out as an answer', async () => {
    const res = await request(h.gateway.server).get('/api/orgs');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 401, status: 'Unauthorized' });
  });
});

describe('GET /bff/permissions', () => {
  it('answers the three lists for the selected organisation and project', async () => {
    const res = await request(h.gateway.server).get('/bff/permissions?orgId=acme&projectId=p-1').set('cookie', aliceCookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: ['admin:firmware'],
      organization: ['org:read', 'org:devices:read'],
      project: ['project:read'],
    });
  });

  it('answers null for the organisation and project lists when none is selected', async () => {
    const res = await request(h.gateway.server).get('/bff/permissions').set('cookie', aliceCookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: ['admin:firmware'], organization: null, project: null });
  });

  it('answers 401 without a session', async () => {
    const res = await request(h.gateway.server).get('/bff/permissions?orgId=acme');
    expect(res.status).toBe(401);
  });
});

describe('GET /bff/permissions/check', () => {
  const check = (query: string) => request(h.gateway.server).get(`/bff/permissions/check?${query}`).set('cookie', aliceCookie);

  it('allows when any requested id is held', async () => {
    const res = await check('ids=org:update,org:read&orgId=acme');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ allowed: true, missing: [] });
  });

  it('denies and lists the missing ids when none is held', async () => {
    const res = await check('ids=org:update,org:delete&orgId=acme');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ allowed: false, missing: ['org:update', 'org:delete'] });
  });

  it('denies without a selected organisation, even for an id the user list holds', async () => {
    const res = await check('ids=admin:firmware');
    expect(res.body).toEqual({ allowed: false, missing: ['admin:firmware'] });
  });

  it('answers 400 naming the field for a bad query', async () => {
    const slash = await check(`ids=org:read&orgId=${encodeURIComponent('acme/../x')}`);
    expect(slash.status).toBe(400);
    expect(slash.body.error.code).toBe(400);
    expect(slash.body.error.reason).toContain('orgId');
    const missing = await check('orgId=acme');
    expect(missing.status).toBe(400);
    expect(missing.body.error.reason).toContain('ids');
    const badIds = await check('ids=org:read,,x&orgId=acme');
    expect(badIds.status).toBe(400);
    expect(badIds.body.error.reason).toContain('ids');
    const unknown = await check('ids=org:read&orgId=acme&role=admin');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.reason).toBe('querystring: unknown field role');
  });
});

describe('GET /bff/config', () => {
  it('answers the public client settings', async () => {
    const res = await request(h.gateway.server).get('/bff/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      identityBasePath: '/.ory',
      apiBasePath: '/api',
      locales: ['en', 'es', 'de', 'fr', 'nl', 'se', 'pt', 'pl'],
      defaultLocale: 'en',
    });
  });
});

describe('XSRF cookie', () => {
  it('is set on a /bff answer when the request has none: readable by script, SameSite=Lax', async () => {
    const res = await request(h.gateway.server).get('/bff/config');
    const xsrf = setCookies(res).filter((c) => c.startsWith('XSRF-TOKEN='));
    expect(xsrf).toHaveLength(1);
    expect(xsrf[0]).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,};/);
    expect(xsrf[0]).toMatch(/SameSite=Lax/i);
    expect(xsrf[0]).toMatch(/Path=\//);
    expect(xsrf[0]).not.toMatch(/HttpOnly/i);
  });

  it('is not set again when the request already has one', async () => {
    const res = await request(h.gateway.server).get('/bff/config').set('cookie', 'XSRF-TOKEN=existing');
    expect(res.status).toBe(200);
    expect(setCookies(res).filter((c) => c.startsWith('XSRF-TOKEN='))).toEqual([]);
  });

  it('differs between browsers', async () => {
    const [a, b] = await Promise.all([request(h.gateway.server).get('/bff/health'), request(h.gateway.server).get('/bff/health')]);
    expect(setCookies(a)[0]).toBeDefined();
    expect(setCookies(a)[0]).not.toBe(setCookies(b)[0]);
  });
});

describe('health and readiness', () => {
  it('answers /bff/health 200', async () => {
    const res = await request(h.gateway.server).get('/bff/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers /bff/ready 200 when both upstreams are up', async () => {
    const res = await request(h.gateway.server).get('/bff/ready');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('answers /bff/ready 503 naming the upstream that is down', async () => {
    await withHarness({ apiUrl: 'http://127.0.0.1:9' }, async (down) => {
      const res = await request(down.gateway.server).get('/bff/ready');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('unavailable');
      expect(res.body.upstreams.identity.ok).toBe(true);
      expect(res.body.upstreams.API).toMatchObject({ ok: false, reason: expect.stringMatching(/API service could not be reached/) });
    });
  });
});

describe('GET /bff/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    await withHarness({}, async (plain) => {
      const res = await request(plain.gateway.server).get('/bff/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(404);
    });
  });

  it('answers 401 without the right token', async () => {
    const none = await request(h.gateway.server).get('/bff/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await request(h.gateway.server).get('/bff/metrics').set('authorization', 'Bearer metrics-token-0123456788');
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('sitewave_gateway_');
  });

  it('answers Prometheus text with the right token', async () => {
    await request(h.gateway.server).get('/bff/session').set('cookie', aliceCookie);
    const res = await request(h.gateway.server).get('/bff/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^sitewave_gateway_request_duration_seconds_count\{group="bff",method="GET",status="2xx"\} \d+$/m);
    expect(res.text).toMatch(/^sitewave_gateway_cache_lookups_total\{cache="session",result="(hit|miss)"\} \d+$/m);
  });
});

describe('GET /bff/authz', () => {
  const authz = (method: string, uri: string) =>
    request(h.gateway.server)
      .get('/bff/authz')
      .set('authorization', `Bearer ${INTERNAL_TOKEN}`)
      .set('cookie', aliceCookie)
      .set('x-original-method', method)
      .set('x-original-uri', uri);

  it('answers 401 without the internal bearer token', async () => {
    const res = await request(h.gateway.server).get('/bff/authz').set('cookie', aliceCookie).set('x-original-method', 'GET').set('x-original-uri', '/api/orgs/acme');
    expect(res.status).toBe(401);
    expect(res.headers['x-sitewave-identity']).toBeUndefined();
  });

  it('answers 204 with the identity assertion for an allowed request', async () => {
    const res = await authz('GET', '/api/orgs/acme?expand=1');
    expect(res.status).toBe(204);
    const [, payload] = String(res.headers['x-sitewave-identity']).split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'))).toMatchObject({ sub: 'alice', org: 'acme' });
  });

  it('answers 403 for a request the caller may not make', async () => {
    const res = await authz('GET', '/api/orgs/acme/users');
    expect(res.status).toBe(403);
    expect(res.body.error.details.missing).toEqual(['org:users:read']);
    expect(res.headers['x-sitewave-identity']).toBeUndefined();
  });

  it('answers 404 for a route the policy does not name', async () => {
    for (const [method, uri] of [
      ['GET', '/api/secret'],
      ['PATCH', '/api/orgs/acme'],
      ['GET', '/api/orgs/../admin/users'],
    ] as const) {
      const res = await authz(method, uri);
      expect(res.status, `${method} ${uri}`).toBe(404);
    }
  });

  it('answers 401 for an allowed route without a session', async () => {
    const res = await request(h.gateway.server)
      .get('/bff/authz')
      .set('authorization', `Bearer ${INTERNAL_TOKEN}`)
      .set('x-original-method', 'GET')
      .set('x-original-uri', '/api/orgs/acme');
    expect(res.status).toBe(401);
  });
});
