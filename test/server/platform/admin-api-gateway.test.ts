/**
 * The identity platform's admin APIs through the gateway, on the product as `npm start` runs it.
 * Attacks first: no key, a wrong key, a global administrator's cookie session, paths outside the
 * table, encoded slashes and dot segments, client headers that must not reach the admin
 * listeners; then Ory's own clients with an API key list identities, create and list an OAuth2
 * client and follow pagination links; a key deleted through one gateway instance is refused by a
 * second one sharing Redis; wrong keys are counted per address; no key reaches a log line.
 *
 * Key calls come from their own client address (X-Forwarded-For from loopback, which the stack
 * trusts), so this file's wrong-key counts never touch another file's, even through the shared Redis.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Configuration, IdentityApi, OAuth2Api, ProjectApi, type ProjectApiKey } from '@ory/client-fetch';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../server/gateway/app.js';
import { registerAdminRoutes as registerIdentityAdminRoutes } from '../../../server/identity/admin/routes.js';
import { registerAdminRoutes as registerOAuth2AdminRoutes } from '../../../server/oauth2/admin/routes.js';
import { ADMIN_API_ROUTE_POLICY } from '../../../shared/api-route-policy.js';
import { IN_PROCESS_TUNING, startStack, type Stack } from '../oauth2/support/stack.js';
import { REDIS_URL, redisAvailable } from '../support/redis.js';
import { browserCall, keyCall, refusal, signUp, type SignedUp } from './gateway-callers.js';

/** Documentation addresses (RFC 5737): one for this file's calls, one it may get throttled. */
const ADDRESS = '198.51.100.41';
const GUESSER = '198.51.100.42';
const FAILURE_KEYS = [ADDRESS, GUESSER].map((address) => `sitewave:api-key-failures:${address}`);

// Overload shedding is another test's subject: a busy test machine must not turn answers into 503s here.

const withRedis = await redisAvailable();
let stack: Stack;
let second: FastifyInstance | undefined;
let secondOrigin: string;
const secondLog: string[] = [];
let admin: SignedUp;
let projectId: string;
let key: ProjectApiKey;

const configuration = (value: string, origin = stack.origin) => new Configuration({ basePath: `${origin}/.ory`, accessToken: value, headers: { 'x-forwarded-for': ADDRESS } });
const asKey = (value: string, method: string, path: string, body?: unknown, origin = stack.origin) => keyCall(origin, value, method, path, body, { 'x-forwarded-for': ADDRESS });

/** A request sent exactly as written: fetch would resolve dot segments before they reach the gateway. */
function raw(origin: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(origin);
    const outgoing = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function clearFailures(): Promise<void> {
  if (!withRedis) return;
  const redis = new Redis(REDIS_URL);
  await redis.del(...FAILURE_KEYS).finally(() => redis.quit());
}

beforeAll(async () => {
  await clearFailures();
  stack = await startStack({ TRUST_PROXY: '127.0.0.1', ...(withRedis ? { REDIS_URL } : {}) });
  admin = await signUp(stack, `admin-api-admin-${Date.now()}@example.com`);
  expect((await browserCall(stack, admin.browser, 'GET', '/api/permissions')).body.map((p: { id: string }) => p.id)).toContain('admin:platform');
  projectId = (await browserCall(stack, admin.browser, 'GET', '/.ory/projects')).body[0].id;
  const made = await browserCall(stack, admin.browser, 'POST', `/.ory/projects/${projectId}/tokens`, { name: 'admin automation' });
  expect(made.status).toBe(201);
  key = made.body;
  if (withRedis) {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        secondLog.push(String(chunk));
        done();
      },
    });
    second = await buildGateway({ ...stack.config, logLevel: 'info' }, { version: 'test', logStream, ...IN_PROCESS_TUNING });
    secondOrigin = (await second.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  }
}, 120_000);

afterAll(async () => {
  await second?.close();
  await stack?.close();
  await clearFailures();
});

