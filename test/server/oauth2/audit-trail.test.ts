/**
 * The OAuth2 provider's audit trail, read back from its own store: clients created, changed,
 * given a new secret and deleted through the admin API; consents granted, remembered and
 * revoked; tokens issued per client and grant type (authorization_code, refresh_token,
 * client_credentials); the signing key rotated on demand. The chain holds, and none of the
 * passwords, codes, secrets, tokens or cookies that went through is in any service's audit
 * table of the stack (API, identity, OAuth2, platform, permission).
 */
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../server/audit/chain.js';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { TestBrowser } from '../identity/support/browser.js';
import { login, PASSWORD, register, submit } from '../identity/support/flows.js';
import { dance, newBrowser } from './support/dance.js';
import { startStack, type Stack } from './support/stack.js';
import { readTrail } from '../audit/read-trail.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const options = { execute: [oidc.allowInsecureRequests] };
let stack: Stack;
let db: Database;
let browser: TestBrowser;
let subject: string;
let client: { client_id: string; client_secret: string };
let config: oidc.Configuration;
/** Every secret value that went through a route: none may be in the table. */
const secrets: string[] = [PASSWORD];

interface Row {
  action: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  actor_address: string | null;
  target_type: string | null;
  target_id: string | null;
  target_name: string;
  outcome: string;
  request_id: string | null;
  details: Record<string, any>;
}
const events = (action: string) => readTrail<Row>(db, 'SELECT * FROM audit_events WHERE action = $1 ORDER BY seq', [action]);

async function authorize(remember: boolean) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid email offline',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const { callback } = await dance(browser, stack.origin, url, REDIRECT, { remember });
  secrets.push(callback.searchParams.get('code')!);
  return oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
}

