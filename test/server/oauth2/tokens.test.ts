/**
 * The token endpoint and the admin token APIs with a real client (openid-client): client
 * credentials, introspection, revocation, a client's tokens revoked; and the refusals, each the
 * standard OAuth2 error with nothing issued: wrong redirect URI, a public client without PKCE,
 * a code used twice, an expired code, a wrong client secret, a scope the client may not ask for.
 */
import { createHash } from 'node:crypto';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { dance, newBrowser } from './support/dance.js';
import { startStack, type Stack } from './support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
let stack: Stack;
let browser: TestBrowser;
let client: { client_id: string; client_secret: string };
let config: oidc.Configuration;

const options = { execute: [oidc.allowInsecureRequests] };

async function introspect(token: string, scope?: string) {
  return stack.admin('POST', '/admin/oauth2/introspect', new URLSearchParams({ token, ...(scope ? { scope } : {}) }));
}

/** Follows the provider's redirects without a client check, to see where a bad request ends. */
async function firstStop(url: string): Promise<URL> {
  const answer = await browser.get(url, { json: false });
  return new URL(answer.location!, url);
}

async function codeFor(scope = 'openid email') {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const { callback } = await dance(browser, stack.origin, url, REDIRECT);
  return { callback, verifier };
}

beforeAll(async () => {
  stack = await startStack();
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  expect((await register(identityBrowser, `tokens-${Date.now()}@example.com`)).status).toBe(200);
  browser = newBrowser(stack.origin);
  browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
  const created = await stack.admin('POST', '/admin/clients', {
    client_name: 'Machine',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    scope: 'openid email offline',
    skip_consent: true,
  });
  expect(created.status).toBe(201);
  client = created.body;
  config = await oidc.discovery(new URL(stack.issuer), client.client_id, undefined, oidc.ClientSecretBasic(client.client_secret), options);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe('tokens', () => {
  it('client_credentials issues an access token that introspects as active for its scopes', async () => {
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'email' });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const active = await introspect(tokens.access_token);
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ active: true, client_id: client.client_id, scope: 'email', token_use: 'access_token', iss: stack.issuer });
    expect((await introspect(tokens.access_token, 'openid')).body).toEqual({ active: false });
    expect((await introspect('not-a-token')).body).toEqual({ active: false });
  });

  it("Hydra's offline scope gives a refresh token; revocation ends it and the grant's access token", async () => {
    const { callback, verifier } = await codeFor('openid email offline');
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.refresh_token).toBeTruthy();
    expect((await introspect(tokens.refresh_token!)).body).toMatchObject({ active: true, token_use: 'refresh_token' });
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    expect((await introspect(tokens.refresh_token!)).body).toEqual({ active: false });
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('the ID token of the code flow and of a refresh carries at_hash of its access token', async () => {
    const { callback, verifier } = await codeFor('openid email offline');
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    // OpenID Connect Core 3.1.3.6: the left half of SHA-256 (RS256) of the token, base64url.
    const atHash = (token: string) => createHash('sha256').update(token).digest().subarray(0, 16).toString('base64url');
    expect(decodeJwt(tokens.id_token!).at_hash).toBe(atHash(tokens.access_token));
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(decodeJwt(refreshed.id_token!).at_hash).toBe(atHash(refreshed.access_token));
  });

  it('a reused refresh token revokes the whole family', async () => {
    const { callback, verifier } = await codeFor('openid offline');
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The replay took the new one down with it.
    expect((await introspect(rotated.refresh_token!)).body).toEqual({ active: false });
    expect((await introspect(rotated.access_token)).body).toEqual({ active: false });
  });

  it('DELETE /admin/oauth2/tokens ends every token of the client and keeps the client', async () => {
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'email' });
    expect((await stack.admin('DELETE', `/admin/oauth2/tokens?client_id=${client.client_id}`)).status).toBe(204);
    expect((await introspect(tokens.access_token)).body).toEqual({ active: false });
    expect((await stack.admin('GET', `/admin/clients/${client.client_id}`)).status).toBe(200);
  });
});

