/**
 * OAuth2 administration through the gateway, on the product as `npm start` runs it: a global
 * administrator manages applications (the secret shown once), sees and revokes what a user
 * granted after a real authorization, manages jwt-bearer issuers and sees and rotates the
 * provider's signing keys; anyone else is refused by the route policy. Without a provider the
 * routes say so.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../../server/api/http/errors.js';
import { apiLoggerOptions } from '../../../server/api/http/logging.js';
import { installValidators } from '../../../server/http/validators.js';
import { providerAdmin, unconfiguredProviderAdmin } from '../../../server/api/oauth2-apps/provider-admin.js';
import { registerOAuth2ApplicationRoutes } from '../../../server/api/oauth2-apps/routes.js';
import { TestBrowser, type Answer } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { dance, newBrowser } from '../oauth2/support/dance.js';
import { startStack, type Stack } from '../oauth2/support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const APPS = '/api/admin/oauth2/applications';

let stack: Stack;
let admin: TestBrowser;
let person: TestBrowser;
let personId: string;

/** A signed-in browser on the gateway's origin, and the identity id it signed up as. */
async function signUp(email: string): Promise<{ browser: TestBrowser; id: string }> {
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  const registered = await register(identityBrowser, email);
  expect(registered.status).toBe(200);
  const browser = newBrowser(stack.origin);
  browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
  browser.cookies.set('XSRF-TOKEN', 'xsrf-oauth2-admin-test');
  return { browser, id: registered.body.identity.id };
}

