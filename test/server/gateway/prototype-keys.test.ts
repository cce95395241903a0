/**
 * Bodies whose keys name a prototype (`__proto__`, `constructor.prototype`) are refused with a
 * 400 by every service of the product — the gateway before it forwards anything, the API, the
 * identity service's public and admin APIs, the OAuth2 provider's admin API — in that service's
 * error format, store nothing, and pollute no prototype on the way.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ASSERTION_HEADER, assertionKey, signIdentityAssertion } from '../../../shared/identity-assertion.js';
import { formFields, parseJsonRefusingPrototypeKeys } from '../../../server/http/prototype-keys.js';
import { TestBrowser } from '../identity/support/browser.js';
import { register, startFlow } from '../identity/support/flows.js';
import { startStack, type Stack } from '../oauth2/support/stack.js';

const XSRF = 'prototype-keys-xsrf-0123456789';
const POISONED = [
  ['__proto__', '{"__proto__": {"polluted": "yes"}, "name": "Poisoned"}'],
  ['constructor.prototype', '{"constructor": {"prototype": {"polluted": "yes"}}, "name": "Poisoned"}'],
  ['a nested __proto__', '{"name": "Poisoned", "settings": {"deeper": [{"__proto__": {"polluted": "yes"}}]}}'],
] as const;

interface Answer {
  status: number;
  body: any;
}

async function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const response = await request(url, { method: method as 'POST', headers, body });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? JSON.parse(text) : undefined };
}

function expectEnvelope(answer: Answer, reason: RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error).toMatchObject({ code: 400, status: 'Bad Request' });
  expect(answer.body.error.reason).toMatch(reason);
}

describe('prototype keys in request bodies', () => {
  let stack: Stack;
  let cookie: string;
  let identityId: string;

  beforeAll(async () => {
    stack = await startStack();
    const browser = new TestBrowser(`${stack.origin}/.ory`);
    const registered = await register(browser, `proto-${Date.now()}@example.com`);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    identityId = registered.body.identity.id;
    cookie = `${browser.cookieHeader()}; XSRF-TOKEN=${XSRF}`;
  });

  afterAll(async () => {
    await stack?.close();
  });

  afterEach(() => {
    // Nothing reached an Object.assign or a merge: no object grew a property.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  const signedIn = () => ({ cookie, 'x-xsrf-token': XSRF, origin: stack.origin, 'content-type': 'application/json', accept: 'application/json' });
  const orgCount = async () => (await send(`${stack.origin}/api/admin/orgs`, 'GET', signedIn())).body;

  it.each(POISONED)('the gateway refuses %s before calling the API, and nothing is stored', async (_name, body) => {
    const before = await orgCount();
    const answer = await send(`${stack.origin}/api/admin/orgs`, 'POST', signedIn(), body);
    expectEnvelope(answer, /may not use the key (__proto__|constructor\.prototype)/);
    expect(await orgCount()).toEqual(before);
  });

  it('the gateway still forwards a body whose text merely mentions the words', async () => {
    const answer = await send(`${stack.origin}/api/admin/orgs`, 'POST', signedIn(), JSON.stringify({ name: 'The constructor and __proto__ club' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.name).toBe('The constructor and __proto__ club');
  });

  it.each(POISONED)('the API refuses %s itself (defence in depth)', async (_name, body) => {
    const assertion = await signIdentityAssertion(assertionKey(stack.config.assertionSecret), { sub: identityId, sid: randomUUID(), aal: 'aal1' }, Math.floor(Date.now() / 1000));
    const answer = await send(`${stack.config.apiUrl}/api/admin/orgs`, 'POST', { [ASSERTION_HEADER]: assertion, 'content-type': 'application/json' }, body);
    expectEnvelope(answer, /may not use the key (__proto__|constructor\.prototype)/);
  });

  it.each(POISONED)('the identity service refuses %s in a self-service submission, through the gateway', async (_name, body) => {
    const browser = new TestBrowser(`${stack.origin}/.ory`);
    const flow = await startFlow(browser, 'registration');
    const answer = await send(
      `${stack.origin}/.ory/self-service/registration?flow=${flow.id}`,
      'POST',
      { cookie: browser.cookieHeader(), 'content-type': 'application/json', accept: 'application/json' },
      body,
    );
    expectEnvelope(answer, /may not use the key (__proto__|constructor\.prototype)/);
  });

  it('the identity service drops prototype keys of a form submission', async () => {
    const browser = new TestBrowser(`${stack.origin}/.ory`);
    const flow = await startFlow(browser, 'registration');
    const csrf = flow.ui.nodes.find((node: any) => node.attributes.name === 'csrf_token').attributes.value;
    const form = new URLSearchParams({
      csrf_token: csrf,
      method: 'password',
      '__proto__.polluted': 'yes',
      'traits.constructor.prototype.polluted': 'yes',
      'traits.email': 'not an address',
      password: 'x',
    });
    const answer = await send(
      `${stack.origin}/.ory/self-service/registration?flow=${flow.id}`,
      'POST',
      { cookie: browser.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      form.toString(),
    );
    // The submission is judged on what is left (an invalid address), and the dropped keys did nothing.
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).not.toContain('polluted');
  });

  it.each(POISONED)("the identity service's admin API refuses %s", async (_name, body) => {
    const answer = await send(
      `${stack.config.identityAdminUrl}/admin/identities`,
      'POST',
      { authorization: `Bearer ${stack.config.identityAdminToken}`, 'content-type': 'application/json' },
      body,
    );
    expectEnvelope(answer, /may not use the key (__proto__|constructor\.prototype)/);
  });

  it("the identity service's admin API refuses a JSON patch that reaches for a prototype", async () => {
    const answer = await send(
      `${stack.config.identityAdminUrl}/admin/identities/${identityId}`,
      'PATCH',
      { authorization: `Bearer ${stack.config.identityAdminToken}`, 'content-type': 'application/json' },
      JSON.stringify([{ op: 'add', path: '/traits/__proto__/polluted', value: 'yes' }]),
    );
    expectEnvelope(answer, /patch cannot be applied/);
  });

  it.each(POISONED)("the OAuth2 provider's admin API refuses %s in Hydra's error format", async (_name, body) => {
    const answer = await send(
      `${stack.config.oauth2AdminUrl}/admin/clients`,
      'POST',
      { authorization: `Bearer ${stack.config.oauth2AdminToken}`, 'content-type': 'application/json' },
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_request', status_code: 400 });
    expect(answer.body.error_description).toMatch(/may not use the key (__proto__|constructor\.prototype)/);
    expect((await stack.admin('GET', '/admin/clients')).body).toEqual([]);
  });

  it.each(['__proto__', 'constructor', 'prototype'])("the OAuth2 provider's admin API refuses a form field named %s", async (key) => {
    const answer = await send(
      `${stack.config.oauth2AdminUrl}/admin/oauth2/introspect`,
      'POST',
      { authorization: `Bearer ${stack.config.oauth2AdminToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      `token=abc&${key}=yes`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_request', error_description: `The request body may not use the key ${key}` });
  });
});

describe('the shared parsers', () => {
  it('refuse what Fastify refuses and keep everything else', () => {
    expect(() => parseJsonRefusingPrototypeKeys('{"a": {"__proto__": 1}}')).toThrow('__proto__');
    expect(() => parseJsonRefusingPrototypeKeys('{"constructor": {"prototype": {}}}')).toThrow('constructor.prototype');
    expect(parseJsonRefusingPrototypeKeys('{"constructor": "a builder", "prototype": 2}')).toEqual({ constructor: 'a builder', prototype: 2 });
    expect(() => parseJsonRefusingPrototypeKeys('{"a":')).toThrow(SyntaxError);
    expect(() => formFields('a=1&__proto__=2')).toThrow('__proto__');
    expect(formFields('a=1&a=2&b=%20')).toEqual({ a: '2', b: ' ' });
  });
});
