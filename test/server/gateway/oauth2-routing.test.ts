/**
 * Where the gateway sends the OAuth2 provider's public paths: to OAUTH2_PUBLIC_URL when it is
 * set (the embedded provider, or a self-hosted Hydra), else to the identity host as before (Ory
 * Network serves both). Either way only the provider's public paths pass, never its admin API,
 * and the discovery document is also served at the origin's root.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listenFastify } from '../../support/listen.js';
import { startHarness, type Harness } from '../support/gateway.js';

interface FakeProvider {
  app: FastifyInstance;
  url: string;
  requests: string[];
}

/** A provider whose public API is mounted under /.ory, as the embedded one is. */
async function startFakeProvider(): Promise<FakeProvider> {
  const requests: string[] = [];
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  app.all('/*', async (req) => {
    requests.push(`${req.method} ${req.url} host=${String(req.headers['x-forwarded-host'])}`);
    if (req.url.endsWith('/.well-known/openid-configuration')) return { issuer: 'http://localhost:3000/.ory', token_endpoint: 'http://localhost:3000/.ory/oauth2/token' };
    return { ok: true };
  });
  const url = await listenFastify(app);
  return { app, url: `${url}/.ory`, requests };
}

describe('with OAUTH2_PUBLIC_URL', () => {
  let provider: FakeProvider;
  let h: Harness;
  beforeAll(async () => {
    provider = await startFakeProvider();
    h = await startHarness({ oauth2PublicUrl: provider.url });
  });
  afterAll(async () => {
    await h.close();
    await provider.app.close();
  });
  beforeEach(() => {
    provider.requests.length = 0;
    h.identity.requests.length = 0;
  });

  it('sends the provider its public paths under its base, and the identity host nothing of them', async () => {
    for (const path of [
      '/oauth2/auth?client_id=a',
      '/oauth2/auth/resume-id',
      '/oauth2/sessions/logout',
      '/userinfo',
      '/.well-known/openid-configuration',
      '/.well-known/jwks.json',
    ]) {
      const answer = await request(h.gateway.server).get(`/.ory${path}`);
      expect(answer.status, path).toBe(200);
    }
    const token = await request(h.gateway.server).post('/.ory/oauth2/token').type('form').send('grant_type=client_credentials');
    expect(token.status).toBe(200);
    expect(provider.requests.map((r) => r.split(' ').slice(0, 2).join(' '))).toEqual([
      'GET /.ory/oauth2/auth?client_id=a',
      'GET /.ory/oauth2/auth/resume-id',
      'GET /.ory/oauth2/sessions/logout',
      'GET /.ory/userinfo',
      'GET /.ory/.well-known/openid-configuration',
      'GET /.ory/.well-known/jwks.json',
      'POST /.ory/oauth2/token',
    ]);
    expect(provider.requests[0]).toContain('host=localhost:3000');
    expect(h.identity.requests).toEqual([]);
  });

  it("keeps the provider's other paths out", async () => {
    for (const path of ['/oauth2/introspect', '/oauth2/auth/a/b', '/admin/clients', '/oauth2/../admin/clients']) {
      const answer = await request(h.gateway.server).get(`/.ory${path}`);
      expect(answer.status, path).toBe(404);
    }
    expect(provider.requests).toEqual([]);
  });

  it('serves the discovery document at the root too', async () => {
    const answer = await request(h.gateway.server).get('/.well-known/openid-configuration');
    expect(answer.status).toBe(200);
    expect(answer.body.issuer).toBe('http://localhost:3000/.ory');
    expect(provider.requests).toEqual(['GET /.ory/.well-known/openid-configuration host=localhost:3000']);
  });
});

describe('without OAUTH2_PUBLIC_URL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('sends the OAuth2 paths to the identity host, as before', async () => {
    await request(h.gateway.server).get('/.ory/oauth2/auth?client_id=a');
    await request(h.gateway.server).get('/.ory/.well-known/jwks.json');
    expect(h.identity.requests).toEqual(expect.arrayContaining(['GET /oauth2/auth?client_id=a', 'GET /.well-known/jwks.json']));
  });
});
