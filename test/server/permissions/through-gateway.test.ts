/**
 * The permission service on the product as `npm start` runs it, reached as an Ory Network
 * project's permission API is: under `$PUBLIC_URL/.ory` with an API key. The model is set through
 * the project API; a relationship written through the gateway answers its public address; a
 * check follows the model; the OPL syntax check takes the model as text. Without a key nothing
 * opens; a global administrator's session is the screens' way in (test/server/platform/
 * permission-api-gateway.test.ts), and it writes nothing without the CSRF pair.
 */
import { Configuration, PermissionApi, ProjectApi, RelationshipApi, ResponseError } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { startStack, type Stack } from '../oauth2/support/stack.js';

const MODEL = `
class User implements Namespace {}
class Team implements Namespace {
  related: { members: User[] }
}
class Site implements Namespace {
  related: { editors: (User | SubjectSet<Team, "members">)[] }
  permits = { edit: (ctx: Context): boolean => this.related.editors.includes(ctx.subject) }
}`;

let stack: Stack;
let key: string;
let adminCookie: string;

beforeAll(async () => {
  stack = await startStack();
  const browser = new TestBrowser(`${stack.origin}/.ory`);
  const admin = await register(browser, `permissions-admin-${Date.now()}@example.com`);
  adminCookie = `ory_kratos_session=${browser.cookies.get('ory_kratos_session')}`;
  const platform = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.config.platformUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${stack.config.platformAdminToken}`, 'x-platform-actor': `identity:${admin.body.identity.id}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) => response.json() as Promise<any>);
  const projectId = (await platform('GET', '/projects'))[0].id;
  key = (await platform('POST', `/projects/${projectId}/tokens`, { name: 'permissions test' })).value;
  const ory = new ProjectApi(new Configuration({ basePath: `${stack.origin}/.ory`, accessToken: key }));
  await ory.patchProject({
    projectId,
    jsonPatch: [{ op: 'replace', path: '/services/permission/config/namespaces', value: [{ location: `base64://${Buffer.from(MODEL).toString('base64')}` }] }],
  });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('the permission API through the gateway', () => {
  it('opens for an API key, and for a session only under the CSRF rules', async () => {
    expect((await fetch(`${stack.origin}/.ory/namespaces`)).status).toBe(401);
    expect((await fetch(`${stack.origin}/.ory/namespaces`, { headers: { authorization: 'Bearer sitewave_pat_wrong' } })).status).toBe(401);
    // A wrong key beside the administrator's cookie: the key alone is judged.
    expect((await fetch(`${stack.origin}/.ory/namespaces`, { headers: { authorization: 'Bearer sitewave_pat_wrong', cookie: adminCookie } })).status).toBe(401);
    const written = await fetch(`${stack.origin}/.ory/admin/relation-tuples`, {
      method: 'PUT',
      headers: { cookie: adminCookie, origin: stack.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ namespace: 'Team', object: 'acme', relation: 'members', subject_id: 'mallory' }),
    });
    expect(written.status).toBe(403);
    const listed = await fetch(`${stack.origin}/.ory/relation-tuples?namespace=Team`, { headers: { authorization: `Bearer ${key}` } });
    expect(((await listed.json()) as { relation_tuples: unknown[] }).relation_tuples).toEqual([]);
  });

  it("writes, lists and checks relationships with Ory's SDK, following the project's model", async () => {
    const configuration = new Configuration({ basePath: `${stack.origin}/.ory`, accessToken: key });
    const relationships = new RelationshipApi(configuration);
    const permissions = new PermissionApi(configuration);
    expect((await relationships.listRelationshipNamespaces()).namespaces?.map((n) => n.name)).toEqual([
      'Identity',
      'Installation',
      'Organisation',
      'Project',
      'User',
      'Team',
      'Site',
    ]);

    const raw = await fetch(`${stack.origin}/.ory/admin/relation-tuples`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ namespace: 'Team', object: 'acme', relation: 'members', subject_id: 'ana' }),
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('location')).toMatch(/^\/\.ory\/relation-tuples\?/);
    await relationships.createRelationship({
      createRelationshipBody: { namespace: 'Site', object: 'survey', relation: 'editors', subject_set: { namespace: 'Team', object: 'acme', relation: 'members' } },
    });

    const listed = await relationships.getRelationships({ namespace: 'Site' });
    expect(listed.relation_tuples).toHaveLength(1);
    expect((await permissions.checkPermission({ namespace: 'Site', object: 'survey', relation: 'edit', subjectId: 'ana' })).allowed).toBe(true);
    expect((await permissions.checkPermission({ namespace: 'Site', object: 'survey', relation: 'edit', subjectId: 'bob' })).allowed).toBe(false);
    // Keto's check that answers "no" with a 403.
    const denied = await permissions.checkPermissionOrError({ namespace: 'Site', object: 'survey', relation: 'edit', subjectId: 'bob' }).catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(ResponseError);
    expect((denied as ResponseError).response.status).toBe(403);

    await relationships.deleteRelationships({ namespace: 'Team', object: 'acme', relation: 'members', subjectId: 'ana' });
    expect((await permissions.checkPermission({ namespace: 'Site', object: 'survey', relation: 'edit', subjectId: 'ana' })).allowed).toBe(false);
  });

  it('answers a check with its length, and a page larger than the gateway reads whole streamed to its end', async () => {
    const headers = { authorization: `Bearer ${key}` };
    const check = await fetch(`${stack.origin}/.ory/relation-tuples/check?namespace=Site&object=survey&relation=edit&subject_id=nobody`, { headers });
    expect(check.headers.get('content-length')).toBe(String(JSON.stringify({ allowed: false }).length));
    expect(await check.json()).toEqual({ allowed: false });
    // About 85 KB of relationships on one page: more than an answer read whole (64 KB).
    const members = Array.from({ length: 500 }, (_, i) => ({
      action: 'insert',
      relation_tuple: { namespace: 'Team', object: 'crowd', relation: 'members', subject_id: `member-${String(i).padStart(4, '0')}-${'x'.repeat(100)}` },
    }));
    const patched = await fetch(`${stack.origin}/.ory/admin/relation-tuples`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(members),
    });
    expect(patched.status).toBe(204);
    const page = await fetch(`${stack.origin}/.ory/relation-tuples?namespace=Team&object=crowd&page_size=500`, { headers });
    expect(page.headers.get('content-length')).toBeNull();
    const listed = (await page.json()) as { relation_tuples: { subject_id: string }[] };
    expect(listed.relation_tuples.map((tuple) => tuple.subject_id)).toEqual(members.map((member) => member.relation_tuple.subject_id));
  });

  it('checks a model sent as plain text, with the position of a mistake', async () => {
    const answer = await fetch(`${stack.origin}/.ory/opl/syntax/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      body: 'class User implements Namespace {\n  related: { friends: Nobody[] }\n}',
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { errors?: { message: string; start: { Line: number } }[] };
    expect(body.errors?.[0]?.start.Line).toBe(2);
  });
});
