/**
 * Client secrets: shown once, kept only as a keyed hash, older plain rows hashed at start without
 * a reset, and accepted only the way the client registered to send them (Hydra refuses the other
 * way with invalid_client). On PGlite and on PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { DEFAULT_OAUTH2_LIFESPANS } from '../../../server/oauth2/options.js';
import { startOAuth2Service, type RunningOAuth2Service } from '../../../server/oauth2/start.js';
import { BACKENDS } from './support/backends.js';

const TOKEN = 'oauth2-admin-token-for-tests';
const ISSUER = 'http://localhost:3000/.ory';

describe.each(BACKENDS)('client secrets on %s', (_name, makeBackend) => {
  const backend = makeBackend();
  let db: Database;
  let running: RunningOAuth2Service;

  const start = async () => {
    db = await backend.open();
    running = await startOAuth2Service({
      db,
      options: {
        issuer: ISSUER,
        uiUrl: 'http://localhost:3000',
        adminToken: TOKEN,
        identityAdmin: () => undefined,
        lifespans: DEFAULT_OAUTH2_LIFESPANS,
        dynamicRegistration: true,
      },
    });
  };
  const stop = async () => {
    await running.close();
    await db.close();
  };

  const admin = async (method: string, adminPath: string, body?: unknown) => {
    const response = await fetch(new URL(adminPath, running.adminUrl), {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  /** client_credentials with the secret in the Authorization header or in the form body. */
  const token = async (clientId: string, secret: string, way: 'basic' | 'post') => {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (way === 'basic') headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    else {
      form.set('client_id', clientId);
      form.set('client_secret', secret);
    }
    const response = await fetch(`${running.publicUrl}/oauth2/token`, { method: 'POST', headers, body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const storedSecret = async (clientId: string) =>
    (await db.query<{ secret: string }>("SELECT payload->>'client_secret' AS secret FROM models WHERE model = 'Client' AND id = $1", [clientId])).rows[0]?.secret;

  afterAll(async () => {
    await stop().catch(() => undefined);
    await backend.cleanup();
  });

  it('shows a generated 256-bit secret once and stores only its keyed hash', async () => {
    await start();
    const created = await admin('POST', '/admin/clients', { client_name: 'Hashed', grant_types: ['client_credentials'], scope: 'email' });
    expect(created.status).toBe(201);
    const { client_id: clientId, client_secret: secret } = created.body;
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    const stored = await storedSecret(clientId);
    expect(stored).toMatch(/^hmac-sha256:/);
    expect(stored).not.toContain(secret);
    expect((await admin('GET', `/admin/clients/${clientId}`)).body.client_secret).toBeUndefined();
    expect((await token(clientId, secret, 'basic')).status).toBe(200);
    expect((await token(clientId, `${secret}x`, 'basic')).body.error).toBe('invalid_client');
    // A replacement secret from PUT is hashed as well; the old one stops working.
    const replaced = await admin('PUT', `/admin/clients/${clientId}`, { ...created.body, client_secret: 'a-new-secret-of-the-operator' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.client_secret).toBeUndefined();
    expect(await storedSecret(clientId)).toMatch(/^hmac-sha256:/);
    expect((await token(clientId, secret, 'basic')).status).toBe(401);
    expect((await token(clientId, 'a-new-secret-of-the-operator', 'basic')).status).toBe(200);
    // A patch that does not touch the secret keeps it working.
    expect((await admin('PATCH', `/admin/clients/${clientId}`, [{ op: 'replace', path: '/client_name', value: 'Renamed' }])).status).toBe(200);
    expect((await token(clientId, 'a-new-secret-of-the-operator', 'basic')).status).toBe(200);
  });

  it('accepts the secret only the way the client registered to send it', async () => {
    const basic = (await admin('POST', '/admin/clients', { grant_types: ['client_credentials'], scope: 'email' })).body;
    const post = (await admin('POST', '/admin/clients', { grant_types: ['client_credentials'], scope: 'email', token_endpoint_auth_method: 'client_secret_post' })).body;
    expect((await token(basic.client_id, basic.client_secret, 'basic')).status).toBe(200);
    const basicInBody = await token(basic.client_id, basic.client_secret, 'post');
    expect(basicInBody.status).toBe(401);
    expect(basicInBody.body.error).toBe('invalid_client');
    expect((await token(post.client_id, post.client_secret, 'post')).status).toBe(200);
    const postInHeader = await token(post.client_id, post.client_secret, 'basic');
    expect(postInHeader.status).toBe(401);
    expect(postInHeader.body.error).toBe('invalid_client');
  });

  it('a dynamically registered client sees its secret once; its registration reads never show the hash', async () => {
    const registered = await fetch(`${running.publicUrl}/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://app.example/cb'], grant_types: ['authorization_code', 'client_credentials'], scope: 'email' }),
    });
    const client = (await registered.json()) as Record<string, string>;
    expect(client.client_secret).toBeTruthy();
    expect(await storedSecret(client.client_id!)).toMatch(/^hmac-sha256:/);
    const read = await fetch(client.registration_client_uri!, { headers: { authorization: `Bearer ${client.registration_access_token}` } });
    const shown = (await read.json()) as Record<string, unknown>;
    expect(read.status).toBe(200);
    expect(shown.client_secret).toBeUndefined();
    expect(JSON.stringify(shown)).not.toContain('hmac-sha256');
    expect((await token(client.client_id!, client.client_secret!, 'basic')).status).toBe(200);
  });

  it('hashes secrets stored in plain by an earlier version at start, and the clients keep working', async () => {
    const created = (await admin('POST', '/admin/clients', { client_name: 'From Before', grant_types: ['client_credentials'], scope: 'email' })).body;
    await stop();
    // As an earlier version stored it.
    db = await backend.open();
    await db.query("UPDATE models SET payload = jsonb_set(payload, '{client_secret}', to_jsonb('plain-secret-from-before'::text)) WHERE model = 'Client' AND id = $1", [
      created.client_id,
    ]);
    await db.close();
    await start();
    expect(await storedSecret(created.client_id)).toMatch(/^hmac-sha256:/);
    expect((await token(created.client_id, 'plain-secret-from-before', 'basic')).status).toBe(200);
    expect((await token(created.client_id, 'hmac-sha256:whatever', 'basic')).status).toBe(401);
  });
});
