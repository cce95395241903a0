import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/gateway.js';

const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-3f9a1c.js"></script></body></html>';
const BUNDLE = 'console.log("sitewave");';

let webRoot: string;
let h: Harness;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'sitewave-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), INDEX);
  await writeFile(path.join(webRoot, 'assets', 'app-3f9a1c.js'), BUNDLE);
  h = await startHarness({ webRoot });
});
afterAll(async () => {
  await h.close();
  await rm(webRoot, { recursive: true, force: true });
});

function expectEnvelope(res: request.Response, code: number): void {
  expect(res.status).toBe(code);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.error.code).toBe(code);
  expect(res.text).not.toContain('<html');
}

describe('hashed assets', () => {
  it('are served with a year of immutable caching', async () => {
    const res = await request(h.gateway.server).get('/assets/app-3f9a1c.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe(BUNDLE);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answer 404 in the envelope for an asset that does not exist', async () => {
    expectEnvelope(await request(h.gateway.server).get('/assets/app-000000.js'), 404);
  });
});

describe('client routes', () => {
  it.each(['/', '/login', '/settings', '/admin/orgs', '/orgs/acme/devices'])('GET %s answers index.html, never cached', async (route) => {
    const res = await request(h.gateway.server).get(route);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    expect(cookies.some((c) => /^XSRF-TOKEN=[^;]+;/.test(c) && !/HttpOnly/i.test(c))).toBe(true);
  });

  it('does not serve index.html itself with long caching', async () => {
    const res = await request(h.gateway.server).get('/index.html');
    expect(res.headers['cache-control'] ?? '').not.toMatch(/max-age=[1-9]/);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it("answers HEAD on a client route, a share link's page among them, as its GET without the body", async () => {
    for (const route of ['/share/Dt21RfDEaLE1tBnsTziF_HpXSAlMd5L7ootcmFH3F9I', '/login', '/assets/app-3f9a1c.js']) {
      const get = await request(h.gateway.server).get(route);
      const head = await request(h.gateway.server).head(route);
      expect(head.status, route).toBe(200);
      expect(head.text, route).toBeUndefined();
      for (const name of ['content-type', 'content-length', 'cache-control']) expect(head.headers[name], `${route} ${name}`).toBe(get.headers[name]);
    }
  });

  it('answers a POST to a client route with 404', async () => {
    expectEnvelope(await request(h.gateway.server).post('/login').send({}), 404);
  });
});

describe('unknown paths', () => {
  it.each(['/wp-login.php', '/nope', '/login/extra', '/.env'])('GET %s answers a 404 envelope, not the app', async (route) => {
    const res = await request(h.gateway.server).get(route);
    expectEnvelope(res, 404);
    expect(res.body.error.reason).toContain(route);
  });
});

describe('unknown paths a browser navigates to', () => {
  const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it.each(['/survey', '/heatmap', '/foo', '/login/extra', '/admin-x'])('GET %s accepting HTML answers the app with status 404, never cached', async (route) => {
    const res = await request(h.gateway.server).get(route).set('accept', PAGE_ACCEPT);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each(['/api/nope', '/bff/nope', '/.ory/nope', '/assets/app-000000.js', '/.well-known/nope'])('GET %s keeps the JSON envelope even when HTML is accepted', async (route) => {
    expectEnvelope(await request(h.gateway.server).get(route).set('accept', PAGE_ACCEPT), 404);
  });

  it('keeps the JSON envelope for a client asking for JSON, and for other methods', async () => {
    expectEnvelope(await request(h.gateway.server).get('/survey').set('accept', 'application/json'), 404);
    expectEnvelope(await request(h.gateway.server).post('/survey').set('accept', PAGE_ACCEPT).send({}), 404);
  });
});

describe('security headers', () => {
  it('forbid inline and foreign script and framing on the app', async () => {
    const res = await request(h.gateway.server).get('/login');
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('are on assets and error answers too', async () => {
    for (const route of ['/assets/app-3f9a1c.js', '/nope']) {
      const res = await request(h.gateway.server).get(route);
      expect(res.headers['content-security-policy'], route).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], route).toBe('nosniff');
    }
  });
});

describe('without a built client', () => {
  it('answers client routes with a 404 envelope saying so', async () => {
    const bare = await startHarness({}, {}, { identity: h.identity, api: h.api });
    try {
      const res = await request(bare.gateway.server).get('/login');
      expectEnvelope(res, 404);
      expect(res.body.error.reason).toMatch(/web client is not built/);
    } finally {
      await bare.close();
    }
  });
});
