/**
 * The OAuth2 provider's discovery document, read through the gateway as a relying party reads
 * it, promises only what works there: every address it names is served through the gateway,
 * and every value of every list it advertises is accepted when a client uses it. A list this
 * file has no check for fails the test, so a feature turned on later is either proven here or
 * not advertised.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { dance, danceToPage, newBrowser } from '../oauth2/support/dance.js';
import { formOf } from '../oauth2/support/form-post.js';
import { startStack, type Stack } from '../oauth2/support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

interface Client {
  client_id: string;
  client_secret?: string;
}

let stack: Stack;
let discovery: Record<string, unknown>;
/** A client allowed everything the document advertises. */
let client: Client;
let email: string;
let signedIn: TestBrowser;

function list(field: string): string[] {
  const value = discovery[field];
  return Array.isArray(value) ? (value as string[]) : [];
}

beforeAll(async () => {
  // Dynamic registration on: the document then names every endpoint the provider can have.
  stack = await startStack({ OAUTH2_DYNAMIC_REGISTRATION: 'true' });
  const answer = await fetch(`${stack.issuer}/.well-known/openid-configuration`);
  expect(answer.status).toBe(200);
  discovery = (await answer.json()) as Record<string, unknown>;
  const created = await stack.admin('POST', '/admin/clients', {
    client_name: 'Everything Advertised',
    redirect_uris: [REDIRECT],
    grant_types: list('grant_types_supported'),
    response_types: list('response_types_supported'),
    scope: list('scopes_supported').join(' '),
    skip_consent: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  client = created.body as Client;

  email = `discovery-${Date.now()}@example.com`;
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  expect((await register(identityBrowser, email)).status).toBe(200);
  signedIn = newBrowser(stack.origin);
  signedIn.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

function asClient(): Record<string, string> {
  return { authorization: basic(client.client_id, client.client_secret!) };
}

function tokenEndpoint(): string {
  return String(discovery.token_endpoint);
}

function authorizationParams(extra: Record<string, string> = {}): Record<string, string> {
  return { client_id: client.client_id, response_type: 'code', redirect_uri: REDIRECT, scope: 'openid', state: randomUUID(), ...extra };
}

function authorizationUrl(extra: Record<string, string> = {}): string {
  const url = new URL(String(discovery.authorization_endpoint));
  for (const [name, value] of Object.entries(authorizationParams(extra))) url.searchParams.set(name, value);
  return url.href;
}

/** A browser without a session starting this authorization: accepted requests go on to sign-in. */
async function expectAccepted(extra: Record<string, string>): Promise<void> {
  const answer = await fetch(authorizationUrl(extra), { redirect: 'manual' });
  const location = answer.headers.get('location') ?? '';
  expect(answer.status, `${JSON.stringify(extra)} answered ${answer.status} → ${location}`).toBe(303);
  expect(new URL(location, stack.origin).pathname, `${JSON.stringify(extra)} was sent to ${location}`).toBe('/login');
}

/** A call through the gateway for each address the document may name, with the method and body it takes. */
const PROBES: Record<string, (url: string) => Promise<Response>> = {
  // The issuer is an identifier; what a client fetches from it is its discovery document (OpenID Connect Discovery §4).
  issuer: (url) => fetch(`${url}/.well-known/openid-configuration`),
  authorization_endpoint: () => fetch(authorizationUrl(), { redirect: 'manual' }),
  token_endpoint: (url) => postForm(url, { grant_type: 'client_credentials' }, asClient()),
  revocation_endpoint: (url) => postForm(url, { token: 'not-a-token' }, asClient()),
  introspection_endpoint: (url) => postForm(url, { token: 'not-a-token' }, asClient()),
  pushed_authorization_request_endpoint: (url) => postForm(url, authorizationParams(), asClient()),
  device_authorization_endpoint: (url) => postForm(url, { scope: 'openid' }, asClient()),
  backchannel_authentication_endpoint: (url) => postForm(url, { scope: 'openid', login_hint: email }, asClient()),
  registration_endpoint: (url) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ redirect_uris: [REDIRECT] }) }),
  userinfo_endpoint: (url) => fetch(url, { headers: { accept: 'application/json' } }),
  end_session_endpoint: (url) => fetch(url, { redirect: 'manual' }),
  jwks_uri: (url) => fetch(url),
};

describe('every address in the discovery document', () => {
  it('is on the gateway and served there', async () => {
    const addresses = Object.entries(discovery).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:\/\//.test(entry[1]));
    expect(addresses.map(([field]) => field)).toEqual(expect.arrayContaining(['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri']));
    const unserved: string[] = [];
    for (const [field, url] of addresses) {
      expect(url === stack.issuer || url.startsWith(`${stack.issuer}/`), `${field} ${url} is not under the gateway's issuer`).toBe(true);
      // An address this file does not know is at least answered to a GET.
      const answer = await (PROBES[field] ?? ((u: string) => fetch(u, { redirect: 'manual' })))(url);
      await answer.body?.cancel();
      // A call without the right client or token may be refused (400, 401): the endpoint is still there.
      if (answer.status === 404 || answer.status === 405 || answer.status >= 500) unserved.push(`${field} ${url} → ${answer.status}`);
    }
    expect(unserved).toEqual([]);
  });
});

