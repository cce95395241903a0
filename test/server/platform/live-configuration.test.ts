/**
 * The project's configuration is the embedded services' live state, on the product as
 * `npm start` runs it: a change made with Ory's ProjectApi and an API key applies to the next
 * request without a restart — recovery by link and back, JWT access tokens and their lifespan,
 * a method turned off, a stricter password policy.
 */
import { Configuration, ProjectApi, type JsonPatch } from '@ory/client-fetch';
import { compactVerify, createRemoteJWKSet, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { messageIds, node, register, startFlow, submit } from '../identity/support/flows.js';
import { startStack, type Stack } from '../oauth2/support/stack.js';

const IDENTITY = '/services/identity/config';
const OAUTH2 = '/services/oauth2/config';

let stack: Stack;
let ory: ProjectApi;
let projectId: string;
/** The first account, the installation's administrator, who makes the key. */
let adminActor: string;

async function platformCall(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${stack.config.platformUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${stack.config.platformAdminToken}`, 'x-platform-actor': adminActor, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

const patch = (jsonPatch: JsonPatch[]) => ory.patchProject({ projectId, jsonPatch });

async function clientCredentialsToken(clientId: string, secret: string): Promise<{ access_token: string; expires_in: number }> {
  const response = await fetch(`${stack.origin}/.ory/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; expires_in: number };
}

async function mailTo(recipient: string): Promise<string> {
  const response = await fetch(`${stack.config.identityAdminUrl}/admin/courier/messages?recipient=${encodeURIComponent(recipient)}`, {
    headers: { authorization: `Bearer ${stack.config.identityAdminToken}` },
  });
  const messages = (await response.json()) as { body: string; created_at: string }[];
  return messages.sort((a, b) => b.created_at.localeCompare(a.created_at))[0]?.body ?? '';
}

beforeAll(async () => {
  stack = await startStack();
  const registered = await register(new TestBrowser(`${stack.origin}/.ory`), `live-admin-${Date.now()}@example.com`);
  adminActor = `identity:${registered.body.identity.id}`;
  projectId = (await platformCall('GET', '/projects'))[0].id;
  const key = await platformCall('POST', `/projects/${projectId}/tokens`, { name: 'live configuration test' });
  ory = new ProjectApi(new Configuration({ basePath: `${stack.origin}/.ory`, accessToken: key.value }));
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('the identity service follows the project', () => {
  it('makes the next recovery flow a link flow after recovery.use is set to link, and a code flow again after it is set back', async () => {
    const email = `live-recovery-${Date.now()}@example.com`;
    expect((await register(new TestBrowser(`${stack.origin}/.ory`), email)).status).toBe(200);
    const browser = new TestBrowser(`${stack.origin}/.ory`);
    expect((await startFlow(browser, 'recovery')).active).toBe('code');

    await patch([{ op: 'replace', path: `${IDENTITY}/selfservice/flows/recovery/use`, value: 'link' }]);
    const linkFlow = await startFlow(browser, 'recovery');
    expect(linkFlow.active).toBe('link');
    expect(node(linkFlow, 'method').attributes.value).toBe('link');
    const sent = await submit(browser, 'recovery', linkFlow, { method: 'link', email });
    expect(sent.body.state).toBe('sent_email');
    expect(await mailTo(email)).toMatch(/\/self-service\/recovery\?flow=[0-9a-f-]+&token=/);

    await patch([{ op: 'replace', path: `${IDENTITY}/selfservice/flows/recovery/use`, value: 'code' }]);
    expect((await startFlow(browser, 'recovery')).active).toBe('code');
  });

  it('stops offering and accepting a method that is turned off, and applies a longer minimum password length', async () => {
    await patch([{ op: 'replace', path: `${IDENTITY}/selfservice/methods/password/enabled`, value: false }]);
    const browser = new TestBrowser(`${stack.origin}/.ory`);
    const login = await startFlow(browser, 'login');
    expect(login.ui.nodes.some((n: any) => n.group === 'password')).toBe(false);
    const refused = await submit(browser, 'login', login, { method: 'password', identifier: 'someone@example.com', password: 'whatever it is 123' });
    expect(refused.status).toBe(400);

    await patch([
      { op: 'replace', path: `${IDENTITY}/selfservice/methods/password/enabled`, value: true },
      { op: 'replace', path: `${IDENTITY}/selfservice/methods/password/config/min_password_length`, value: 40 },
    ]);
    const short = await register(new TestBrowser(`${stack.origin}/.ory`), `live-policy-${Date.now()}@example.com`);
    expect(short.status).toBe(400);
    expect(messageIds(short.body)).toContain(4000032);
    await patch([{ op: 'replace', path: `${IDENTITY}/selfservice/methods/password/config/min_password_length`, value: 12 }]);
  });
});

describe('the OAuth2 provider follows the project', () => {
  it('issues a JWT access token after strategies.access_token is set to jwt, with the lifespan the project gives, and opaque ones again after', async () => {
    const made = await stack.admin('POST', '/admin/clients', { grant_types: ['client_credentials'], token_endpoint_auth_method: 'client_secret_basic' });
    expect(made.status).toBe(201);
    const { client_id: clientId, client_secret: secret } = made.body;

    const opaque = await clientCredentialsToken(clientId, secret);
    expect(opaque.access_token.split('.')).not.toHaveLength(3);

    await patch([
      { op: 'replace', path: `${OAUTH2}/strategies/access_token`, value: 'jwt' },
      { op: 'replace', path: `${OAUTH2}/ttl/access_token`, value: '5m' },
    ]);
    const jwt = await clientCredentialsToken(clientId, secret);
    expect(jwt.expires_in).toBe(300);
    expect(decodeProtectedHeader(jwt.access_token).typ).toBe('at+jwt');
    const { payload } = await compactVerify(jwt.access_token, createRemoteJWKSet(new URL(`${stack.issuer}/.well-known/jwks.json`)));
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ iss: stack.issuer, client_id: clientId, sub: clientId });
    const introspected = await stack.admin('POST', '/admin/oauth2/introspect', new URLSearchParams({ token: jwt.access_token }));
    expect(introspected.body).toMatchObject({ active: true, client_id: clientId });

    // A JWT the provider did not sign finds nothing, even with the id of a real token in it.
    const [header, body] = jwt.access_token.split('.');
    const forged = `${header}.${body}.${'A'.repeat(342)}`;
    expect((await stack.admin('POST', '/admin/oauth2/introspect', new URLSearchParams({ token: forged }))).body.active).toBe(false);

    await patch([
      { op: 'replace', path: `${OAUTH2}/strategies/access_token`, value: 'opaque' },
      { op: 'replace', path: `${OAUTH2}/ttl/access_token`, value: '1h' },
    ]);
    const again = await clientCredentialsToken(clientId, secret);
    expect(again.access_token.split('.')).not.toHaveLength(3);
    expect(again.expires_in).toBe(3600);
    // The JWT issued meanwhile stays valid until it expires; the revocation endpoint says it takes none (RFC 7009's answer).
    expect((await stack.admin('POST', '/admin/oauth2/introspect', new URLSearchParams({ token: jwt.access_token }))).body.active).toBe(true);
    const revoked = await fetch(`${stack.origin}/.ory/oauth2/revoke`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: jwt.access_token }),
    });
    expect(((await revoked.json()) as { error: string }).error).toBe('unsupported_token_type');
  });
});