describe('refusals', () => {
  it('a redirect URI the client did not register goes to the error screen, not to that URI', async () => {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:9/elsewhere',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const stop = await firstStop(url.href);
    expect(stop.origin + stop.pathname).toBe(`${stack.origin}/error`);
    expect(stop.searchParams.get('error')).toBe('invalid_redirect_uri');
  });

  it('a public client without PKCE gets invalid_request at its redirect URI', async () => {
    const created = await stack.admin('POST', '/admin/clients', { client_name: 'SPA', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', scope: 'openid' });
    expect(created.status).toBe(201);
    expect(created.body.client_secret).toBeUndefined();
    const spa = await oidc.discovery(new URL(stack.issuer), created.body.client_id, undefined, oidc.None(), options);
    const stop = await firstStop(oidc.buildAuthorizationUrl(spa, { redirect_uri: REDIRECT, scope: 'openid' }).href);
    expect(stop.origin + stop.pathname).toBe(REDIRECT);
    expect(stop.searchParams.get('error')).toBe('invalid_request');
    expect(stop.searchParams.get('code')).toBeNull();
  });

  it('a code is good once', async () => {
    const { callback, verifier } = await codeFor();
    await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    await expect(oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('an expired code is invalid_grant and issues nothing', async () => {
    const { callback, verifier } = await codeFor();
    // Only the clock moves past the code's ten minutes; the provider keeps running in this process.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 601_000);
      await expect(oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier })).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a wrong client secret is invalid_client and the code stays unused', async () => {
    const { callback, verifier } = await codeFor();
    const wrong = await oidc.discovery(new URL(stack.issuer), client.client_id, undefined, oidc.ClientSecretBasic('not-the-secret'), options);
    // 401 with the error in the WWW-Authenticate challenge, as RFC 6749 §5.2 asks of Basic authentication.
    const refused = { status: 401, cause: [{ scheme: 'basic', parameters: { error: 'invalid_client' } }] };
    await expect(oidc.authorizationCodeGrant(wrong, callback, { pkceCodeVerifier: verifier })).rejects.toMatchObject(refused);
    await expect(oidc.clientCredentialsGrant(wrong)).rejects.toMatchObject(refused);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.access_token).toBeTruthy();
  });

  it("a scope outside the client's is invalid_scope, for the code flow and for client credentials", async () => {
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid profile', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    const stop = await firstStop(url.href);
    expect(stop.origin + stop.pathname).toBe(REDIRECT);
    expect(stop.searchParams.get('error')).toBe('invalid_scope');
    await expect(oidc.clientCredentialsGrant(config, { scope: 'profile' })).rejects.toMatchObject({ error: 'invalid_scope' });
  });

  it('the password grant is not offered, nor dynamic registration unless turned on', async () => {
    const password = await fetch(`${stack.issuer}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'password', username: 'a@example.com', password: 'x' }),
    });
    expect(password.status).toBe(400);
    expect(((await password.json()) as { error: string }).error).toBe('unsupported_grant_type');
    const registration = await fetch(`${stack.issuer}/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"redirect_uris":["https://x.example/cb"]}',
    });
    expect(registration.status).toBe(404);
  });

  it('the implicit flow is not offered', async () => {
    const url = new URL(`${stack.issuer}/oauth2/auth`);
    url.search = new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'id_token token', scope: 'openid', nonce: 'n' }).toString();
    const stop = await firstStop(url.href);
    // The error goes in the fragment, as the response type asked for, and carries no token.
    const answer = new URLSearchParams(stop.hash.slice(1));
    expect(answer.get('error')).toBe('unsupported_response_type');
    expect(answer.get('access_token')).toBeNull();
    expect(answer.get('id_token')).toBeNull();
  });
});

