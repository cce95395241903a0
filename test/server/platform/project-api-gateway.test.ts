/**
 * The project API through the gateway, on the product as `npm start` runs it. Access first:
 * no credentials, a wrong key, a cookie without a key, a non-administrator's session and a
 * request without the CSRF pair are refused; then Ory's own client, with an API key a global
 * administrator made through their browser session, lists, reads, patches the project and makes,
 * lists and deletes keys; refused patches change nothing; a revoked or expired key is refused on
 * the next request, on a second gateway instance too.
 */
import { Configuration, ProjectApi, type ProjectApiKey } from '@ory/client-fetch';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../server/gateway/app.js';
import { IN_PROCESS_TUNING, startStack, type Stack } from '../oauth2/support/stack.js';
import { REDIS_URL, redisAvailable } from '../support/redis.js';
import { browserCall, keyCall as withKey, refusal, signUp, type SignedUp } from './gateway-callers.js';

const RECOVERY = '/services/identity/config/selfservice/flows/recovery/use';
const FAILURES_KEY = 'sitewave:api-key-failures:127.0.0.1';

const withRedis = await redisAvailable();
let stack: Stack;
let second: FastifyInstance | undefined;
let secondOrigin: string;
let admin: SignedUp['browser'];
let person: SignedUp['browser'];
let adminId: string;
let projectId: string;
let key: ProjectApiKey;

const ory = (value: string, origin = stack.origin) => new ProjectApi(new Configuration({ basePath: `${origin}/.ory`, accessToken: value }));

async function clearFailures(): Promise<void> {
  if (!withRedis) return;
  const redis = new Redis(REDIS_URL);
  await redis.del(FAILURES_KEY).finally(() => redis.quit());
}

beforeAll(async () => {
  await clearFailures();
  stack = await startStack(withRedis ? { REDIS_URL } : {});
  // The first identity the API sees becomes the global administrator.
  ({ browser: admin, id: adminId } = await signUp(stack, `platform-admin-${Date.now()}@example.com`));
  expect((await browserCall(stack, admin, 'GET', '/api/permissions')).body.map((p: { id: string }) => p.id)).toContain('admin:platform');
  ({ browser: person } = await signUp(stack, `platform-person-${Date.now()}@example.com`));
  if (withRedis) {
    second = await buildGateway(stack.config, { version: 'test', ...IN_PROCESS_TUNING });
    secondOrigin = (await second.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  }
}, 120_000);

afterAll(async () => {
  await second?.close();
  await stack?.close();
  await clearFailures();
});

describe('who may call the project API', () => {
  it('answers 401 in the envelope without credentials', async () => {
    const response = await fetch(`${stack.origin}/.ory/projects`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as any).error).toMatchObject({ code: 401, status: 'Unauthorized' });
  });

  it("answers 401 for a wrong key, even beside a global administrator's cookie", async () => {
    expect((await withKey(stack.origin, 'sitewave_pat_' + 'x'.repeat(43), 'GET', '/.ory/projects')).status).toBe(401);
    const response = await fetch(`${stack.origin}/.ory/projects`, {
      headers: { authorization: 'Bearer not-a-key', cookie: `ory_kratos_session=${admin.cookies.get('ory_kratos_session')}` },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as any).error.reason).toMatch(/API key is not valid/);
  });

  it('refuses a session without the admin:platform permission', async () => {
    const refused = await browserCall(stack, person, 'GET', '/.ory/projects');
    expect(refused.status).toBe(403);
    expect(refused.body.error.reason).toMatch(/admin:platform/);
    expect((await browserCall(stack, person, 'POST', '/.ory/projects/x/tokens', { name: 'mine' })).status).toBe(403);
  });

  it("lets a global administrator's session read, and change only with the CSRF pair", async () => {
    const listed = await browserCall(stack, admin, 'GET', '/.ory/projects');
    expect(listed.status).toBe(200);
    projectId = listed.body[0].id;
    const before = (await browserCall(stack, admin, 'GET', `/.ory/projects/${projectId}`)).body;

    const forged = await browserCall(stack, admin, 'PATCH', `/.ory/projects/${projectId}`, [{ op: 'replace', path: RECOVERY, value: 'link' }], false);
    expect(forged.status).toBe(403);
    expect((await browserCall(stack, admin, 'GET', `/.ory/projects/${projectId}`)).body).toEqual(before);

    const patched = await browserCall(stack, admin, 'PATCH', `/.ory/projects/${projectId}`, [{ op: 'replace', path: RECOVERY, value: 'link' }]);
    expect(patched.status).toBe(200);
    const [latest] = (await browserCall(stack, admin, 'GET', `/.ory/projects/${projectId}/revisions`)).body;
    expect(latest.actor).toEqual({ kind: 'identity', id: adminId });
  });

  it('gives the first API key to a global administrator through their session, shown once', async () => {
    const made = await browserCall(stack, admin, 'POST', `/.ory/projects/${projectId}/tokens`, { name: 'automation' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'automation', owner_id: adminId, project_id: projectId });
    expect(made.body.value).toMatch(/^sitewave_pat_/);
    key = made.body;
    const listed = (await browserCall(stack, admin, 'GET', `/.ory/projects/${projectId}/tokens`)).body;
    expect(JSON.stringify(listed)).not.toContain(key.value);
  });

  it('does not open the project API for a path outside the policy', async () => {
    expect((await withKey(stack.origin, key.value!, 'GET', `/.ory/projects/${projectId}/invites`)).status).toBe(404);
    expect((await withKey(stack.origin, key.value!, 'GET', `/.ory/projects/${projectId}/members/${adminId}`)).status).toBe(404);
    expect((await withKey(stack.origin, key.value!, 'GET', `/.ory/projects/${projectId}/tokens/${key.id}`)).status).toBe(404);
  });
});

