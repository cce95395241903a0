/**
 * The project's members through the gateway: the installation's global administrators, each an
 * `owner`. Attacks first: another project's id, a session without the permission, a forged
 * removal without the CSRF pair, unknown and non-administrator members, the last administrator;
 * then a second administrator is appointed, removed with an API key, and loses the permission on
 * the next request, on a second gateway instance too.
 */
import { randomUUID } from 'node:crypto';
import { Configuration, IdentityApi, ProjectApi, ResponseError, type ProjectApiKey } from '@ory/client-fetch';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../server/gateway/app.js';
import { IN_PROCESS_TUNING, startStack, type Stack } from '../oauth2/support/stack.js';
import { REDIS_URL, redisAvailable } from '../support/redis.js';
import { browserCall, keyCall, signUp, type SignedUp } from './gateway-callers.js';

/** This file's key calls come from an address of their own (RFC 5737), so another file's wrong keys never throttle them. */
const ADDRESS = '198.51.100.43';
const FROM = { 'x-forwarded-for': ADDRESS };

// Overload shedding is another test's subject: a busy test machine must not turn answers into 503s here.

const withRedis = await redisAvailable();
let stack: Stack;
let second: FastifyInstance | undefined;
let secondOrigin: string;
let admin: SignedUp;
let person: SignedUp;
let projectId: string;
let slug: string;
let key: ProjectApiKey;

const settings = () => new Configuration({ basePath: `${stack.origin}/.ory`, accessToken: key.value!, headers: FROM });
const ory = () => new ProjectApi(settings());

async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: any }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ResponseError);
  const response = (error as ResponseError).response;
  return { status: response.status, body: await response.json() };
}

const memberIds = async () => (await ory().getProjectMembers({ project: projectId })).map((member) => member.id).sort();