describe('who may call the admin APIs', () => {
  it('answers 401 in the envelope without a key', async () => {
    const response = await fetch(`${stack.origin}/.ory/admin/identities`, { headers: { 'x-forwarded-for': ADDRESS } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as any).error).toMatchObject({ code: 401, status: 'Unauthorized' });
    expect((await fetch(`${stack.origin}/.ory/admin/clients`, { method: 'POST', headers: { 'x-forwarded-for': ADDRESS } })).status).toBe(401);
  });

  it('answers 401 in the envelope for a wrong key', async () => {
    for (const value of ['sitewave_pat_' + 'x'.repeat(43), 'not a key at all']) {
      const refused = await asKey(value, 'GET', '/.ory/admin/identities');
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ code: 401, reason: expect.stringMatching(/API key is not valid/) });
    }
    // The upstream's own token is not a key of the project either.
    expect((await asKey(stack.config.identityAdminToken!, 'GET', '/.ory/admin/identities')).status).toBe(401);
  });

  it("refuses a global administrator's cookie session, which the project API accepts", async () => {
    expect((await browserCall(stack, admin.browser, 'GET', '/.ory/projects')).status).toBe(200);
    const read = await browserCall(stack, admin.browser, 'GET', '/.ory/admin/identities');
    expect(read.status).toBe(401);
    expect(read.body.error.code).toBe(401);
    // With the CSRF pair a write is refused just the same.
    const write = await browserCall(stack, admin.browser, 'POST', '/.ory/admin/clients', { client_name: 'by cookie' });
    expect(write.status).toBe(401);
    expect((await stack.admin('GET', '/admin/clients')).body.map((c: { client_name: string }) => c.client_name)).not.toContain('by cookie');
  });

  it('knows no path outside the table, with a key or without', async () => {
    for (const [method, path] of [
      ['GET', '/.ory/admin/identities/by/external/x'],
      ['POST', '/.ory/admin/sessions'],
      ['GET', '/.ory/admin/schemas'],
      ['GET', '/.ory/admin/health/ready'],
      ['GET', '/.ory/admin/relation-tuples'],
      ['DELETE', '/.ory/admin/oauth2/auth/requests/login'],
    ] as const) {
      expect((await asKey(key.value!, method, path)).status, `${method} ${path} with a key`).toBe(404);
      expect((await fetch(`${stack.origin}${path}`, { method, headers: { 'x-forwarded-for': ADDRESS } })).status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("Ory's clients with an API key", () => {
  it('list and read identities through /.ory/admin/identities', async () => {
    const identities = new IdentityApi(configuration(key.value!));
    const listed = await identities.listIdentities();
    expect(listed.map((identity) => identity.id)).toContain(admin.id);
    const one = await identities.getIdentity({ id: admin.id });
    expect((one.traits as { email: string }).email).toBe(admin.email);
  });

  it('create an OAuth2 client, list it, and introspect through the provider', async () => {
    const oauth2 = new OAuth2Api(configuration(key.value!));
    const created = await oauth2.createOAuth2Client({
      oAuth2Client: { client_name: 'Reporting robot', grant_types: ['client_credentials'], scope: 'openid', token_endpoint_auth_method: 'client_secret_basic' },
    });
    expect(created.client_id).toBeTruthy();
    expect(created.client_secret).toBeTruthy();
    const listed = await oauth2.listOAuth2Clients();
    expect(listed.map((client) => client.client_id)).toContain(created.client_id);
    // A form body, as Hydra's introspection takes it.
    expect((await oauth2.introspectOAuth2Token({ token: 'not-a-token' })).active).toBe(false);
    expect(await oauth2.listTrustedOAuth2JwtGrantIssuers()).toEqual([]);
    await oauth2.deleteOAuth2Client({ id: created.client_id! });
    expect((await refusal(oauth2.getOAuth2Client({ id: created.client_id! }))).status).toBe(404);
  });

  it('page by Link headers that point at the public /.ory/admin paths', async () => {
    const identities = new IdentityApi(configuration(key.value!));
    await identities.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email: `paged-${Date.now()}@example.com` } } });
    const first = await identities.listIdentitiesRaw({ pageSize: 1 });
    const link = first.raw.headers.get('link') ?? '';
    const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
    expect(next).toMatch(new RegExp(`^${stack.origin}/\\.ory/admin/identities\\?`));
    expect(link).not.toContain(new URL(stack.config.identityAdminUrl!).host);
    const followed = await keyCall('', key.value!, 'GET', next!, undefined, { 'x-forwarded-for': ADDRESS });
    expect(followed.status).toBe(200);
    expect(followed.body).toHaveLength(1);
    expect(followed.body[0].id).not.toBe((await first.value())[0]!.id);
  });

  it("changes an identity's state and its cached sessions go with it", async () => {
    const person = await signUp(stack, `admin-api-person-${Date.now()}@example.com`);
    expect((await browserCall(stack, person.browser, 'GET', '/bff/session')).body.identity.id).toBe(person.id);
    const identities = new IdentityApi(configuration(key.value!));
    await identities.patchIdentity({ id: person.id, jsonPatch: [{ op: 'replace', path: '/state', value: 'inactive' }] });
    // Within the gateway's session cache lifetime, so only the eviction can make this so.
    expect((await browserCall(stack, person.browser, 'GET', '/bff/session')).body).toBeNull();
  });
});

