/**
 * A real OpenID Connect relying party (openid-client) against the product as `npm start` runs
 * it: discovery through the gateway's `/.ory`, a client made through the admin API, sign-in on
 * the identity service's login flow, consent on the gateway's consent endpoint, the code
 * exchanged with PKCE, the ID token checked against the JWKS, userinfo by scope, refresh tokens
 * rotated, revocation and introspection.
 */
import { decodeProtectedHeader } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { dance, newBrowser } from './support/dance.js';
import { startStack, type Stack } from './support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
let stack: Stack;
let email: string;
let signedIn: TestBrowser;
let confidential: { client_id: string; client_secret: string };

async function rp(clientId: string, secret?: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(stack.issuer), clientId, undefined, secret ? oidc.ClientSecretBasic(secret) : oidc.None(), { execute: [oidc.allowInsecureRequests] });
}

async function authorizationUrl(config: oidc.Configuration, scope: string, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url, verifier, state };
}

beforeAll(async () => {
  stack = await startStack();
  email = `rp-${Date.now()}@example.com`;
  signedIn = newBrowser(stack.origin);
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  const registered = await register(identityBrowser, email);
  expect(registered.status).toBe(200);
  signedIn.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
  const created = await stack.admin('POST', '/admin/clients', {
    client_name: 'Relying Party',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    response_types: ['code'],
    scope: 'openid email profile offline_access',
  });
  expect(created.status).toBe(201);
  confidential = created.body;
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe('authorization code with PKCE through the gateway', () => {
  it('discovers the provider under /.ory with Hydra paths', async () => {
    const config = await rp(confidential.client_id, confidential.client_secret);
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(stack.issuer);
    expect(metadata.authorization_endpoint).toBe(`${stack.issuer}/oauth2/auth`);
    expect(metadata.token_endpoint).toBe(`${stack.issuer}/oauth2/token`);
    expect(metadata.jwks_uri).toBe(`${stack.issuer}/.well-known/jwks.json`);
    expect(metadata.userinfo_endpoint).toBe(`${stack.issuer}/userinfo`);
    expect(metadata.revocation_endpoint).toBe(`${stack.issuer}/oauth2/revoke`);
    expect(metadata.end_session_endpoint).toBe(`${stack.issuer}/oauth2/sessions/logout`);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.grant_types_supported).not.toContain('password');
    expect(metadata.grant_types_supported).not.toContain('implicit');
    // The same document at the origin's root, naming the same issuer.
    const root = (await (await fetch(`${stack.origin}/.well-known/openid-configuration`)).json()) as { issuer: string; token_endpoint: string };
    expect(root).toMatchObject({ issuer: stack.issuer, token_endpoint: `${stack.issuer}/oauth2/token` });
  });

  it('signs in with the existing session, asks consent, and issues tokens for the granted scopes only', async () => {
    const config = await rp(confidential.client_id, confidential.client_secret);
    // OpenID Connect Core §11: offline_access counts only with prompt=consent.
    const { url, verifier, state } = await authorizationUrl(config, 'openid email profile offline_access', { prompt: 'consent' });
    const { callback, consent } = await dance(signedIn, stack.origin, url, REDIRECT, { grant: ['openid', 'email', 'offline_access'] });
    expect(consent.client.client_name).toBe('Relying Party');
    expect(consent.requested_scope).toEqual(['openid', 'email', 'profile', 'offline_access']);
    expect(consent.skip).toBe(false);

    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(stack.issuer);
    expect(claims.aud).toBe(confidential.client_id);
    expect(claims.email).toBe(email);
    expect(claims.email_verified).toBe(false);
    // profile was not granted.
    expect(claims.name).toBeUndefined();
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'offline_access', 'openid']);

    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo.email).toBe(email);
    expect(userinfo.name).toBeUndefined();

    // Refresh rotates: the new token works, the old one is refused afterwards.
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('rotates the signing key: new ID tokens use the new key, the old key verifies until it is dropped', async () => {
    const signIn = async () => {
      const config = await rp(confidential.client_id, confidential.client_secret);
      const { url, verifier, state } = await authorizationUrl(config, 'openid email');
      const { callback } = await dance(signedIn, stack.origin, url, REDIRECT);
      return oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    };
    const before = await signIn();
    const oldKid = decodeProtectedHeader(before.id_token!).kid;

    const rotated = await stack.admin('POST', '/admin/keys/hydra.openid.id-token', { alg: 'RS256', use: 'sig' });
    expect(rotated.status).toBe(201);
    const newKid: string = rotated.body.keys[0].kid;
    expect(newKid).not.toBe(oldKid);
    const published = (await (await fetch(`${stack.issuer}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(published.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);

    // openid-client checks the new token against the published set.
    const after = await signIn();
    expect(decodeProtectedHeader(after.id_token!).kid).toBe(newKid);

    expect((await stack.admin('DELETE', `/admin/keys/hydra.openid.id-token/${newKid}`)).status).toBe(400);
    expect((await stack.admin('DELETE', `/admin/keys/hydra.openid.id-token/${oldKid}`)).status).toBe(204);
    const remaining = (await (await fetch(`${stack.issuer}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(remaining.keys.map((key) => key.kid)).toEqual([newKid]);
  });
});