beforeAll(async () => {
  stack = await startStack({ TRUST_PROXY: '127.0.0.1', ...(withRedis ? { REDIS_URL } : {}) });
  admin = await signUp(stack, `members-admin-${Date.now()}@example.com`);
  expect((await browserCall(stack, admin.browser, 'GET', '/api/permissions')).body.map((p: { id: string }) => p.id)).toContain('admin:platform');
  person = await signUp(stack, `members-person-${Date.now()}@example.com`);
  expect((await browserCall(stack, person.browser, 'GET', '/api/permissions')).body).toEqual([]);
  const listed = (await browserCall(stack, admin.browser, 'GET', '/.ory/projects')).body[0];
  ({ id: projectId, slug } = listed);
  key = (await browserCall(stack, admin.browser, 'POST', `/.ory/projects/${projectId}/tokens`, { name: 'members' })).body;
  if (withRedis) {
    second = await buildGateway(stack.config, { version: 'test', ...IN_PROCESS_TUNING });
    secondOrigin = (await second.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  }
}, 120_000);

afterAll(async () => {
  await second?.close();
  await stack?.close();
});

describe('who may see and remove members', () => {
  it('answers 401 without credentials and 403 for a session without admin:platform', async () => {
    expect((await fetch(`${stack.origin}/.ory/projects/${projectId}/members`)).status).toBe(401);
    const refused = await browserCall(stack, person.browser, 'GET', `/.ory/projects/${projectId}/members`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.reason).toMatch(/admin:platform/);
    expect((await browserCall(stack, person.browser, 'DELETE', `/.ory/projects/${projectId}/members/${admin.id}`)).status).toBe(403);
  });

  it('answers 404 for a project that is not this one, by id or by name', async () => {
    for (const other of [randomUUID(), 'another-project']) {
      expect((await keyCall(stack.origin, key.value!, 'GET', `/.ory/projects/${other}/members`, undefined, FROM)).status, other).toBe(404);
      expect((await keyCall(stack.origin, key.value!, 'DELETE', `/.ory/projects/${other}/members/${admin.id}`, undefined, FROM)).status, other).toBe(404);
    }
    expect(await memberIds()).toEqual([admin.id]);
  });

  it('refuses a removal by cookie without the CSRF pair, and changes nothing', async () => {
    expect((await browserCall(stack, admin.browser, 'DELETE', `/.ory/projects/${projectId}/members/${admin.id}`, undefined, false)).status).toBe(403);
    expect(await memberIds()).toEqual([admin.id]);
  });

  it('cannot be reached on the API service directly through /api', async () => {
    expect((await browserCall(stack, admin.browser, 'GET', '/api/internal/global-admins')).status).toBe(404);
    expect((await browserCall(stack, admin.browser, 'GET', '/internal/global-admins')).status).toBe(404);
  });
});

describe('members in Ory’s shape', () => {
  it('lists the first account as the one owner, by id or by slug, for a key and for its session', async () => {
    const identity = await new IdentityApi(settings()).getIdentity({ id: admin.id });
    const verified = identity.verifiable_addresses?.find((address) => address.value === admin.email)?.verified ?? false;
    const expected = [{ id: admin.id, email: admin.email, email_verified: verified, name: 'Ada Lovelace', role: 'owner', source: 'project' }];
    expect(await ory().getProjectMembers({ project: projectId })).toEqual(expected);
    expect(await ory().getProjectMembers({ project: slug })).toEqual(expected);
    const bySession = await browserCall(stack, admin.browser, 'GET', `/.ory/projects/${projectId}/members`);
    expect(bySession.status).toBe(200);
    expect(bySession.body).toEqual(expected);
  });

  it('refuses to remove the last administrator with 409, and changes nothing', async () => {
    const refused = await refusal(ory().removeProjectMember({ project: projectId, member: admin.id }));
    expect(refused.status).toBe(409);
    expect(refused.body.error.reason).toMatch(/last global administrator/);
    expect(await memberIds()).toEqual([admin.id]);
    expect((await browserCall(stack, admin.browser, 'GET', '/api/permissions')).body.map((p: { id: string }) => p.id)).toContain('admin:platform');
  });

  it('answers 404 for an unknown member and for one who is no administrator', async () => {
    for (const member of [randomUUID(), person.id, 'not-an-id']) {
      const refused = await refusal(ory().removeProjectMember({ project: projectId, member }));
      expect(refused.status, member).toBe(404);
    }
    expect((await browserCall(stack, person.browser, 'GET', '/api/permissions')).body).toEqual([]);
  });
});

describe('removing an appointed administrator', () => {
  it('takes their admin permissions away on the next request, on every instance', async () => {
    const appointed = await browserCall(stack, admin.browser, 'PUT', `/api/admin/users/${person.id}`, { globalRole: 'admin' });
    expect(appointed.status).toBe(200);
    // Their lists are now cached with admin:platform, on both instances.
    expect((await browserCall(stack, person.browser, 'GET', '/.ory/projects')).status).toBe(200);
    if (second) expect((await person.browser.send('GET', `${secondOrigin}/.ory/projects`, undefined, { json: true })).status).toBe(200);
    expect(await memberIds()).toEqual([admin.id, person.id].sort());

    await ory().removeProjectMember({ project: slug, member: person.id });

    const refused = await browserCall(stack, person.browser, 'GET', '/.ory/projects');
    expect(refused.status).toBe(403);
    expect((await browserCall(stack, person.browser, 'GET', '/bff/permissions')).body.user).toEqual([]);
    expect((await browserCall(stack, person.browser, 'GET', '/api/admin/users')).status).toBe(403);
    if (second) {
      await expect.poll(async () => (await person.browser.send('GET', `${secondOrigin}/.ory/projects`, undefined, { json: true })).status, { timeout: 2_000 }).toBe(403);
    }
    expect(await memberIds()).toEqual([admin.id]);
    // Still the last one.
    expect((await refusal(ory().removeProjectMember({ project: projectId, member: admin.id }))).status).toBe(409);
  });

  it('lets an administrator remove another through their session, however the id is spelt', async () => {
    expect((await browserCall(stack, admin.browser, 'PUT', `/api/admin/users/${person.id}`, { globalRole: 'admin' })).status).toBe(200);
    expect((await browserCall(stack, person.browser, 'GET', '/.ory/projects')).status).toBe(200);
    const removed = await browserCall(stack, admin.browser, 'DELETE', `/.ory/projects/${projectId}/members/${person.id.toUpperCase()}`);
    expect(removed.status).toBe(204);
    expect(await memberIds()).toEqual([admin.id]);
    expect((await browserCall(stack, person.browser, 'GET', '/.ory/projects')).status).toBe(403);
  });
});