function call(browser: TestBrowser, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { origin: stack.origin, 'x-xsrf-token': 'xsrf-oauth2-admin-test' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return browser.send(method, path, body === undefined ? undefined : JSON.stringify(body), { json: true, headers });
}

const webApp = (name: string) => ({
  name,
  redirectUris: [REDIRECT],
  postLogoutRedirectUris: ['https://app.example.com/bye'],
  grantTypes: ['authorization_code', 'refresh_token'],
  scopes: ['openid', 'email', 'profile', 'offline_access'],
  tokenEndpointAuthMethod: 'client_secret_basic',
});

beforeAll(async () => {
  stack = await startStack({ OAUTH2_PRIVATE_NETWORK_CALLBACKS: 'true', OAUTH2_SIGNING_KEY_ROTATION_DAYS: '30' });
  // The first identity the API sees becomes the global administrator.
  ({ browser: admin } = await signUp(`oauth2-admin-${Date.now()}@example.com`));
  expect((await call(admin, 'GET', '/api/permissions')).body.map((p: { id: string }) => p.id)).toContain('admin:oauth2');
  ({ browser: person, id: personId } = await signUp(`oauth2-person-${Date.now()}@example.com`));
}, 90_000);

afterAll(async () => {
  await stack?.close();
});

describe('OAuth2 applications', () => {
  it('are created with the secret shown once, listed, read, edited, given a new secret and deleted', async () => {
    const created = await call(admin, 'POST', APPS, webApp('Survey Viewer'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { application, clientSecret } = created.body;
    expect(clientSecret).toEqual(expect.any(String));
    expect(application).toMatchObject({
      name: 'Survey Viewer',
      redirectUris: [REDIRECT],
      postLogoutRedirectUris: ['https://app.example.com/bye'],
      grantTypes: ['authorization_code', 'refresh_token'],
      scopes: ['openid', 'email', 'profile', 'offline_access'],
      tokenEndpointAuthMethod: 'client_secret_basic',
      skipConsent: false,
    });
    // The provider accepts the secret at its token endpoint.
    const config = await oidc.discovery(new URL(stack.issuer), application.id, undefined, oidc.ClientSecretBasic(clientSecret), { execute: [oidc.allowInsecureRequests] });
    expect(config.clientMetadata().client_id).toBe(application.id);

    const read = await call(admin, 'GET', `${APPS}/${application.id}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(clientSecret);
    const listed = await call(admin, 'GET', `${APPS}?name=${encodeURIComponent('Survey Viewer')}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((a: { id: string }) => a.id)).toEqual([application.id]);
    expect(JSON.stringify(listed.body)).not.toContain(clientSecret);

    const edited = await call(admin, 'PUT', `${APPS}/${application.id}`, {
      ...webApp('Survey Viewer 2'),
      grantTypes: ['authorization_code', 'jwt-bearer'],
      scopes: ['openid'],
      skipConsent: true,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: application.id, name: 'Survey Viewer 2', grantTypes: ['authorization_code', 'jwt-bearer'], scopes: ['openid'], skipConsent: true });
    const raw = await stack.admin('GET', `/admin/clients/${application.id}`);
    expect(raw.body.grant_types).toEqual(['authorization_code', 'urn:ietf:params:oauth:grant-type:jwt-bearer']);

    const rotated = await call(admin, 'POST', `${APPS}/${application.id}/secret`);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.clientSecret).not.toBe(clientSecret);
    const token = async (secret: string) =>
      fetch(`${stack.issuer}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${application.id}:${secret}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'nonexistent', redirect_uri: REDIRECT }),
      }).then(async (r) => (await r.json()) as { error: string });
    // The old secret no longer authenticates the client; the new one does (and gets as far as the code).
    expect((await token(clientSecret)).error).toBe('invalid_client');
    expect((await token(rotated.body.clientSecret)).error).toBe('invalid_grant');

    expect((await call(admin, 'DELETE', `${APPS}/${application.id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `${APPS}/${application.id}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `${APPS}/${application.id}`)).status).toBe(404);
  });

  it('are listed a page at a time', async () => {
    for (const name of ['Paged A', 'Paged B', 'Paged C']) expect((await call(admin, 'POST', APPS, webApp(name))).status).toBe(201);
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: Answer = await call(admin, 'GET', `${APPS}?pageSize=2${next ? `&pageToken=${encodeURIComponent(next)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((a: { name: string }) => a.name));
      next = page.body.nextPageToken;
    } while (next);
    expect(seen).toEqual(expect.arrayContaining(['Paged A', 'Paged B', 'Paged C']));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('never puts a secret in the API log', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: apiLoggerOptions('debug', stream) });
    installValidators(app);
    installErrorHandling(app);
    await registerOAuth2ApplicationRoutes(app, providerAdmin(stack.config.oauth2AdminUrl!, stack.config.oauth2AdminToken!));
    const created = await app.inject({ method: 'POST', url: APPS, payload: webApp('Logged App') });
    expect(created.statusCode).toBe(201);
    const rotated = await app.inject({ method: 'POST', url: `${APPS}/${created.json().application.id}/secret` });
    expect(rotated.statusCode).toBe(200);
    await app.close();
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [created.json().clientSecret, rotated.json().clientSecret]) expect(lines.join('')).not.toContain(secret);
  });

  it('a public client gets no secret, and a new one is refused', async () => {
    const created = await call(admin, 'POST', APPS, { ...webApp('Single Page'), grantTypes: ['authorization_code'], tokenEndpointAuthMethod: 'none' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.clientSecret).toBeNull();
    expect((await call(admin, 'POST', `${APPS}/${created.body.application.id}/secret`)).status).toBe(409);
    expect((await call(admin, 'PUT', `${APPS}/${created.body.application.id}`, webApp('Single Page'))).status).toBe(409);
  });

  it('refuses bad input with a 400 naming the field, and creates nothing', async () => {
    const before = (await call(admin, 'GET', APPS)).body.items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...webApp('X'), redirectUris: ['http://app.example.com/cb'] }, 'body/redirectUris/0'],
      [{ ...webApp('X'), redirectUris: ['/relative'] }, 'body/redirectUris/0'],
      [{ ...webApp('X'), redirectUris: ['https://app.example.com/cb#x'] }, 'body/redirectUris/0'],
      [{ ...webApp('X'), postLogoutRedirectUris: ['ftp://example.com/'] }, 'body/postLogoutRedirectUris/0'],
      [{ ...webApp('X'), grantTypes: ['implicit'] }, 'body/grantTypes/0'],
      [{ ...webApp('X'), scopes: ['two words'] }, 'body/scopes/0'],
      [{ ...webApp('X'), tokenEndpointAuthMethod: 'private_key_jwt' }, 'body/tokenEndpointAuthMethod'],
      [{ ...webApp('X'), redirectUris: [] }, 'body/redirectUris'],
      [{ ...webApp('X'), grantTypes: ['client_credentials'], tokenEndpointAuthMethod: 'none' }, 'body/tokenEndpointAuthMethod'],
      [{ ...webApp('X'), name: undefined }, 'body/name'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(admin, 'POST', APPS, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.reason, field).toContain(field);
    }
    // The provider's own refusal comes back as a 400 with its reason.
    const refused = await call(admin, 'POST', APPS, { ...webApp('X'), scopes: ['openid', 'no-such-scope'] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.reason).toMatch(/^The OAuth2 provider refused to create the application: .*scope/);
    expect((await call(admin, 'GET', APPS)).body.items.length).toBe(before);
  });

  it('are refused to anyone without admin:oauth2 by the route policy', async () => {
    const answer = await call(person, 'GET', APPS);
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).toContain('admin:oauth2');
    expect((await call(person, 'POST', APPS, webApp('Mine'))).status).toBe(403);
    expect((await call(newBrowser(stack.origin), 'GET', APPS)).status).toBe(401);
  });
});

describe("a user's granted applications", () => {
  it('lists an application after the user consented, and revokes it with its tokens', async () => {
    const created = await call(admin, 'POST', APPS, webApp('Granted App'));
    expect(created.status).toBe(201);
    const { application, clientSecret } = created.body;
    const config = await oidc.discovery(new URL(stack.issuer), application.id, undefined, oidc.ClientSecretBasic(clientSecret), { execute: [oidc.allowInsecureRequests] });
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await dance(person, stack.origin, url, REDIRECT, { remember: true });
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });

    const granted = await call(admin, 'GET', `/api/admin/oauth2/users/${personId}/applications`);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.items).toEqual([
      { application: { id: application.id, name: 'Granted App' }, scopes: ['openid', 'email'], remembered: true, lastGrantedAt: expect.any(String) },
    ]);

    expect((await call(admin, 'DELETE', `/api/admin/oauth2/users/${personId}/applications/${application.id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `/api/admin/oauth2/users/${personId}/applications`)).body.items).toEqual([]);
    // The access token issued under the consent went with it.
    const introspected = await stack.admin('POST', '/admin/oauth2/introspect', new URLSearchParams({ token: tokens.access_token }));
    expect(introspected.body.active).toBe(false);

    expect((await call(admin, 'DELETE', `/api/admin/oauth2/users/${personId}/applications`)).status).toBe(204);
    expect((await call(admin, 'GET', '/api/admin/oauth2/users/00000000-0000-4000-8000-000000000000/applications')).status).toBe(404);
  });
});

describe('trusted jwt-bearer issuers', () => {
  it('are added, listed and deleted; a private key is refused', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'partner-1', alg: 'ES256', use: 'sig' };
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const body = { issuer: 'https://partner.example.com', allowAnySubject: true, scopes: ['openid'], expiresAt, jwk };

    const privateJwk = { ...(await exportJWK(privateKey)), kid: 'partner-2', alg: 'ES256', use: 'sig' };
    const leaked = await call(admin, 'POST', '/api/admin/oauth2/issuers', { ...body, jwk: privateJwk });
    expect(leaked.status).toBe(400);
    expect(leaked.body.error.reason).toContain('body/jwk/d');
    const both = await call(admin, 'POST', '/api/admin/oauth2/issuers', { ...body, subject: 'someone' });
    expect(both.status).toBe(400);
    expect(both.body.error.reason).toContain('body/subject');

    const added = await call(admin, 'POST', '/api/admin/oauth2/issuers', body);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ issuer: 'https://partner.example.com', allowAnySubject: true, scopes: ['openid'], keyId: 'partner-1', subject: '' });
    const listed = await call(admin, 'GET', '/api/admin/oauth2/issuers');
    expect(listed.body.items.map((i: { id: string }) => i.id)).toContain(added.body.id);
    expect((await call(admin, 'DELETE', `/api/admin/oauth2/issuers/${added.body.id}`)).status).toBe(204);
    expect((await call(admin, 'GET', '/api/admin/oauth2/issuers')).body.items.map((i: { id: string }) => i.id)).not.toContain(added.body.id);
    expect((await call(admin, 'DELETE', `/api/admin/oauth2/issuers/${added.body.id}`)).status).toBe(404);
    expect((await call(person, 'GET', '/api/admin/oauth2/issuers')).status).toBe(403);
  });
});