beforeAll(async () => {
  stack = await startStack();
  // The same PGlite instance as the provider's (one per directory in a process), its schema.
  db = await openDatabase({ dataDir: stack.config.dataDir, databaseUrl: stack.config.databaseUrl, name: 'oauth2' });
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  const registered = await register(identityBrowser, `oauth2-audit-${Date.now()}@example.com`);
  expect(registered.status).toBe(200);
  subject = registered.body.identity.id;
  browser = newBrowser(stack.origin);
  browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
  secrets.push(identityBrowser.cookies.get('ory_kratos_session')!);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe('OAuth2 events', () => {
  it('records a client created by the admin API, never its secret', async () => {
    const created = await stack.admin('POST', '/admin/clients', {
      client_name: 'Audited app',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      scope: 'openid email offline',
    });
    expect(created.status).toBe(201);
    client = created.body;
    secrets.push(client.client_secret);
    config = await oidc.discovery(new URL(stack.issuer), client.client_id, undefined, oidc.ClientSecretBasic(client.client_secret), options);
    expect(await events('oauth2.client.created')).toMatchObject([
      {
        actor_type: 'system',
        actor_name: 'OAuth2 admin API',
        target_type: 'oauth2-client',
        target_id: client.client_id,
        target_name: 'Audited app',
        outcome: 'success',
        details: { grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'] },
      },
    ]);
    expect((await events('oauth2.client.created'))[0]!.actor_address).toMatch(/127\.0\.0\.1/);
  });

  it('records a consent granted and the tokens of the code and refresh grants, per client and grant type', async () => {
    const tokens = await authorize(false);
    secrets.push(tokens.access_token, tokens.refresh_token!, tokens.id_token!);
    expect(await events('oauth2.consent.granted')).toMatchObject([
      {
        actor_type: 'identity',
        actor_id: subject,
        target_type: 'oauth2-client',
        target_id: client.client_id,
        target_name: 'Audited app',
        details: { scopes: ['openid', 'email', 'offline'], refused: [], remember: false },
      },
    ]);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    secrets.push(refreshed.access_token, refreshed.refresh_token!);
    const issued = await events('oauth2.token.issued');
    expect(issued).toMatchObject([
      {
        actor_type: 'oauth2-client',
        actor_id: client.client_id,
        actor_name: 'Audited app',
        target_id: client.client_id,
        details: { grantType: 'authorization_code', subject, scope: ['openid', 'email', 'offline'] },
      },
      { actor_type: 'oauth2-client', actor_id: client.client_id, details: { grantType: 'refresh_token', subject } },
    ]);
    expect(issued[0]!.actor_address).toMatch(/127\.0\.0\.1/);
  });

  it('records a client_credentials token without a subject', async () => {
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'email' });
    secrets.push(tokens.access_token);
    const issued = (await events('oauth2.token.issued')).filter((event) => event.details.grantType === 'client_credentials');
    expect(issued).toMatchObject([{ actor_type: 'oauth2-client', actor_id: client.client_id, details: { grantType: 'client_credentials', scope: ['email'] } }]);
    expect(issued[0]!.details.subject).toBeUndefined();
  });

  it('records a consent the subject asked to remember, and then the request it answered without asking', async () => {
    const first = await authorize(true);
    const second = await authorize(true);
    secrets.push(first.access_token, second.access_token);
    const granted = await events('oauth2.consent.granted');
    expect(granted.at(-1)).toMatchObject({ actor_id: subject, details: { remember: true, rememberFor: 0 } });
    expect(await events('oauth2.consent.remembered')).toMatchObject([{ actor_id: subject, target_id: client.client_id, details: { scopes: ['openid', 'email', 'offline'] } }]);
  });

  it('records a consent revoked for a subject and client, and nothing when nothing was withdrawn', async () => {
    const revoke = `/admin/oauth2/auth/sessions/consent?subject=${encodeURIComponent(subject)}&client=${encodeURIComponent(client.client_id)}`;
    expect((await stack.admin('DELETE', revoke)).status).toBe(204);
    expect(await events('oauth2.consent.revoked')).toMatchObject([{ actor_type: 'system', target_type: 'user', target_id: subject, details: { clients: [client.client_id] } }]);
    expect((await stack.admin('DELETE', revoke)).status).toBe(204);
    expect(await events('oauth2.consent.revoked')).toHaveLength(1);
  });

  it('tells a changed client from a new secret, naming the fields changed and never the secret', async () => {
    const current = (await stack.admin('GET', `/admin/clients/${client.client_id}`)).body;
    const renamed = await stack.admin('PUT', `/admin/clients/${client.client_id}`, { ...current, client_name: 'Renamed app', client_secret: client.client_secret });
    expect(renamed.status).toBe(200);
    expect(await events('oauth2.client.changed')).toMatchObject([{ target_id: client.client_id, target_name: 'Renamed app', details: { fields: ['client_name'] } }]);
    const newSecret = 'a-brand-new-client-secret-that-must-not-be-stored';
    secrets.push(newSecret);
    const rotated = await stack.admin('PUT', `/admin/clients/${client.client_id}`, { ...current, client_name: 'Renamed app', client_secret: newSecret });
    expect(rotated.status).toBe(200);
    expect(await events('oauth2.client.secret_rotated')).toMatchObject([{ target_id: client.client_id, details: { fields: [] } }]);
    expect(await events('oauth2.client.changed')).toHaveLength(1);
  });

  it('records a refused change as nothing', async () => {
    const before = (await readTrail<{ n: string }>(db, 'SELECT count(*)::text AS n FROM audit_events'))[0]!.n;
    expect((await stack.admin('PUT', `/admin/clients/${client.client_id}`, { redirect_uris: ['not a uri'] })).status).toBe(400);
    expect((await stack.admin('DELETE', '/admin/clients/no-such-client')).status).toBe(404);
    expect((await readTrail<{ n: string }>(db, 'SELECT count(*)::text AS n FROM audit_events'))[0]!.n).toBe(before);
  });

  it('records the signing key rotated on demand, with the key it retired', async () => {
    const before = (await stack.admin('GET', '/admin/keys/hydra.openid.id-token')).body.keys[0].kid;
    const rotated = await stack.admin('POST', '/admin/keys/hydra.openid.id-token', { alg: 'RS256', use: 'sig' });
    expect(rotated.status).toBe(201);
    expect(await events('oauth2.signing_key.rotated')).toMatchObject([
      { actor_type: 'system', actor_name: 'OAuth2 admin API', target_type: 'signing-key', target_id: rotated.body.keys[0].kid, details: { trigger: 'on-demand', retired: before } },
    ]);
  });

  it('records a client deleted with the name it had', async () => {
    expect((await stack.admin('DELETE', `/admin/clients/${client.client_id}`)).status).toBe(204);
    expect(await events('oauth2.client.deleted')).toMatchObject([{ target_id: client.client_id, target_name: 'Renamed app' }]);
  });

  it('keeps the chain whole and no secret, code, token or cookie in any audit table of the stack', async () => {
    // A refused sign-in and a verification code through the identity service as well.
    const wrong = 'a wrong password typed at sign-in 31';
    secrets.push(wrong);
    expect((await login(new TestBrowser(`${stack.origin}/.ory`), `oauth2-audit-nobody-${Date.now()}@example.com`, wrong)).status).toBe(400);
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const email = `oauth2-audit-verify-${Date.now()}@example.com`;
    const registered = await register(identityBrowser, email);
    secrets.push(identityBrowser.cookies.get('ory_kratos_session')!);
    const identityDb = await openDatabase({ dataDir: stack.config.dataDir, databaseUrl: stack.config.databaseUrl, name: 'identity' });
    const mail = await identityDb.query<{ body: string }>('SELECT body FROM courier_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1', [email]);
    const code = /\b(\d{6})\b/.exec(mail.rows[0]!.body)![1]!;
    secrets.push(code);
    const verification = (await identityBrowser.get(`/self-service/verification/flows?id=${registered.body.continue_with[0].flow.id}`)).body;
    expect((await submit(identityBrowser, 'verification', verification, { method: 'code', code })).body.state).toBe('passed_challenge');

    // Recovery by a single-use link, followed in a browser that is not signed in.
    const recovering = new TestBrowser(`${stack.origin}/.ory`);
    const recoveryFlow = (await recovering.get('/self-service/recovery/browser')).body;
    expect((await submit(recovering, 'recovery', recoveryFlow, { method: 'link', email })).status).toBe(200);
    const recoveryMail = await identityDb.query<{ body: string }>('SELECT body FROM courier_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1', [email]);
    const link = /https?:\/\/\S+token=[^\s"<]+/.exec(recoveryMail.rows[0]!.body)![0];
    secrets.push(new URL(link).searchParams.get('token')!);
    expect((await recovering.get(link, { json: false })).status).toBe(303);
    secrets.push(recovering.cookies.get('ory_kratos_session')!);

    // A client that sends its secret in the token request's body.
    const posting = (await stack.admin('POST', '/admin/clients', { grant_types: ['client_credentials'], scope: 'email', token_endpoint_auth_method: 'client_secret_post' })).body;
    secrets.push(posting.client_secret);
    const postConfig = await oidc.discovery(new URL(stack.issuer), posting.client_id, undefined, oidc.ClientSecretPost(posting.client_secret), options);
    secrets.push((await oidc.clientCredentialsGrant(postConfig, { scope: 'email' })).access_token);

    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
    expect(secrets.length).toBeGreaterThan(16);
    const tables: Record<string, string> = {};
    for (const schema of ['api', 'identity', 'oauth2', 'platform', 'permission']) {
      const handle = schema === 'oauth2' ? db : await openDatabase({ dataDir: stack.config.dataDir, databaseUrl: stack.config.databaseUrl, name: schema });
      tables[schema] = JSON.stringify(await readTrail(handle, 'SELECT * FROM audit_events'));
    }
    // The searches mean something: each table holds this test's events.
    expect(tables.identity).toContain('account.verified');
    expect(tables.identity).toContain('account.recovered');
    expect(tables.oauth2).toContain('oauth2.token.issued');
    for (const [schema, table] of Object.entries(tables)) {
      for (const secret of secrets) expect(table.includes(secret), `${schema} holds a secret`).toBe(false);
    }
  });
});
