/**
 * Failed client authentications at the OAuth2 token endpoint are throttled by the gateway: per
 * client and address, per address, and — for addresses that have failed for it — per client.
 * While a request is throttled it gets 429 with Retry-After and an OAuth2 error, and the
 * provider never sees it. Only the provider's 401 invalid_client counts. With REDIS_URL the
 * counts are shared by every gateway instance.
 */
import { randomInt, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../server/gateway/app.js';
import { listenFastify } from '../../support/listen.js';
import { IN_PROCESS_TUNING, startStack, type Stack } from '../oauth2/support/stack.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { REDIS_URL, redisAvailable } from '../support/redis.js';

const LIMITS = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_CLIENT_AUTH_FAILURES: '3',
  RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS: '6',
  RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_CLIENT: '8',
  RATE_LIMIT_CLIENT_AUTH_WINDOW: '60',
};

interface Client {
  client_id: string;
  client_secret: string;
}

async function createClient(stack: Stack, method = 'client_secret_basic'): Promise<Client> {
  const created = await stack.admin('POST', '/admin/clients', {
    client_name: 'Machine',
    grant_types: ['client_credentials', 'authorization_code'],
    redirect_uris: ['http://127.0.0.1:9/callback'],
    scope: 'email',
    token_endpoint_auth_method: method,
  });
  expect(created.status).toBe(201);
  return created.body as Client;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A token request from `address` with the secret in the Basic header. */
function tokenRequest(gateway: FastifyInstance, address: string, id: string, secret: string, form: Record<string, string> = { grant_type: 'client_credentials' }) {
  return request(gateway.server).post('/.ory/oauth2/token').set('x-forwarded-for', address).set('authorization', basic(id, secret)).type('form').send(form);
}

/** A token request from `address` with the client's id and secret in the form (client_secret_post). */
function postedTokenRequest(gateway: FastifyInstance, address: string, id: string, secret: string) {
  return request(gateway.server)
    .post('/.ory/oauth2/token')
    .set('x-forwarded-for', address)
    .type('form')
    .send({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
}

function expectThrottled(answer: request.Response, windowSeconds: number): number {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringContaining(`retry in ${retryAfter} s`) });
  return retryAfter;
}

function expectInvalidClient(answer: request.Response): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(401);
  expect(answer.body.error).toBe('invalid_client');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the token endpoint throttles failed client authentications (one instance)', () => {
  let stack: Stack;
  let client: Client;

  beforeAll(async () => {
    stack = await startStack(LIMITS);
    client = await createClient(stack);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 429 after the limit of wrong secrets from one address, and refuses the right secret there too', async () => {
    const attacker = '10.1.0.1';
    for (let i = 1; i <= 3; i++) expectInvalidClient(await tokenRequest(stack.gateway, attacker, client.client_id, `wrong-${i}`));
    expectThrottled(await tokenRequest(stack.gateway, attacker, client.client_id, 'wrong-4'), 60);
    expectThrottled(await tokenRequest(stack.gateway, attacker, client.client_id, client.client_secret), 60);

    // The client itself, from its own address, is not locked out.
    const legitimate = await tokenRequest(stack.gateway, '10.1.0.2', client.client_id, client.client_secret);
    expect(legitimate.status).toBe(200);
    expect(legitimate.body.access_token).toBeTruthy();
    // Nor is another client from the attacker's address (its own limits are not reached).
    const other = await createClient(stack);
    expectInvalidClient(await tokenRequest(stack.gateway, attacker, other.client_id, 'wrong'));
  });

  it('reads the client id from the form (client_secret_post) and still hands the provider the form unchanged', async () => {
    const posting = await createClient(stack, 'client_secret_post');
    expect((await postedTokenRequest(stack.gateway, '10.2.0.1', posting.client_id, posting.client_secret)).status).toBe(200);
    for (let i = 1; i <= 3; i++) expectInvalidClient(await postedTokenRequest(stack.gateway, '10.2.0.2', posting.client_id, `wrong-${i}`));
    expectThrottled(await postedTokenRequest(stack.gateway, '10.2.0.2', posting.client_id, posting.client_secret), 60);
    expect((await postedTokenRequest(stack.gateway, '10.2.0.1', posting.client_id, posting.client_secret)).status).toBe(200);
  });

  it('counts only invalid_client: a bad grant with the right secret is never throttled', async () => {
    const address = '10.3.0.1';
    for (let i = 0; i < 5; i++) {
      const badCode = await tokenRequest(stack.gateway, address, client.client_id, client.client_secret, {
        grant_type: 'authorization_code',
        code: 'no-such-code',
        redirect_uri: 'http://127.0.0.1:9/callback',
      });
      expect(badCode.status).toBe(400);
      expect(badCode.body.error).toBe('invalid_grant');
      const badScope = await tokenRequest(stack.gateway, address, client.client_id, client.client_secret, { grant_type: 'client_credentials', scope: 'profile' });
      expect(badScope.status).toBe(400);
    }
    // None of those counted: three wrong secrets are still answered by the provider.
    for (let i = 1; i <= 3; i++) expectInvalidClient(await tokenRequest(stack.gateway, address, client.client_id, `wrong-${i}`));
    expectThrottled(await tokenRequest(stack.gateway, address, client.client_id, client.client_secret), 60);
  });

  it('throttles an address that fails for many clients, for every client, and no other address', async () => {
    const address = '10.4.0.1';
    for (let i = 0; i < 6; i++) expectInvalidClient(await tokenRequest(stack.gateway, address, `unknown-${randomUUID()}`, 'guess'));
    expectThrottled(await tokenRequest(stack.gateway, address, client.client_id, client.client_secret), 60);
    expect((await tokenRequest(stack.gateway, '10.4.0.2', client.client_id, client.client_secret)).status).toBe(200);
  });

  it('once a client has failed too often from anywhere, addresses that failed for it get no more tries, and the others keep theirs', async () => {
    const target = await createClient(stack);
    // Eight failures from four addresses, none at its own limit of three.
    for (const address of ['10.5.0.1', '10.5.0.2', '10.5.0.3', '10.5.0.4']) {
      for (let i = 0; i < 2; i++) expectInvalidClient(await tokenRequest(stack.gateway, address, target.client_id, 'guess'));
    }
    expectThrottled(await tokenRequest(stack.gateway, '10.5.0.1', target.client_id, target.client_secret), 60);
    // An address with a clean record for the client — the client's own — still gets its token.
    expect((await tokenRequest(stack.gateway, '10.5.0.5', target.client_id, target.client_secret)).status).toBe(200);
    // A new guesser gets one try, then is throttled.
    expectInvalidClient(await tokenRequest(stack.gateway, '10.5.0.6', target.client_id, 'guess'));
    expectThrottled(await tokenRequest(stack.gateway, '10.5.0.6', target.client_id, 'guess'), 60);
  });

  it('throttles revocation, which authenticates the client the same way', async () => {
    const target = await createClient(stack);
    const revoke = (secret: string) =>
      request(stack.gateway.server)
        .post('/.ory/oauth2/revoke')
        .set('x-forwarded-for', '10.6.0.1')
        .set('authorization', basic(target.client_id, secret))
        .type('form')
        .send({ token: 'x' });
    for (let i = 0; i < 3; i++) expectInvalidClient(await revoke('wrong'));
    expectThrottled(await revoke(target.client_secret), 60);
  });
});

