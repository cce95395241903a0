/**
 * Where the provider keeps its rows in memory (PGlite: this process is the database's only
 * writer), a revocation still takes effect at the very next request: revoking a token, ending all
 * of a client's tokens through the admin API, deleting the client. Each check is preceded by
 * requests that read the same rows, so that they are kept when the revocation happens.
 */
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { dance, newBrowser } from './support/dance.js';
import { startStack, type Stack } from './support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const options = { execute: [oidc.allowInsecureRequests] };
let stack: Stack;
let browser: TestBrowser;

async function machine(name: string) {
  const created = await stack.admin('POST', '/admin/clients', {
    client_name: name,
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'client_credentials'],
    scope: 'openid email',
    skip_consent: true,
  });
  expect(created.status).toBe(201);
  const client = created.body as { client_id: string; client_secret: string };
  const config = await oidc.discovery(new URL(stack.issuer), client.client_id, undefined, oidc.ClientSecretBasic(client.client_secret), options);
  return { client, config };
}

async function userToken(config: oidc.Configuration): Promise<string> {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid email',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const { callback } = await dance(browser, stack.origin, url, REDIRECT);
  return (await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier })).access_token;
}

async function userinfo(token: string): Promise<number> {
  const answer = await fetch(`${stack.issuer}/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  return answer.status;
}

const introspect = async (token: string) => (await stack.admin('POST', '/admin/oauth2/introspect', new URLSearchParams({ token }))).body as { active: boolean };

beforeAll(async () => {
  stack = await startStack();
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  expect((await register(identityBrowser, `revocation-${Date.now()}@example.com`)).status).toBe(200);
  browser = newBrowser(stack.origin);
  browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe('revocation at the next request, with rows kept in memory', () => {
  it('a revoked access token is refused at the very next /userinfo', async () => {
    const { config } = await machine('Revoke one');
    const token = await userToken(config);
    for (let i = 0; i < 3; i++) expect(await userinfo(token)).toBe(200);
    await oidc.tokenRevocation(config, token);
    expect(await userinfo(token)).toBe(401);
  });

  it("ending a client's tokens through the admin API refuses them at the next request", async () => {
    const { client, config } = await machine('Revoke all');
    const token = await userToken(config);
    const machineToken = (await oidc.clientCredentialsGrant(config, { scope: 'email' })).access_token;
    for (let i = 0; i < 3; i++) {
      expect(await userinfo(token)).toBe(200);
      expect((await introspect(machineToken)).active).toBe(true);
    }
    expect((await stack.admin('DELETE', `/admin/oauth2/tokens?client_id=${client.client_id}`)).status).toBe(204);
    expect(await userinfo(token)).toBe(401);
    expect((await introspect(machineToken)).active).toBe(false);
  });

  it('a deleted client gets no more tokens, and its tokens stop working', async () => {
    const { client, config } = await machine('Deleted');
    const token = await userToken(config);
    for (let i = 0; i < 3; i++) {
      expect(await userinfo(token)).toBe(200);
      await oidc.clientCredentialsGrant(config, { scope: 'email' });
    }
    expect((await stack.admin('DELETE', `/admin/clients/${client.client_id}`)).status).toBe(204);
    const refused = await fetch(`${stack.issuer}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=email',
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    expect(await userinfo(token)).toBe(401);
  });

  it('a token issued and read many times concurrently stays valid until revoked, then is refused', async () => {
    const { config } = await machine('Concurrent');
    const token = await userToken(config);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => userinfo(token)));
    expect(new Set(statuses)).toEqual(new Set([200]));
    await oidc.tokenRevocation(config, token);
    const after = await Promise.all(Array.from({ length: 20 }, () => userinfo(token)));
    expect(new Set(after)).toEqual(new Set([401]));
  });
});