describe('jwt-bearer grant from a trusted issuer', () => {
  const PARTNER = 'https://partner.example';
  let partner: { client_id: string; client_secret: string };
  let sign: (claims: Record<string, unknown>, kid?: string) => Promise<string>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'partner-key-1', alg: 'ES256' };
    const trust = await stack.admin('POST', '/admin/trust/grants/jwt-bearer/issuers', {
      issuer: PARTNER,
      subject: 'partner-user',
      scope: ['email'],
      jwk,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(trust.status, JSON.stringify(trust.body)).toBe(201);
    expect(trust.body).toMatchObject({ issuer: PARTNER, subject: 'partner-user', allow_any_subject: false, public_key: { set: PARTNER, kid: 'partner-key-1' } });
    expect((await stack.admin('GET', `/admin/trust/grants/jwt-bearer/issuers?issuer=${encodeURIComponent(PARTNER)}`)).body).toHaveLength(1);
    expect(
      (
        await stack.admin('POST', '/admin/trust/grants/jwt-bearer/issuers', {
          issuer: PARTNER,
          subject: 'x',
          scope: [],
          jwk: { ...jwk, d: 'secret' },
          expires_at: new Date(Date.now() + 60_000).toISOString(),
        })
      ).status,
    ).toBe(400);
    const created = await stack.admin('POST', '/admin/clients', {
      client_name: 'Partner Backend',
      grant_types: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      scope: 'email profile',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    partner = created.body;
    sign = (claims, kid = 'partner-key-1') =>
      new SignJWT({ jti: crypto.randomUUID(), ...claims }).setProtectedHeader({ alg: 'ES256', kid }).setIssuedAt().setExpirationTime('5m').sign(privateKey);
  });

  const exchange = async (assertion: string, scope = 'email') => {
    const answer = await fetch(`${stack.issuer}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${partner.client_id}:${partner.client_secret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion, scope }),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, any> };
  };

  it('exchanges a signed assertion for an access token of its subject, once', async () => {
    const assertion = await sign({ iss: PARTNER, sub: 'partner-user', aud: `${stack.issuer}/oauth2/token` });
    const issued = await exchange(assertion);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toMatchObject({ token_type: 'Bearer', scope: 'email' });
    expect((await introspect(issued.body.access_token)).body).toMatchObject({ active: true, sub: 'partner-user', client_id: partner.client_id, scope: 'email' });
    const replayed = await exchange(assertion);
    expect(replayed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses another audience, another subject, an unknown key, and scopes beyond the trust', async () => {
    const aud = `${stack.issuer}/oauth2/token`;
    expect((await exchange(await sign({ iss: PARTNER, sub: 'partner-user', aud: 'https://elsewhere.example/token' }))).body.error).toBe('invalid_grant');
    expect((await exchange(await sign({ iss: PARTNER, sub: 'someone-else', aud }))).body.error).toBe('invalid_grant');
    expect((await exchange(await sign({ iss: PARTNER, sub: 'partner-user', aud }, 'unknown-key'))).body.error).toBe('invalid_grant');
    expect((await exchange(await sign({ iss: 'https://stranger.example', sub: 'partner-user', aud }))).body.error).toBe('invalid_grant');
    expect((await exchange(await sign({ iss: PARTNER, sub: 'partner-user', aud }), 'profile')).body.error).toBe('invalid_scope');
  });

  it('stops trusting once the trust is deleted', async () => {
    const [trust] = (await stack.admin('GET', `/admin/trust/grants/jwt-bearer/issuers?issuer=${encodeURIComponent(PARTNER)}`)).body;
    expect((await stack.admin('GET', `/admin/trust/grants/jwt-bearer/issuers/${trust.id}`)).body.id).toBe(trust.id);
    expect((await stack.admin('DELETE', `/admin/trust/grants/jwt-bearer/issuers/${trust.id}`)).status).toBe(204);
    const assertion = await sign({ iss: PARTNER, sub: 'partner-user', aud: `${stack.issuer}/oauth2/token` });
    expect((await exchange(assertion)).body.error).toBe('invalid_grant');
  });
});