/**
 * A provider's token endpoint: the secret `right` authenticates, `odd` gets a 401 that is no
 * client failure, anything else is invalid_client; a secret starting `slow-` is answered after
 * 200 ms, so requests sent together are all under way at once.
 */
async function startFakeProvider(asked: string[]): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  app.post('/.ory/oauth2/token', async (req, reply) => {
    let secret = new URLSearchParams(String(req.body)).get('client_secret') ?? '';
    asked.push(String(req.body));
    if (secret.startsWith('slow-')) {
      await sleep(200);
      secret = secret.slice('slow-'.length);
    }
    if (secret === 'right') return { access_token: 'token', token_type: 'Bearer' };
    if (secret === 'odd') return reply.code(401).send({ error: 'invalid_token', error_description: 'not a client failure' });
    return reply.code(401).send({ error: 'invalid_client', error_description: 'client authentication failed' });
  });
  return { app, url: `${await listenFastify(app)}/.ory` };
}

const FAKE_LIMITS = {
  trustProxy: true,
  clientAuthFailuresPerClientAddress: 2,
  clientAuthFailuresPerAddress: 100,
  clientAuthFailuresPerClient: 100,
  clientAuthFailureWindowMs: 60_000,
};

describe('the provider is not asked while a client is throttled', () => {
  let provider: FastifyInstance;
  const asked: string[] = [];
  let h: Harness;

  beforeAll(async () => {
    const fake = await startFakeProvider(asked);
    provider = fake.app;
    h = await startHarness({ oauth2PublicUrl: fake.url, ...FAKE_LIMITS });
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  it('sends nothing upstream once the limit is reached, and counts no other 401', async () => {
    for (let i = 0; i < 4; i++) expect((await postedTokenRequest(h.gateway, '10.7.0.1', 'app', 'odd')).status).toBe(401);
    expectInvalidClient(await postedTokenRequest(h.gateway, '10.7.0.1', 'app', 'wrong'));
    expectInvalidClient(await postedTokenRequest(h.gateway, '10.7.0.1', 'app', 'wrong'));
    expect(asked).toHaveLength(6);
    expectThrottled(await postedTokenRequest(h.gateway, '10.7.0.1', 'app', 'right'), 60);
    expectThrottled(await postedTokenRequest(h.gateway, '10.7.0.1', 'app', 'wrong'), 60);
    expect(asked).toHaveLength(6);
    expect(asked.at(-1)).toBe('grant_type=client_credentials&client_id=app&client_secret=wrong');
    expect((await postedTokenRequest(h.gateway, '10.7.0.2', 'app', 'right')).status).toBe(200);
  });

  it('asks the provider again once the window has passed', async () => {
    for (let i = 0; i < 2; i++) expectInvalidClient(await postedTokenRequest(h.gateway, '10.7.0.4', 'app', 'wrong'));
    const retryAfter = expectThrottled(await postedTokenRequest(h.gateway, '10.7.0.4', 'app', 'right'), 60);
    h.clock.advance(retryAfter * 1000 - 1_000);
    expectThrottled(await postedTokenRequest(h.gateway, '10.7.0.4', 'app', 'right'), 60);
    h.clock.advance(1_000);
    const asking = asked.length;
    expect((await postedTokenRequest(h.gateway, '10.7.0.4', 'app', 'right')).status).toBe(200);
    expect(asked).toHaveLength(asking + 1);
  });

  it('lets no more attempts sent together reach the provider than the limit allows', async () => {
    const asking = asked.length;
    const burst = await Promise.all(Array.from({ length: 20 }, () => postedTokenRequest(h.gateway, '10.7.0.5', 'app', 'slow-wrong')));
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
    expect(asked.length - asking).toBe(2);
    // Those that found the places taken are told to come back shortly, not after the window.
    expect(burst.filter((answer) => answer.status === 429).some((answer) => answer.headers['retry-after'] === '1')).toBe(true);
  });

  it('lets a client that has authenticated from an address send many requests there at once', async () => {
    expect((await postedTokenRequest(h.gateway, '10.7.0.6', 'app', 'right')).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => postedTokenRequest(h.gateway, '10.7.0.6', 'app', 'slow-right')));
    expect(burst.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  });

  it('gives back the place of a request whose caller went away', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(postedTokenRequest(h.gateway, '10.7.0.8', 'app', 'slow-wrong').timeout(50)).rejects.toThrow(/Timeout/);
    }
    // Had the places stayed taken, these would find none.
    expectInvalidClient(await postedTokenRequest(h.gateway, '10.7.0.8', 'app', 'wrong'));
    expectInvalidClient(await postedTokenRequest(h.gateway, '10.7.0.8', 'app', 'wrong'));
    expectThrottled(await postedTokenRequest(h.gateway, '10.7.0.8', 'app', 'right'), 60);
    // The provider's answers to the abandoned requests arrive after all that; they come and go uncounted.
    await sleep(300);
    expectThrottled(await postedTokenRequest(h.gateway, '10.7.0.8', 'app', 'right'), 60);
  });

  it('never writes a client secret to the log', async () => {
    await postedTokenRequest(h.gateway, '10.7.0.3', 'logged', 'secret-in-the-form');
    await postedTokenRequest(h.gateway, '10.7.0.3', 'logged', 'secret-in-the-form');
    await tokenRequest(h.gateway, '10.7.0.3', 'logged', 'secret-in-the-header');
    expect(h.logs.join('')).not.toMatch(/secret-in-the/);
  });
});