describe("Ory's ProjectApi with an API key", () => {
  it('lists, reads and patches the project', async () => {
    const api = ory(key.value!);
    const [metadata] = await api.listProjects();
    expect(metadata).toMatchObject({ id: projectId, state: 'running', environment: 'prod', hosts: ['127.0.0.1'] });
    expect(metadata!.created_at).toBeInstanceOf(Date);

    const bySlug = await api.getProject({ projectId: metadata!.slug });
    expect(bySlug.id).toBe(projectId);
    expect((bySlug.services.identity!.config as any).selfservice.flows.recovery.use).toBe('link');

    const updated = await api.patchProject({ projectId, jsonPatch: [{ op: 'replace', path: RECOVERY, value: 'code' }] });
    expect((updated.project.services.identity!.config as any).selfservice.flows.recovery.use).toBe('code');
    expect(updated.warnings).toEqual([]);

    const withRevision = await api.patchProjectWithRevision({
      projectId,
      revisionId: updated.project.revision_id,
      jsonPatch: [{ op: 'replace', path: '/services/oauth2/config/strategies/access_token', value: 'jwt' }],
    });
    expect((withRevision.project.services.oauth2!.config as any).strategies.access_token).toBe('jwt');

    const [latest] = (await withKey(stack.origin, key.value!, 'GET', `/.ory/projects/${projectId}/revisions`)).body;
    expect(latest.actor).toEqual({ kind: 'api-key', id: key.id });

    const active = await withKey(stack.origin, key.value!, 'GET', '/.ory/console/active/project');
    expect(active.body).toEqual({ project_id: projectId });
  });

  it.each([
    ['an unknown path', [{ op: 'add', path: '/services/identity/config/courier', value: {} }], 400, /services\.identity\.config\.courier is not a configuration key/],
    ['a wrong type', [{ op: 'replace', path: '/services/permission/config/limit/max_read_depth', value: 'deep' }], 400, /max_read_depth must be integer/],
    [
      'a failing test',
      [
        { op: 'test', path: RECOVERY, value: 'link' },
        { op: 'replace', path: RECOVERY, value: 'link' },
      ],
      400,
      /the test failed/,
    ],
  ])('refuses %s and changes nothing', async (_what, jsonPatch, status, reason) => {
    const api = ory(key.value!);
    const before = await api.getProject({ projectId });
    const refused = await refusal(api.patchProject({ projectId, jsonPatch: jsonPatch as any }));
    expect(refused.status).toBe(status);
    expect(refused.body.error.reason).toMatch(reason);
    expect(await api.getProject({ projectId })).toEqual(before);
  });

  it('refuses a stale revision with 409 and changes nothing', async () => {
    const api = ory(key.value!);
    const revisions = (await withKey(stack.origin, key.value!, 'GET', `/.ory/projects/${projectId}/revisions`)).body;
    const before = await api.getProject({ projectId });
    const stale = await refusal(api.patchProjectWithRevision({ projectId, revisionId: revisions[1].id, jsonPatch: [{ op: 'replace', path: RECOVERY, value: 'link' }] }));
    expect(stale.status).toBe(409);
    expect(await api.getProject({ projectId })).toEqual(before);
  });

  it('refuses to create or purge a project', async () => {
    const api = ory(key.value!);
    const created = await refusal(api.createProject({ createProjectBody: { name: 'another', environment: 'prod' } as any }));
    expect(created.status).toBe(403);
    const purged = await refusal(api.purgeProject({ projectId }));
    expect(purged.status).toBe(403);
    expect(purged.body.error.reason).toMatch(/cannot purge itself/);
  });

  it('creates, lists and deletes an API key; the deleted key is refused on the next request', async () => {
    const api = ory(key.value!);
    const made = await api.createProjectApiKey({ project: projectId, createProjectApiKeyBody: { name: 'ci' } });
    expect(made.value).toMatch(/^sitewave_pat_/);
    expect(made.owner_id).toBe(key.id);
    const listed = await api.listProjectApiKeys({ project: projectId });
    expect(listed.map((entry) => entry.name)).toEqual(['automation', 'ci']);
    expect(listed.every((entry) => entry.value === undefined && entry.last_characters?.length === 4)).toBe(true);

    // Used once, so its check is cached on this instance and (with Redis) on the second one.
    expect((await ory(made.value!).listProjects()).length).toBe(1);
    if (second) expect((await ory(made.value!, secondOrigin).listProjects()).length).toBe(1);
    await api.deleteProjectApiKey({ project: projectId, tokenId: made.id });
    expect((await refusal(ory(made.value!).listProjects())).status).toBe(401);
    if (second) {
      // The eviction arrives over Redis within a round trip.
      await expect.poll(async () => (await withKey(secondOrigin, made.value!, 'GET', '/.ory/projects')).status, { timeout: 2_000 }).toBe(401);
    }
    expect((await api.listProjectApiKeys({ project: projectId })).map((entry) => entry.name)).toEqual(['automation']);
  });

  it('refuses an expired key though its check was cached', async () => {
    const expiresAt = new Date(Date.now() + 1_500);
    const made = await ory(key.value!).createProjectApiKey({ project: projectId, createProjectApiKeyBody: { name: 'brief', expires_at: expiresAt } });
    expect(made.expires_at?.getTime()).toBe(expiresAt.getTime());
    expect((await withKey(stack.origin, made.value!, 'GET', '/.ory/projects')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expect((await withKey(stack.origin, made.value!, 'GET', '/.ory/projects')).status).toBe(401);
  });

  it('counts wrong keys per address and answers 429 once there are too many', async () => {
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) last = (await withKey(stack.origin, `wrong-${i}`, 'GET', '/.ory/projects')).status;
    expect(last).toBe(429);
    // The limit is on wrong keys from the address: a good key waits too, as a guesser's would.
    const waiting = await withKey(stack.origin, key.value!, 'GET', '/.ory/projects');
    expect(waiting.status).toBe(429);
    expect(waiting.body.error.code).toBe(429);
  });
});
