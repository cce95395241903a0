import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN, startHarness, type Harness } from '../support/gateway.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  h.identity.sessions.set('tok', { token: 'tok', id: 'sess-1', identityId: 'id-1' });
});
afterAll(() => h.close());
beforeEach(() => {
  h.identity.requests.length = 0;
  h.identity.whoamiDelayMs = 0;
});

describe('allowlist', () => {
  it('reaches the public self-service and session endpoints', async () => {
    const whoami = await request(h.gateway.server).get('/.ory/sessions/whoami').set('cookie', 'ory_kratos_session=tok');
    expect(whoami.status).toBe(200);
    expect(whoami.body.identity.id).toBe('id-1');
    const ready = await request(h.gateway.server).get('/.ory/health/ready');
    expect(ready.status).toBe(200);
  });

  it('never lets an admin path through, whatever its spelling', async () => {
    const attempts = [
      '/.ory/admin/identities',
      '/.ory/ADMIN/identities',
      '/.ory/Admin/identities',
      '/.ory//admin/identities',
      '/.ory/%61dmin/identities',
      '/.ory/%2fadmin/identities',
      '/.ory/admin%2fidentities',
      '/.ory/./admin/identities',
      '/.ory/self-service/../admin/identities',
      '/.ory/self-service/%2e%2e/admin/identities',
      '/.ory/self-service/%2E%2E%2Fadmin%2Fidentities',
      '/.ory/self-service/login/browser/../../../admin/identities',
      '/.ory/sessions/..%2fadmin%2fidentities',
      '/.ory/sessions/whoami/..%5c..%5cadmin',
      '/.ory/self-service\\..\\admin/identities',
      '/.ory/admin/identities?x=/self-service/login/browser',
      '/.ory/self-service/login/browser%00/admin',
      '/.ory',
      '/.ory/',
    ];
    for (const path of attempts) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await request(h.gateway.server)[method.toLowerCase() as 'get'](path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error?.code, `${method} ${path}`).toBe(404);
      }
    }
    expect(h.identity.requests).toEqual([]);
  });
});

describe('headers and cookies', () => {
  it('strips identity headers a client sends and forwards its cookies', async () => {
    await request(h.gateway.server)
      .get('/.ory/sessions/whoami')
      .set('cookie', 'ory_kratos_session=tok')
      .set('x-sitewave-identity', 'forged')
      .set('x-user-id', 'mallory')
      .set('x-forwarded-user', 'mallory')
      .set('x-request-id', 'abc-1');
    expect(h.identity.lastHeaders['x-sitewave-identity']).toBeUndefined();
    expect(h.identity.lastHeaders['x-user-id']).toBeUndefined();
    expect(h.identity.lastHeaders['x-forwarded-user']).toBeUndefined();
    expect(h.identity.lastHeaders.cookie).toBe('ory_kratos_session=tok');
    expect(h.identity.lastHeaders['x-request-id']).toBe('abc-1');
    expect(h.identity.lastHeaders['x-forwarded-host']).toBe('localhost:3000');
  });

  it('drops the upstream cookie Domain and Secure on an http origin', async () => {
    const res = await request(h.gateway.server).get('/.ory/self-service/login/browser').set('accept', 'application/json');
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).not.toMatch(/domain=/i);
      expect(cookie).not.toMatch(/secure/i);
    }
    expect(cookies[0]).toContain('SameSite=Lax');
    expect(cookies[0]).toContain('HttpOnly');
  });

  it('marks cookies Secure when the public origin is https', async () => {
    const secure = await startHarness({ publicUrl: 'https://survey.example' }, {}, { identity: h.identity, api: h.api });
    try {
      const res = await request(secure.gateway.server).get('/.ory/self-service/login/browser').set('accept', 'application/json');
      const cookies = res.headers['set-cookie'] as unknown as string[];
      for (const cookie of cookies) {
        expect(cookie).toMatch(/; Secure$/);
        expect(cookie).not.toMatch(/domain=/i);
      }
      expect(res.body.ui.action).toBe('https://survey.example/.ory/self-service/login?flow=flow-1');
    } finally {
      await secure.close();
    }
  });
});

describe('URL rewriting', () => {
  it('rewrites the Location of a browser redirect to the gateway origin', async () => {
    const res = await request(h.gateway.server).get('/.ory/self-service/login/browser').set('accept', 'text/html');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${ORIGIN}/.ory/self-service/login/flows?id=flow-1`);
  });

  it('rewrites upstream URLs inside flow JSON and leaves foreign URLs alone', async () => {
    const res = await request(h.gateway.server).get('/.ory/self-service/login/browser').set('accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body.ui.action).toBe(`${ORIGIN}/.ory/self-service/login?flow=flow-1`);
    expect(res.body.return_to).toBe(`${ORIGIN}/.ory/sessions/whoami`);
    expect(res.body.request_url).toBe(`${ORIGIN}/.ory/self-service/login/browser`);
    expect(res.body.ui.nodes[0].attributes.src).toBe(`${ORIGIN}/.ory/.well-known/ory/webauthn.js`);
    expect(res.body.ui.nodes[1].attributes.href).toBe('https://elsewhere.example/help');
    expect(JSON.stringify(res.body)).not.toContain(h.identity.url);
  });

  it('rewrites redirect_browser_to and continue_with of an error answer', async () => {
    const res = await request(h.gateway.server).post('/.ory/self-service/login?flow=flow-1').set('accept', 'application/json').send({ method: 'password' });
    expect(res.status).toBe(422);
    expect(res.body.redirect_browser_to).toBe(`${ORIGIN}/.ory/self-service/login/browser?refresh=true`);
    expect(res.body.continue_with[0].redirect_browser_to).toBe(`${ORIGIN}/.ory/ui/welcome`);
  });
});

describe('failures', () => {
  it('answers 502 in the error envelope when the identity host is down', async () => {
    const down = await startHarness({ identityPublicUrl: 'http://127.0.0.1:9' }, {}, { identity: h.identity, api: h.api });
    try {
      const res = await request(down.gateway.server).get('/.ory/sessions/whoami');
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({ code: 502, status: 'Bad Gateway' });
      expect(res.body.error.reason).toMatch(/identity service could not be reached/);
      const api = await request(down.gateway.server).get('/api/orgs').set('cookie', 'ory_kratos_session=tok');
      expect(api.status).toBe(502);
    } finally {
      await down.close();
    }
  });

  it('answers 504 when the identity host does not answer in time', async () => {
    const slow = await startHarness({ upstreamTimeoutMs: 300 }, {}, { identity: h.identity, api: h.api });
    h.identity.whoamiDelayMs = 1_500;
    try {
      const res = await request(slow.gateway.server).get('/.ory/sessions/whoami').set('cookie', 'ory_kratos_session=tok');
      expect(res.status).toBe(504);
      expect(res.body.error.code).toBe(504);
      const api = await request(slow.gateway.server).get('/api/orgs').set('cookie', 'ory_kratos_session=tok');
      expect(api.status).toBe(504);
    } finally {
      h.identity.whoamiDelayMs = 0;
      await slow.close();
    }
  });
});