describe("the provider's signing keys", () => {
  const KEYS = '/api/admin/oauth2/signing-keys';
  const HOUR = 3_600_000;
  const published = async () => ((await (await fetch(`${stack.issuer}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);

  it('are listed with their times, and rotated at once: the new key signs, the old one stays until its tokens expire', async () => {
    const listed = await call(admin, 'GET', KEYS);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [signing, ...others] = listed.body.items;
    expect(others).toEqual([]);
    expect(signing).toEqual({
      kid: expect.any(String),
      algorithm: 'RS256',
      signing: true,
      createdAt: expect.any(String),
      retiredAt: null,
      rotatesAt: expect.any(String),
      removesAt: null,
    });
    // OAUTH2_SIGNING_KEY_ROTATION_DAYS reaches the embedded provider.
    expect(Date.parse(signing.rotatesAt) - Date.parse(signing.createdAt)).toBe(30 * 24 * HOUR);
    expect(await published()).toEqual([signing.kid]);

    const rotated = await call(admin, 'POST', KEYS);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(201);
    const [next, retired] = rotated.body.items;
    expect(next).toMatchObject({ signing: true, retiredAt: null, removesAt: null });
    expect(next.kid).not.toBe(signing.kid);
    expect(retired).toMatchObject({ kid: signing.kid, signing: false, createdAt: signing.createdAt, rotatesAt: null });
    // ID tokens live an hour by default: the old key leaves the JWKS an hour after the last instance
    // could still sign with it (each rereads the keys every minute).
    expect(Date.parse(retired.removesAt) - Date.parse(retired.retiredAt)).toBe(HOUR + 60_000);
    expect(await published()).toEqual([next.kid, signing.kid]);
    expect((await call(admin, 'GET', KEYS)).body).toEqual(rotated.body);
  });

  it('are refused to anyone without admin:oauth2 by the route policy', async () => {
    const before = await published();
    // The sign-in through the provider above left the person another XSRF cookie than the one call() sends.
    person.cookies.set('XSRF-TOKEN', 'xsrf-oauth2-admin-test');
    for (const method of ['GET', 'POST']) {
      const answer = await call(person, method, '/api/admin/oauth2/signing-keys');
      expect(answer.status, method).toBe(403);
      expect(JSON.stringify(answer.body), method).toContain('admin:oauth2');
    }
    expect((await call(newBrowser(stack.origin), 'GET', '/api/admin/oauth2/signing-keys')).status).toBe(401);
    expect(await published()).toEqual(before);
  });
});

describe('without a reachable provider', () => {
  const appWith = async (provider: Parameters<typeof registerOAuth2ApplicationRoutes>[1]) => {
    const app = Fastify({ logger: false });
    installValidators(app);
    installErrorHandling(app);
    await registerOAuth2ApplicationRoutes(app, provider);
    return app;
  };

  it('answers 503 naming the settings when none is configured', async () => {
    const app = await appWith(unconfiguredProviderAdmin());
    const answer = await app.inject({ method: 'GET', url: APPS });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.reason).toContain('OAUTH2_ADMIN_URL');
    await app.close();
  });

  it('answers 502 when the configured one does not answer', async () => {
    const app = await appWith(providerAdmin('http://127.0.0.1:9', 'a-token-of-sixteen-chars'));
    const answer = await app.inject({ method: 'GET', url: APPS });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().error.reason).toContain('could not be reached');
    await app.close();
  });
});
