/**
 * The permission service's API under `/.ory` for a global administrator's browser session, on the
 * product as `npm start` runs it. Attacks first: no session, a signed-in user who is no global
 * administrator, a cross-site write without the CSRF pair (a plain-text form post included), a
 * wrong key beside the administrator's cookie; the identity and OAuth2 admin APIs stay closed to
 * that cookie. Then the administrator's session reads, writes, checks and expands relationships
 * and checks a model, as the Permissions screens do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_ROUTE_POLICY } from '../../../shared/api-route-policy.js';
import { startStack, type Stack } from '../oauth2/support/stack.js';
import { browserCall, signUp, XSRF, type SignedUp } from './gateway-callers.js';

const MODEL = `class User implements Namespace {}
class Group implements Namespace {
  related: { members: User[] }
}
class Folder implements Namespace {
  related: { viewers: (User | SubjectSet<Group, "members">)[] }
  permits = { view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject) }
}`;

const TUPLE = { namespace: 'Group', object: 'field-team', relation: 'members', subject_id: 'ana' };
const tupleQuery = (tuple: Record<string, string>) => new URLSearchParams(tuple).toString();

let stack: Stack;
let admin: SignedUp;
let person: SignedUp;

/** What the permission service stores, asked with its own admin token (not through the gateway). */
async function stored(namespace: string): Promise<unknown[]> {
  const response = await fetch(`${stack.config.permissionUrl}/relation-tuples?namespace=${namespace}`, {
    headers: { authorization: `Bearer ${stack.config.permissionAdminToken}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { relation_tuples: unknown[] }).relation_tuples;
}

beforeAll(async () => {
  stack = await startStack();
  // The first identity the API sees is the global administrator; the second is nobody special.
  admin = await signUp(stack, `permission-admin-${Date.now()}@example.com`);
  expect((await browserCall(stack, admin.browser, 'GET', '/api/permissions')).body.map((p: { id: string }) => p.id)).toContain('admin:platform');
  person = await signUp(stack, `permission-person-${Date.now()}@example.com`);
  const projectId = (await browserCall(stack, admin.browser, 'GET', '/.ory/projects')).body[0].id;
  const location = `base64://${Buffer.from(MODEL).toString('base64')}`;
  const saved = await browserCall(stack, admin.browser, 'PATCH', `/.ory/projects/${projectId}`, [
    { op: 'replace', path: '/services/permission/config/namespaces', value: [{ location }] },
  ]);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('who may call the permission API without a key', () => {
  it('answers 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/.ory/namespaces'],
      ['GET', `/.ory/relation-tuples?namespace=Group`],
      ['PUT', '/.ory/admin/relation-tuples'],
    ] as const) {
      // With a CSRF pair of its own, so that what is missing is the session alone.
      const response = await fetch(`${stack.origin}${path}`, { method, headers: { origin: stack.origin, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(((await response.json()) as any).error.code).toBe(401);
    }
    // Without anything at all, a write is a 401 too: there is no session to forge with.
    expect((await fetch(`${stack.origin}/.ory/admin/relation-tuples?namespace=Group`, { method: 'DELETE' })).status).toBe(401);
  });

  it('answers 403 to a signed-in user who is not a global administrator, and writes nothing', async () => {
    const read = await browserCall(stack, person.browser, 'GET', '/.ory/relation-tuples?namespace=Group');
    expect(read.status).toBe(403);
    expect(read.body.error.reason).toMatch(/admin:platform/);
    expect((await browserCall(stack, person.browser, 'GET', `/.ory/relation-tuples/check/openapi?${tupleQuery(TUPLE)}`)).status).toBe(403);
    expect((await browserCall(stack, person.browser, 'GET', '/.ory/relation-tuples/expand?namespace=Group&object=field-team&relation=members')).status).toBe(403);
    const written = await browserCall(stack, person.browser, 'PUT', '/.ory/admin/relation-tuples', { ...TUPLE, subject_id: 'mallory' });
    expect(written.status).toBe(403);
    const deleted = await browserCall(stack, person.browser, 'DELETE', `/.ory/admin/relation-tuples?${tupleQuery(TUPLE)}`);
    expect(deleted.status).toBe(403);
    expect(await stored('Group')).toEqual([]);
  });

  it("refuses a cross-site write riding on the administrator's cookie", async () => {
    // No Origin and no XSRF header: what a form on another site would send.
    const bare = await browserCall(stack, admin.browser, 'PUT', '/.ory/admin/relation-tuples', { ...TUPLE, subject_id: 'mallory' }, false);
    expect(bare.status).toBe(403);
    // Another site's Origin, even with a token that happens to match the cookie.
    const foreign = await admin.browser.send('PUT', '/.ory/admin/relation-tuples', JSON.stringify({ ...TUPLE, subject_id: 'mallory' }), {
      json: true,
      headers: { origin: 'https://evil.example', 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
    });
    expect(foreign.status).toBe(403);
    // Our Origin without the double-submit token.
    const tokenless = await admin.browser.send('DELETE', `/.ory/admin/relation-tuples?namespace=Group`, undefined, { json: true, headers: { origin: stack.origin } });
    expect(tokenless.status).toBe(403);
    expect(tokenless.body.error.reason).toMatch(/XSRF/);
    // A plain-text form post, the one kind a browser sends cross-site without asking.
    const form = await admin.browser.send('POST', '/.ory/opl/syntax/check', 'class X implements Namespace {}', {
      json: true,
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(403);
    expect(await stored('Group')).toEqual([]);
  });

  it('judges a request with an Authorization header by the key alone, whatever cookie it carries', async () => {
    const response = await fetch(`${stack.origin}/.ory/namespaces`, {
      headers: { authorization: 'Bearer sitewave_pat_' + 'x'.repeat(43), cookie: `ory_kratos_session=${admin.browser.cookies.get('ory_kratos_session')}` },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as any).error.reason).toMatch(/API key is not valid/);
  });

  it("keeps the identity and OAuth2 admin APIs closed to the administrator's cookie", async () => {
    for (const [method, path, body] of [
      ['GET', '/.ory/admin/identities', undefined],
      ['GET', '/.ory/admin/sessions', undefined],
      ['GET', '/.ory/admin/clients', undefined],
      ['POST', '/.ory/admin/clients', { client_name: 'by cookie' }],
      ['DELETE', `/.ory/admin/identities/${person.id}`, undefined],
    ] as const) {
      const answer = await browserCall(stack, admin.browser, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    expect((await stack.admin('GET', '/admin/clients')).body.map((c: { client_name: string }) => c.client_name)).not.toContain('by cookie');
    expect((await browserCall(stack, person.browser, 'GET', '/bff/session')).body.identity.id).toBe(person.id);
  });

  it('opens only the permission rows to sessions, and to global administrators only', () => {
    for (const row of ADMIN_API_ROUTE_POLICY) {
      if (row.service === 'permissionRead' || row.service === 'permissionWrite')
        expect(row, `${row.method} ${row.path}`).toMatchObject({ scope: 'apiKeyOrUser', permissions: ['admin:platform'] });
      else expect(row, `${row.method} ${row.path}`).toMatchObject({ scope: 'apiKey', permissions: [] });
    }
  });
});

describe("a global administrator's session", () => {
  it('lists the namespaces and checks a model sent as plain text', async () => {
    const listed = (await browserCall(stack, admin.browser, 'GET', '/.ory/namespaces')).body.namespaces.map((n: { name: string }) => n.name);
    expect(listed.slice(-3)).toEqual(['User', 'Group', 'Folder']);
    const checked = await admin.browser.send('POST', '/.ory/opl/syntax/check', 'class User implements Namespace {\n  related: { friends: Nobody[] }\n}', {
      json: true,
      headers: { origin: stack.origin, 'x-xsrf-token': XSRF, 'content-type': 'text/plain' },
    });
    expect(checked.status).toBe(200);
    expect(checked.body.errors[0].start.Line).toBe(2);
  });

  it('writes, lists, checks, expands and deletes relationships', async () => {
    const written = await browserCall(stack, admin.browser, 'PUT', '/.ory/admin/relation-tuples', TUPLE);
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const folder = { namespace: 'Folder', object: 'reports', relation: 'viewers', subject_set: { namespace: 'Group', object: 'field-team', relation: 'members' } };
    expect((await browserCall(stack, admin.browser, 'PUT', '/.ory/admin/relation-tuples', folder)).status).toBe(201);
    expect(await stored('Group')).toEqual([TUPLE]);

    const listed = await browserCall(stack, admin.browser, 'GET', '/.ory/relation-tuples?namespace=Folder&page_size=1');
    expect(listed.body).toEqual({ relation_tuples: [folder], next_page_token: '' });

    const check = (subject: string) =>
      browserCall(
        stack,
        admin.browser,
        'GET',
        `/.ory/relation-tuples/check/openapi?${tupleQuery({ namespace: 'Folder', object: 'reports', relation: 'view', subject_id: subject })}`,
      );
    expect((await check('ana')).body).toEqual({ allowed: true });
    expect((await check('bob')).body).toEqual({ allowed: false });

    const tree = await browserCall(stack, admin.browser, 'GET', '/.ory/relation-tuples/expand?namespace=Folder&object=reports&relation=viewers&max-depth=3');
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body)).toContain('"subject_id":"ana"');

    const deleted = await browserCall(stack, admin.browser, 'DELETE', `/.ory/admin/relation-tuples?${tupleQuery(TUPLE)}`);
    expect(deleted.status).toBe(204);
    expect(await stored('Group')).toEqual([]);
    expect((await check('ana')).body).toEqual({ allowed: false });
  });
});
