/**
 * A revocation takes effect at the very next request: revoking a token, ending all of a client's
 * tokens through the admin API, deleting the client. On PGlite the provider keeps its rows in
 * memory (this process is the database's only writer), on PostgreSQL a token's lookup reads the
 * rows of the rest of its request beside it; each check is preceded by requests that read the
 * same rows, so that they are kept when the revocation happens.
 */
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresReachable, TEST_DATABASE_URL } from '../db/support.js';
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

/** The whole product on a database of its own on the PostgreSQL test server, dropped afterwards. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sitewave_revocation_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
    },
  };
}

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is required for the revocation tests in CI (${TEST_DATABASE_URL})`);
if (!reachable) console.warn(`Skipping the revocation tests on PostgreSQL: nothing answers at ${TEST_DATABASE_URL}`);

describe.each([['PGlite', false] as const, ...(reachable ? [['PostgreSQL', true] as const] : [])])('revocation at the next request on %s', (_name, onPostgres) => {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

  beforeAll(async () => {
    database = onPostgres ? await freshDatabase() : undefined;
    stack = await startStack(database ? { DATABASE_URL: database.url } : {});
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await register(identityBrowser, `revocation-${Date.now()}@example.com`)).status).toBe(200);
    browser = newBrowser(stack.origin);
    browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await database?.drop();
  });

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