describe('what reaches the admin listeners', () => {
  let capture: Server;
  let gateway: FastifyInstance;
  let origin: string;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    capture = createServer((request, response) => {
      seen.push(request.headers);
      if (request.url?.endsWith('/refused')) {
        response.writeHead(401, { 'content-type': 'application/json' });
        return response.end('{"error":{"code":401,"message":"The request could not be authorized"}}');
      }
      const self = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
      response.writeHead(200, {
        'content-type': 'application/json',
        link: `<${self}/kratos/admin/identities?page_size=1&page_token=abc>; rel="next", </kratos/admin/identities?page_size=1>; rel="first", <http://elsewhere.test/x>; rel="help"`,
        'set-cookie': 'upstream=1',
      });
      response.end('[]');
    });
    await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
    const port = (capture.address() as AddressInfo).port;
    gateway = await buildGateway(
      { ...stack.config, identityAdminUrl: `http://127.0.0.1:${port}/kratos/`, identityAdminToken: 'identity-admin-token-for-capture' },
      { version: 'test', ...IN_PROCESS_TUNING },
    );
    origin = (await gateway.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => capture?.close(resolve));
  });

  it("is the service's admin token and no header of the client's but the content type and Accept", async () => {
    const answer = await keyCall(origin, key.value!, 'GET', '/.ory/admin/identities?page_size=1', undefined, {
      'x-forwarded-for': ADDRESS,
      cookie: `ory_kratos_session=${admin.browser.cookies.get('ory_kratos_session')}; XSRF-TOKEN=x`,
      'x-forwarded-host': 'evil.test',
      'x-forwarded-proto': 'https',
      'x-sitewave-identity': 'forged',
      'x-session-token': 'forged',
      accept: 'application/json',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const headers = seen.at(-1)!;
    expect(headers.authorization).toBe('Bearer identity-admin-token-for-capture');
    for (const name of ['cookie', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-sitewave-identity', 'x-session-token'])
      expect(headers[name], name).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain(key.value!);
    expect(headers.accept).toBe('application/json');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('link')).toBe(
      `<${stack.origin}/.ory/admin/identities?page_size=1&page_token=abc>; rel="next", <${stack.origin}/.ory/admin/identities?page_size=1>; rel="first"`,
    );
  });
  it("answers 502 when the listener refuses the gateway's own token, not the caller's 401", async () => {
    const answer = await keyCall(origin, key.value!, 'GET', '/.ory/admin/identities/refused', undefined, { 'x-forwarded-for': ADDRESS });
    expect(answer.status).toBe(502);
    expect(answer.body.error.reason).toMatch(/refused the gateway's admin token/);
  });

  it('refuses encoded slashes, dot segments and doubled slashes before the listener sees them', async () => {
    const before = seen.length;
    for (const path of [
      '/.ory/admin/identities/x/..',
      '/.ory/admin/identities/x/%2e%2e',
      '/.ory/admin/identities/%2e%2e',
      '/.ory/admin/identities/..%2f..%2fadmin%2fclients',
      '/.ory/admin/courier/messages/%2e%2e%2f%2e%2e%2fidentities',
      '/.ory/admin/identities/.',
      '/.ory/admin/keys/..',
      '/.ory/admin//identities',
      '/.ory//admin/identities',
      '/.ory/admin/identities/x%00',
      '/.ory/admin/identities/x%5c..%5c..',
      '/.ory/admin/identities/x\\..\\..',
    ]) {
      const answer = await raw(origin, path, { authorization: `Bearer ${key.value}`, 'x-forwarded-for': ADDRESS });
      expect(answer.status, path).toBe(404);
    }
    expect(seen.length).toBe(before);
    // The same request, canonical, does reach it.
    expect((await raw(origin, '/.ory/admin/identities/x', { authorization: `Bearer ${key.value}`, 'x-forwarded-for': ADDRESS })).status).toBe(200);
    expect(seen.length).toBe(before + 1);
  });
});

describe('the table', () => {
  it('holds exactly the admin routes the embedded identity service and OAuth2 provider serve', async () => {
    const served = async (register: (app: FastifyInstance) => Promise<void>) => {
      const app = Fastify({ exposeHeadRoutes: false });
      const routes: string[] = [];
      app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) if (route.url.startsWith('/admin/')) routes.push(`${method} ${route.url.replace(/:[A-Za-z]+/g, ':')}`);
      });
      await register(app);
      await app.close();
      return routes.sort();
    };
    const listed = (service: string) =>
      ADMIN_API_ROUTE_POLICY.filter((row) => row.service === service)
        .map((row) => `${row.method} ${row.path.slice('/.ory'.length).replace(/:[A-Za-z]+/g, ':')}`)
        .sort();
    expect(listed('identity')).toEqual(await served((app) => registerIdentityAdminRoutes(app, {} as never, 'test')));
    expect(listed('oauth2')).toEqual(await served((app) => registerOAuth2AdminRoutes(app, { db: {}, host: {} } as never)));
    // Sessions open the permission service's rows only (permission-api-gateway.test.ts).
    const keyOnly = ADMIN_API_ROUTE_POLICY.filter((row) => row.service === 'identity' || row.service === 'oauth2');
    expect(keyOnly.every((row) => row.scope === 'apiKey' && row.permissions.length === 0)).toBe(true);
  });
});