describe('with Redis unreachable', () => {
  it('still throttles, on the counts of this instance', async () => {
    const asked: string[] = [];
    const fake = await startFakeProvider(asked);
    // Nothing listens on port 1.
    const h = await startHarness({ oauth2PublicUrl: fake.url, redisUrl: 'redis://127.0.0.1:1', ...FAKE_LIMITS });
    try {
      for (let i = 0; i < 2; i++) expectInvalidClient(await postedTokenRequest(h.gateway, '10.8.0.1', 'app', 'wrong'));
      expectThrottled(await postedTokenRequest(h.gateway, '10.8.0.1', 'app', 'right'), 60);
      expect(asked).toHaveLength(2);
      expect(h.logs.join('')).toContain('rate limits: redis is unavailable');
    } finally {
      await h.close();
      await fake.app.close();
    }
  });
});

const redis = await redisAvailable();

describe.runIf(redis)('failures counted in Redis throttle every gateway instance', () => {
  let stack: Stack;
  let second: FastifyInstance;
  let client: Client;

  beforeAll(async () => {
    stack = await startStack({ ...LIMITS, RATE_LIMIT_CLIENT_AUTH_WINDOW: '3', REDIS_URL });
    // A second instance in front of the same provider, sharing only Redis with the first.
    second = await buildGateway(stack.config, { version: 'test', ...IN_PROCESS_TUNING });
    await second.ready();
    client = await createClient(stack);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  it('refuses on one instance what failed on the other, until the window ends', async () => {
    // Addresses of their own, so an earlier run's counts in the same Redis cannot interfere.
    const attacker = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const own = `172.16.${randomInt(256)}.${randomInt(1, 255)}`;
    expectInvalidClient(await tokenRequest(stack.gateway, attacker, client.client_id, 'wrong-1'));
    expectInvalidClient(await tokenRequest(second, attacker, client.client_id, 'wrong-2'));
    expectInvalidClient(await tokenRequest(stack.gateway, attacker, client.client_id, 'wrong-3'));
    expectThrottled(await tokenRequest(second, attacker, client.client_id, client.client_secret), 3);
    const retryAfter = expectThrottled(await tokenRequest(stack.gateway, attacker, client.client_id, client.client_secret), 3);
    expect((await tokenRequest(second, own, client.client_id, client.client_secret)).status).toBe(200);

    await sleep(retryAfter * 1000 + 100);
    expect((await tokenRequest(second, attacker, client.client_id, client.client_secret)).status).toBe(200);
  });

  it('lets no more wrong secrets sent together to both instances reach the provider than the limit allows', async () => {
    const attacker = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => tokenRequest(i % 2 ? second : stack.gateway, attacker, client.client_id, `wrong-${i}`)));
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
  });
});