/** A client of the admin API with this token endpoint authentication; answers it with its secret. */
async function clientWith(metadata: Record<string, unknown>): Promise<Client> {
  const created = await stack.admin('POST', '/admin/clients', { grant_types: ['client_credentials'], ...metadata });
  expect(created.status, `${JSON.stringify(metadata)}: ${JSON.stringify(created.body)}`).toBe(201);
  return created.body as Client;
}

function assertionClaims(clientId: string): Record<string, unknown> {
  return { iss: clientId, sub: clientId, aud: tokenEndpoint(), jti: randomUUID() };
}

async function signedAssertion(clientId: string, alg: string, key: CryptoKey | Uint8Array, kid?: string): Promise<string> {
  return new SignJWT(assertionClaims(clientId))
    .setProtectedHeader({ alg, ...(kid ? { kid } : {}) })
    .setIssuedAt()
    .setExpirationTime('2m')
    .sign(key);
}

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Key pairs for private_key_jwt, one per asymmetric algorithm, published as the client's JWKS. */
async function keysFor(algs: string[]): Promise<{ jwks: { keys: JWK[] }; signing: Map<string, { key: CryptoKey; kid: string }> }> {
  const keys: JWK[] = [];
  const signing = new Map<string, { key: CryptoKey; kid: string }>();
  for (const alg of algs) {
    const pair = await generateKeyPair(alg, { extractable: true });
    const kid = `key-${alg}`;
    keys.push({ ...(await exportJWK(pair.publicKey)), kid, use: 'sig' });
    signing.set(alg, { key: pair.privateKey, kid });
  }
  return { jwks: { keys }, signing };
}