describe('API keys on several instances', () => {
  it.skipIf(!withRedis)('refuses a key deleted through one instance on the next request through another', async () => {
    const made = await new ProjectApi(configuration(key.value!)).createProjectApiKey({ project: projectId, createProjectApiKeyBody: { name: 'short-lived' } });
    // Used once on the second instance, so its check is cached there.
    expect((await new IdentityApi(configuration(made.value!, secondOrigin)).listIdentities()).length).toBeGreaterThan(0);
    await new ProjectApi(configuration(key.value!)).deleteProjectApiKey({ project: projectId, tokenId: made.id });
    expect((await asKey(made.value!, 'GET', '/.ory/admin/identities')).status).toBe(401);
    // The eviction travels over Redis, published as the deletion answers.
    await expect.poll(async () => (await asKey(made.value!, 'GET', '/.ory/admin/identities', undefined, secondOrigin)).status, { timeout: 2_000 }).toBe(401);
    expect(secondLog.some((line) => line.includes('/.ory/admin/identities'))).toBe(true);
    expect(secondLog.join('\n')).not.toContain(made.value!);
    expect(secondLog.join('\n')).not.toContain(made.value!.slice('sitewave_pat_'.length));
  });
});

describe('wrong keys', () => {
  it('are counted per address with the project API’s, and too many get 429 even for a good key', async () => {
    const guess = (value: string, path = '/.ory/admin/identities') => keyCall(stack.origin, value, 'GET', path, undefined, { 'x-forwarded-for': GUESSER });
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) last = (await guess(`wrong-${i}`, i % 2 ? '/.ory/admin/clients' : '/.ory/projects')).status;
    expect(last).toBe(429);
    const waiting = await guess(key.value!);
    expect(waiting.status).toBe(429);
    expect(waiting.body.error.code).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await asKey(key.value!, 'GET', '/.ory/admin/clients')).status).toBe(200);
  });
});
