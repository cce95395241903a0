/**
 * The provider's admin API in Hydra's shapes, on its own: clients (secret shown once, list with
 * filters and pages, put, JSON patch, delete), the bearer token, key sets, the login request's
 * shape and its 410 once answered, and signing keys that survive a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.js';
import { DEFAULT_OAUTH2_LIFESPANS } from '../../../server/oauth2/options.js';
import { startOAuth2Service, type RunningOAuth2Service } from '../../../server/oauth2/start.js';

const TOKEN = 'oauth2-admin-token-for-tests';
const ISSUER = 'http://localhost:3000/.ory';
let dataDir: string;

async function start(): Promise<{ running: RunningOAuth2Service; close(): Promise<void> }> {
  const db = await openDatabase({ dataDir, name: 'oauth2' });
  const running = await startOAuth2Service({
    db,
    options: { issuer: ISSUER, uiUrl: 'http://localhost:3000', adminToken: TOKEN, identityAdmin: () => undefined, lifespans: DEFAULT_OAUTH2_LIFESPANS, dynamicRegistration: true },
  });
  return {
    running,
    async close() {
      await running.close();
      await db.close();
    },
  };
}

let service: Awaited<ReturnType<typeof start>>;

async function admin(method: string, adminPath: string, body?: unknown, token = TOKEN): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(adminPath, service.running.adminUrl), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sitewave-oauth2-admin-'));
  service = await start();
}, 30_000);

afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('clients', () => {
  it('shows the secret at creation only', async () => {
    const created = await admin('POST', '/admin/clients', { client_name: 'Once', redirect_uris: ['https://app.example/cb'], owner: 'team-a' });
    expect(created.status).toBe(201);
    expect(created.body.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ client_name: 'Once', owner: 'team-a', grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_basic' });
    expect(created.body.created_at).toBeTruthy();
    const read = await admin('GET', `/admin/clients/${created.body.client_id}`);
    expect(read.status).toBe(200);
    expect(read.body.client_secret).toBeUndefined();
    expect(read.body.client_name).toBe('Once');
  });

  it('refuses invalid metadata with the field named, and a taken client_id', async () => {
    const bad = await admin('POST', '/admin/clients', { redirect_uris: ['not a url'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_redirect_uri');
    expect(bad.body.error_description).toContain('redirect_uris');
    // A number is not a secret: bodies are not coerced.
    const numeric = await admin('POST', '/admin/clients', { redirect_uris: ['https://app.example/cb'], client_secret: 12345678 });
    expect(numeric.status).toBe(400);
    expect(JSON.stringify(numeric.body)).toContain('client_secret');
    const framed = await admin('POST', '/admin/clients', { redirect_uris: ['https://app.example/cb'], frontchannel_logout_uri: 'https://app.example/out#x' });
    expect(framed.status).toBe(400);
    expect(framed.body.error_description).toContain('frontchannel_logout_uri');
    const first = await admin('POST', '/admin/clients', { client_id: 'fixed-id', redirect_uris: ['https://app.example/cb'] });
    expect(first.status).toBe(201);
    expect((await admin('POST', '/admin/clients', { client_id: 'fixed-id', redirect_uris: ['https://app.example/cb'] })).status).toBe(409);
  });

  it('lists by name and owner, a page at a time', async () => {
    for (const n of [1, 2, 3]) {
      expect((await admin('POST', '/admin/clients', { client_name: 'Paged', owner: 'pager', redirect_uris: [`https://app.example/${n}`] })).status).toBe(201);
    }
    const first = await admin('GET', '/admin/clients?owner=pager&page_size=2');
    expect(first.body).toHaveLength(2);
    const next = /page_token=([^>&]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeTruthy();
    const second = await admin('GET', `/admin/clients?owner=pager&page_size=2&page_token=${next}`);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get('link')).not.toContain('rel="next"');
    const ids = [...first.body, ...second.body].map((c: any) => c.client_id);
    expect(new Set(ids).size).toBe(3);
    const named = await admin('GET', '/admin/clients?client_name=Paged');
    expect(named.body).toHaveLength(3);
    expect(named.body[0]).toMatchObject({ owner: 'pager', grant_types: ['authorization_code'] });
    expect(named.body[0].client_secret).toBeUndefined();
    expect((await admin('GET', '/admin/clients?client_name=Nobody')).body).toEqual([]);
  });

  it('replaces with PUT keeping the secret, patches with JSON Patch, and deletes', async () => {
    const created = await admin('POST', '/admin/clients', { client_name: 'Edit me', redirect_uris: ['https://app.example/cb'] });
    const id = created.body.client_id;
    const put = await admin('PUT', `/admin/clients/${id}`, { client_name: 'Edited', redirect_uris: ['https://app.example/other'], scope: 'openid email' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ client_id: id, client_name: 'Edited', scope: 'openid email', redirect_uris: ['https://app.example/other'] });
    expect(put.body.client_secret).toBeUndefined();
    expect(put.body.created_at).toBe(created.body.created_at);

    const patched = await admin('PATCH', `/admin/clients/${id}`, [
      { op: 'replace', path: '/client_name', value: 'Patched' },
      { op: 'add', path: '/redirect_uris/-', value: 'https://app.example/third' },
      { op: 'add', path: '/skip_consent', value: true },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ client_name: 'Patched', skip_consent: true, redirect_uris: ['https://app.example/other', 'https://app.example/third'] });
    expect((await admin('PATCH', `/admin/clients/${id}`, [{ op: 'replace', path: '/client_id', value: 'other' }])).status).toBe(400);
    expect((await admin('PATCH', `/admin/clients/${id}`, [{ op: 'test', path: '/client_name', value: 'Wrong' }])).status).toBe(400);
    const missing = await admin('PATCH', `/admin/clients/${id}`, [{ op: 'remove', path: '/no_such_field' }]);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect((await admin('GET', `/admin/clients/${id}`)).body.client_name).toBe('Patched');

    expect((await admin('DELETE', `/admin/clients/${id}`)).status).toBe(204);
    expect((await admin('GET', `/admin/clients/${id}`)).status).toBe(404);
    expect((await admin('DELETE', `/admin/clients/${id}`)).status).toBe(404);
  });

  it("keeps Hydra's free-form metadata of a client, which stays readable, listable and patchable", async () => {
    const created = await admin('POST', '/admin/clients', { client_name: 'With metadata', redirect_uris: ['https://app.example/cb'], metadata: { team: 'facilities' } });
    expect(created.status).toBe(201);
    const id = created.body.client_id;
    expect(created.body.metadata).toEqual({ team: 'facilities' });
    expect((await admin('GET', `/admin/clients/${id}`)).body.metadata).toEqual({ team: 'facilities' });
    const listed = await admin('GET', '/admin/clients?client_name=With%20metadata');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ client_id: id, metadata: { team: 'facilities' } })]);
    const patched = await admin('PATCH', `/admin/clients/${id}`, [{ op: 'add', path: '/metadata/floor', value: 2 }]);
    expect(patched.status).toBe(200);
    expect(patched.body.metadata).toEqual({ team: 'facilities', floor: 2 });
    // Sent back as the GET shows it (Hydra's empty metadata included), the client stays readable.
    const again = await admin('PUT', `/admin/clients/${id}`, { ...(await admin('GET', `/admin/clients/${id}`)).body, metadata: {} });
    expect(again.status).toBe(200);
    expect((await admin('GET', `/admin/clients/${id}`)).status).toBe(200);
    expect((await admin('POST', '/admin/clients', { client_name: 'Bad', redirect_uris: ['https://app.example/cb'], metadata: ['x'] })).status).toBe(400);
  });

  it('sets per-client token lifespans (Hydra durations) and goes back to the defaults', async () => {
    // Client credentials only: no redirect URIs needed, as in Hydra.
    const created = await admin('POST', '/admin/clients', { client_name: 'Short Lived', grant_types: ['client_credentials'], scope: 'email' });
    expect(created.status).toBe(201);
    const { client_id: id, client_secret: secret } = created.body as { client_id: string; client_secret: string };
    const issue = async () => {
      const answer = await fetch(`${service.running.publicUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
        body: 'grant_type=client_credentials&scope=email',
      });
      return ((await answer.json()) as { expires_in: number }).expires_in;
    };
    expect(await issue()).toBe(3600);
    const set = await admin('PUT', `/admin/clients/${id}/lifespans`, { client_credentials_grant_access_token_lifespan: '1m30s' });
    expect(set.status).toBe(200);
    expect(set.body.client_credentials_grant_access_token_lifespan).toBe('1m30s');
    expect(await issue()).toBe(90);
    expect((await admin('PUT', `/admin/clients/${id}/lifespans`, { client_credentials_grant_access_token_lifespan: '5 minutes' })).status).toBe(400);
    expect((await admin('PUT', `/admin/clients/${id}/lifespans`, {})).status).toBe(200);
    expect(await issue()).toBe(3600);
  });

  it('needs the bearer token', async () => {
    const refused = await admin('GET', '/admin/clients', undefined, 'wrong-token');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('unauthorized');
  });
});

describe('login and consent requests', () => {
  it('answers 404 in Hydra shape for an unknown challenge', async () => {
    const answer = await admin('GET', '/admin/oauth2/auth/requests/login?login_challenge=unknown');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'Not Found', status_code: 404 });
    expect((await admin('PUT', '/admin/oauth2/auth/requests/consent/accept?consent_challenge=unknown', {})).status).toBe(404);
  });

  it('shows the login request, accepts it once, and answers 410 with the start of the authorization after', async () => {
    const created = await admin('POST', '/admin/clients', { client_name: 'Waiting', redirect_uris: ['https://app.example/cb'], scope: 'openid email' });
    const auth = new URL(`${service.running.publicUrl}/oauth2/auth`);
    auth.search = new URLSearchParams({
      client_id: created.body.client_id,
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scope: 'openid email',
      state: 's1',
    }).toString();
    const redirect = await fetch(auth, { redirect: 'manual', headers: { 'x-forwarded-host': 'localhost:3000', 'x-forwarded-proto': 'http' } });
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/login');
    const challenge = location.searchParams.get('login_challenge')!;

    const request = await admin('GET', `/admin/oauth2/auth/requests/login?login_challenge=${challenge}`);
    expect(request.status).toBe(200);
    expect(request.body).toMatchObject({ challenge, skip: false, subject: '', requested_scope: ['openid', 'email'], client: { client_name: 'Waiting' } });
    expect(request.body.client.client_secret).toBeUndefined();
    expect(new URL(request.body.request_url).searchParams.get('state')).toBe('s1');

    expect((await admin('PUT', `/admin/oauth2/auth/requests/login/accept?login_challenge=${challenge}`, {})).status).toBe(400);
    const accepted = await admin('PUT', `/admin/oauth2/auth/requests/login/accept?login_challenge=${challenge}`, { subject: 'someone', remember: true });
    expect(accepted.status).toBe(200);
    const resume = new URL(accepted.body.redirect_to);
    expect(resume.origin + resume.pathname).toBe(`${ISSUER}/oauth2/auth/${challenge}`);
    expect(resume.searchParams.get('login_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await admin('GET', `/admin/oauth2/auth/requests/login?login_challenge=${challenge}`);
    expect(again.status).toBe(410);
    // Never the resume address again: whoever asks may hold only the challenge.
    const restart = new URL(again.body.redirect_to);
    expect(restart.origin + restart.pathname).toBe(`${ISSUER}/oauth2/auth`);
    expect(restart.searchParams.get('state')).toBe('s1');
  });
});

describe('keys', () => {
  it('publishes the ID token key set and keeps it across a restart', async () => {
    const before = await admin('GET', '/admin/keys/hydra.openid.id-token');
    expect(before.status).toBe(200);
    expect(before.body.keys).toHaveLength(1);
    expect(before.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    // Only the public half leaves the provider.
    expect(before.body.keys[0].d).toBeUndefined();
    expect((await admin('GET', '/admin/keys/cookies')).status).toBe(404);

    const jwks = (await (await fetch(`${service.running.publicUrl}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([before.body.keys[0].kid]);

    await service.close();
    service = await start();
    const after = await admin('GET', '/admin/keys/hydra.openid.id-token');
    expect(after.body.keys[0].kid).toBe(before.body.keys[0].kid);
  });
});

describe('dynamic client registration (when turned on)', () => {
  it('registers a client at /oauth2/register, manages it with its registration token, and refuses skip_consent', async () => {
    const register = (body: unknown) =>
      fetch(`${service.running.publicUrl}/oauth2/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = await register({ client_name: 'Self Registered', redirect_uris: ['https://self.example/cb'] });
    expect(created.status).toBe(201);
    const client = (await created.json()) as { client_id: string; client_secret: string; registration_access_token: string; registration_client_uri: string };
    expect(client.client_secret).toBeTruthy();
    // Called directly, not through the gateway: URLs are on the listener itself.
    expect(client.registration_client_uri).toBe(`${service.running.publicUrl}/oauth2/register/${client.client_id}`);
    const read = await fetch(`${service.running.publicUrl}/oauth2/register/${client.client_id}`, { headers: { authorization: `Bearer ${client.registration_access_token}` } });
    expect(read.status).toBe(200);
    expect((await admin('GET', `/admin/clients/${client.client_id}`)).body.client_name).toBe('Self Registered');

    const firstParty = await register({ client_name: 'Sneaky', redirect_uris: ['https://self.example/cb'], skip_consent: true });
    expect(firstParty.status).toBe(400);
    expect(((await firstParty.json()) as { error: string }).error).toBe('invalid_client_metadata');
    // An operator may.
    expect((await admin('POST', '/admin/clients', { client_name: 'Trusted', redirect_uris: ['https://self.example/cb'], skip_consent: true })).status).toBe(201);
  });
});
