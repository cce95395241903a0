/**
 * `/bff/consent` and `/bff/logout` against a real OAuth2 provider admin API (Hydra wire format):
 * the screens get shaped requests, decisions reach the provider with the right fields, and a
 * user can never decide someone else's consent.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHydra, type FakeHydra } from '../support/fake-hydra.js';
import { browserWrite, startHarness, type Harness } from '../support/gateway.js';

const alice = { token: 'alice-consent-token', id: 'sess-alice', identityId: 'alice' };
const cookie = `ory_kratos_session=${alice.token}`;
const ADMIN_TOKEN = 'hydra-admin-token-0123456789';

let h: Harness;
let hydra: FakeHydra;

beforeAll(async () => {
  hydra = await startFakeHydra();
  h = await startHarness({ oauth2AdminUrl: hydra.url, oauth2AdminToken: ADMIN_TOKEN });
  h.identity.sessions.set(alice.token, alice);
  hydra.consents.set('c-1', {
    challenge: 'c-1',
    subject: 'alice',
    skip: false,
    client: {
      client_id: 'survey-app',
      client_name: 'Survey App',
      policy_uri: 'https://client.example/privacy',
      tos_uri: 'https://client.example/tos',
      client_secret: 'never-shown',
    },
    requested_scope: ['openid', 'email', 'profile', 'offline_access'],
    requested_access_token_audience: ['https://api.example'],
  });
  hydra.consents.set('c-bob', { challenge: 'c-bob', subject: 'bob', client: { client_id: 'x' }, requested_scope: ['openid'] });
  hydra.consents.set('c-2', { challenge: 'c-2', subject: 'alice', client: { client_id: 'other' }, requested_scope: ['openid'] });
  hydra.logouts.set('l-1', { challenge: 'l-1', subject: 'alice', rp_initiated: true, client: { client_id: 'survey-app', client_name: 'Survey App' } });
  hydra.logouts.set('l-2', { challenge: 'l-2', subject: 'alice', rp_initiated: false });
});
afterAll(async () => {
  await h?.close();
  await hydra?.close();
});

describe('/bff/consent', () => {
  it('shows the consent request shaped for the screen, without the client secret', async () => {
    const res = await request(h.gateway.server).get('/bff/consent?consent_challenge=c-1').set('cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      challenge: 'c-1',
      client: { client_id: 'survey-app', client_name: 'Survey App', policy_uri: 'https://client.example/privacy', tos_uri: 'https://client.example/tos' },
      requested_scope: ['openid', 'email', 'profile', 'offline_access'],
      requested_access_token_audience: ['https://api.example'],
      skip: false,
    });
    expect(hydra.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('needs a session, a challenge, and the request must be the caller own', async () => {
    expect((await request(h.gateway.server).get('/bff/consent?consent_challenge=c-1')).status).toBe(401);
    const missing = await request(h.gateway.server).get('/bff/consent').set('cookie', cookie);
    expect(missing.status).toBe(400);
    expect(missing.body.error.reason).toMatch(/consent_challenge/);
    expect((await request(h.gateway.server).get('/bff/consent?consent_challenge=c-bob').set('cookie', cookie)).status).toBe(403);
    expect((await request(h.gateway.server).get('/bff/consent?consent_challenge=unknown').set('cookie', cookie)).status).toBe(404);
  });

  it('accepts only requested scopes, remembers when asked, and fills the ID token from granted scopes', async () => {
    const res = await request(h.gateway.server)
      .post('/bff/consent')
      .set(browserWrite(cookie))
      .send({ consent_challenge: 'c-1', action: 'accept', grant_scope: ['openid', 'email', 'admin'], remember: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirect_to: 'https://client.example/callback?consent=accept' });
    expect(hydra.decisions.get('consent accept c-1')).toEqual({
      grant_scope: ['openid', 'email'],
      grant_access_token_audience: ['https://api.example'],
      remember: true,
      remember_for: 0,
      session: { id_token: { email: 'alice@example.test', email_verified: false } },
    });
    const again = await request(h.gateway.server).get('/bff/consent?consent_challenge=c-1').set('cookie', cookie);
    expect(again.status).toBe(410);
    expect(again.body.error.details).toEqual({ redirect_to: 'https://client.example/consent-done' });
  });

  it('rejects with access_denied, and refuses a decision without the XSRF header or with a bad action', async () => {
    const noXsrf = await request(h.gateway.server).post('/bff/consent').set('cookie', cookie).send({ consent_challenge: 'c-2', action: 'reject' });
    expect(noXsrf.status).toBe(403);
    const bad = await request(h.gateway.server).post('/bff/consent').set(browserWrite(cookie)).send({ consent_challenge: 'c-2', action: 'maybe' });
    expect(bad.status).toBe(400);
    // Not coerced: "remember": "yes" or 1 is not true, the challenge 12345 is not "12345".
    for (const body of [
      { consent_challenge: 'c-2', action: 'accept', remember: 1 },
      { consent_challenge: 12345, action: 'accept' },
    ]) {
      const uncoerced = await request(h.gateway.server).post('/bff/consent').set(browserWrite(cookie)).send(body);
      expect(uncoerced.status).toBe(400);
      expect(uncoerced.body.error.reason).toMatch(/body\/(remember|consent_challenge)/);
    }
    expect(hydra.decisions.has('consent accept c-2')).toBe(false);
    const res = await request(h.gateway.server).post('/bff/consent').set(browserWrite(cookie)).send({ consent_challenge: 'c-2', action: 'reject' });
    expect(res.body.redirect_to).toBe('https://client.example/callback?consent=reject');
    expect(hydra.decisions.get('consent reject c-2')).toMatchObject({ error: 'access_denied', status_code: 403 });
  });
});

describe('/bff/logout', () => {
  it('shows the logout request, accepts, and declines back to the application', async () => {
    const shown = await request(h.gateway.server).get('/bff/logout?logout_challenge=l-1');
    expect(shown.body).toEqual({ challenge: 'l-1', client: { client_id: 'survey-app', client_name: 'Survey App' }, rp_initiated: true });
    const accepted = await request(h.gateway.server).post('/bff/logout').set(browserWrite()).send({ logout_challenge: 'l-1', action: 'accept' });
    expect(accepted.body).toEqual({ redirect_to: 'https://client.example/callback?logout=accept' });
    const declined = await request(h.gateway.server).post('/bff/logout').set(browserWrite()).send({ logout_challenge: 'l-2', action: 'reject' });
    expect(declined.body).toEqual({ redirect_to: 'http://localhost:3000/' });
  });

  it('answers 404 when no OAuth2 provider is configured, and 502 when it is down', async () => {
    const none = await startHarness({}, {}, { identity: h.identity, api: h.api });
    try {
      expect((await request(none.gateway.server).get('/bff/logout?logout_challenge=l-1')).status).toBe(404);
    } finally {
      await none.close();
    }
    const down = await startHarness({ oauth2AdminUrl: 'http://127.0.0.1:9' }, {}, { identity: h.identity, api: h.api });
    try {
      expect((await request(down.gateway.server).get('/bff/logout?logout_challenge=l-1')).status).toBe(502);
    } finally {
      await down.close();
    }
  });
});