/** Asks the token endpoint for a client credentials token: the client's authentication must be accepted. */
async function expectToken(method: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<void> {
  const answer = await postForm(tokenEndpoint(), { grant_type: 'client_credentials', ...fields }, headers);
  const body = (await answer.json()) as { access_token?: string };
  expect(answer.status, `${method}: ${JSON.stringify(body)}`).toBe(200);
  expect(body.access_token, method).toEqual(expect.any(String));
}

/** Authenticates at the token endpoint with that method, as a client registered for it would. */
const AUTHENTICATIONS: Record<string, () => Promise<void>> = {
  client_secret_basic: async () => {
    const c = await clientWith({ token_endpoint_auth_method: 'client_secret_basic' });
    await expectToken('client_secret_basic', {}, { authorization: basic(c.client_id, c.client_secret!) });
  },
  client_secret_post: async () => {
    const c = await clientWith({ token_endpoint_auth_method: 'client_secret_post' });
    await expectToken('client_secret_post', { client_id: c.client_id, client_secret: c.client_secret! });
  },
  client_secret_jwt: async () => {
    const c = await clientWith({ token_endpoint_auth_method: 'client_secret_jwt' });
    const assertion = await signedAssertion(c.client_id, 'HS256', new TextEncoder().encode(c.client_secret));
    await expectToken('client_secret_jwt', { client_assertion_type: ASSERTION_TYPE, client_assertion: assertion });
  },
  private_key_jwt: async () => {
    const { jwks, signing } = await keysFor(['ES256']);
    const c = await clientWith({ token_endpoint_auth_method: 'private_key_jwt', jwks });
    const { key, kid } = signing.get('ES256')!;
    await expectToken('private_key_jwt', { client_assertion_type: ASSERTION_TYPE, client_assertion: await signedAssertion(c.client_id, 'ES256', key, kid) });
  },
  // A public client has no client credentials grant: a code it does not have is refused as a code, not as the client.
  none: async () => {
    const c = await clientWith({ token_endpoint_auth_method: 'none', grant_types: ['authorization_code'], response_types: ['code'], redirect_uris: [REDIRECT] });
    const answer = await postForm(tokenEndpoint(), {
      grant_type: 'authorization_code',
      client_id: c.client_id,
      code: 'not-a-code',
      redirect_uri: REDIRECT,
      code_verifier: 'a'.repeat(43),
    });
    const body = (await answer.json()) as { error?: string };
    expect(answer.status, `none: ${JSON.stringify(body)}`).toBe(400);
    expect(body.error, 'none').toBe('invalid_grant');
  },
};

/** How a client is authorized at the token endpoint using one response mode: answers the code it received. */
const RESPONSE_MODES: Record<string, (state: string) => Promise<Record<string, string | null>>> = {
  query: async (state) => {
    const { callback } = await dance(signedIn, stack.origin, authorizationUrl({ response_mode: 'query', state }), REDIRECT, { email });
    return Object.fromEntries(callback.searchParams);
  },
  fragment: async (state) => {
    const { callback } = await dance(signedIn, stack.origin, authorizationUrl({ response_mode: 'fragment', state }), REDIRECT, { email });
    expect(callback.search).toBe('');
    return Object.fromEntries(new URLSearchParams(callback.hash.slice(1)));
  },
  form_post: async (state) => {
    const { page } = await danceToPage(signedIn, stack.origin, authorizationUrl({ response_mode: 'form_post', state }), REDIRECT, { email });
    const form = formOf(String(page.body));
    expect(form.method).toBe('post');
    expect(form.action).toBe(REDIRECT);
    return form.fields;
  },
};

/**
 * Lists that describe rather than offer: nothing a client sends names them, so there is nothing
 * to refuse. claims_supported is what ID tokens and userinfo carry (proven by the authorization
 * code tests); claim_types_supported says claims come as plain JSON ("normal"), the only way they do.
 */
const DESCRIPTIVE = new Set(['claims_supported', 'claim_types_supported']);

/** For each advertised list, a check that every value in it is accepted when a client uses it. */
const LIST_CHECKS: Record<string, (values: string[]) => Promise<void>> = {
  response_types_supported: async (values) => {
    for (const value of values) await expectAccepted({ response_type: value });
  },
  code_challenge_methods_supported: async (values) => {
    for (const value of values) await expectAccepted({ code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: value });
  },
  scopes_supported: async (values) => {
    for (const value of values) await expectAccepted({ scope: value === 'openid' ? 'openid' : `openid ${value}` });
  },
  response_modes_supported: async (values) => {
    for (const mode of values) {
      const receive = RESPONSE_MODES[mode];
      expect(receive, `response mode ${mode} is advertised but nothing here proves it`).toBeDefined();
      const state = randomUUID();
      const fields = await receive!(state);
      expect(fields, mode).toMatchObject({ state, iss: stack.issuer });
      expect(fields.code, mode).toEqual(expect.any(String));
      expect(fields.error, mode).toBeUndefined();
    }
  },
  grant_types_supported: async (values) => {
    // With made-up grants: each may be refused as invalid, never as unsupported or not allowed.
    const attempts: Record<string, Record<string, string>> = {
      authorization_code: { code: 'not-a-code', redirect_uri: REDIRECT },
      refresh_token: { refresh_token: 'not-a-refresh-token' },
      [JWT_BEARER]: { assertion: 'not.an.assertion' },
    };
    for (const grant of values) {
      const answer = await postForm(tokenEndpoint(), { grant_type: grant, ...attempts[grant] }, asClient());
      const body = (await answer.json()) as { error?: string };
      expect([200, 400], `${grant}: ${JSON.stringify(body)}`).toContain(answer.status);
      expect(['unsupported_grant_type', 'unauthorized_client', 'invalid_client'], `${grant}: ${JSON.stringify(body)}`).not.toContain(body.error);
    }
  },
  token_endpoint_auth_methods_supported: async (values) => {
    for (const method of values) {
      const authenticate = AUTHENTICATIONS[method];
      expect(authenticate, `token endpoint authentication ${method} is advertised but nothing here proves it`).toBeDefined();
      await authenticate!();
    }
  },
  token_endpoint_auth_signing_alg_values_supported: async (values) => {
    const asymmetric = values.filter((alg) => !alg.startsWith('HS'));
    const { jwks, signing } = await keysFor(asymmetric);
    const keyClient = asymmetric.length ? await clientWith({ token_endpoint_auth_method: 'private_key_jwt', jwks }) : undefined;
    const secretClient = values.some((alg) => alg.startsWith('HS')) ? await clientWith({ token_endpoint_auth_method: 'client_secret_jwt' }) : undefined;
    for (const alg of values) {
      const assertion = alg.startsWith('HS')
        ? await signedAssertion(secretClient!.client_id, alg, new TextEncoder().encode(secretClient!.client_secret))
        : await signedAssertion(keyClient!.client_id, alg, signing.get(alg)!.key, signing.get(alg)!.kid);
      await expectToken(alg, { client_assertion_type: ASSERTION_TYPE, client_assertion: assertion });
    }
  },
  id_token_signing_alg_values_supported: async (values) => {
    for (const alg of values) await clientWith({ id_token_signed_response_alg: alg });
  },
  subject_types_supported: async (values) => {
    for (const type of values) await clientWith({ subject_type: type });
  },
};

describe('every list in the discovery document', () => {
  it('has a check here, unless it only describes', () => {
    const lists = Object.keys(discovery).filter((field) => Array.isArray(discovery[field]));
    const unchecked = lists.filter((field) => !DESCRIPTIVE.has(field) && !LIST_CHECKS[field]);
    expect(unchecked).toEqual([]);
  });

  for (const [field, check] of Object.entries(LIST_CHECKS)) {
    it(`${field}: names nothing the provider refuses`, async () => {
      const values = list(field);
      if (!(field in discovery)) return;
      expect(values.length, `${field} is advertised empty`).toBeGreaterThan(0);
      await check(values);
    });
  }
});
