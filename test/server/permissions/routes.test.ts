/**
 * The permission service's REST API on both databases, edge first: the admin token, every
 * refusal a 400 (or Keto's 404 for an unknown namespace) that names the field and writes
 * nothing, a patch with one bad item writing none of it, delete filters only in the query,
 * paging, check's 403 and the openapi variant's 200, strict mode's 422, the batch's per-tuple
 * errors, expand's tree, and settings that change between requests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { PermissionClient, TestSettings, withBuiltIn } from './support.js';

const MODEL = `
class User implements Namespace {}
class Group implements Namespace {
  related: { members: (User | SubjectSet<Group, "members">)[] }
}
class Doc implements Namespace {
  related: {
    owners: User[]
    viewers: (User | SubjectSet<Group, "members">)[]
  }
  permits = {
    view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject) || this.permits.edit(ctx),
    edit: (ctx: Context): boolean => this.related.owners.includes(ctx.subject),
  }
}`;

const NAMESPACES = [{ opl: MODEL }, { name: 'Plain' }];

const doc = (object: string, relation: string, subject: Record<string, unknown>) => ({ namespace: 'Doc', object, relation, ...subject });
const ALICE_VIEWS_README = doc('readme', 'viewers', { subject_id: 'alice' });

describe.each(backendsFor('permission'))('the permission API on %s', (_name, makeBackend) => {
  let backend: Backend;
  let db: Database;
  let settings: TestSettings;
  let service: PermissionClient;

  beforeAll(async () => {
    backend = makeBackend();
    db = await backend.open();
    settings = new TestSettings();
    service = await PermissionClient.start(db, settings);
  });
  beforeEach(async () => {
    await db.exec('DELETE FROM relation_tuples');
    settings.value = { namespaces: NAMESPACES, maxReadDepth: 5, maxReadWidth: 100, strictMode: false };
  });
  afterAll(async () => {
    await service.app.close();
    await db.close();
    await backend.cleanup();
  });

  const all = async () => (await service.call('GET', '/relation-tuples')).body.relation_tuples;
  const put = (tuple: unknown) => service.call('PUT', '/admin/relation-tuples', tuple);

  describe('the admin token', () => {
    it('is required of every call but the liveness probe', async () => {
      for (const authorization of [undefined, 'Bearer wrong', 'permission-test-admin-token']) {
        const response = await service.app.inject({ method: 'GET', url: '/relation-tuples', headers: authorization ? { authorization } : {} });
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toMatchObject({ code: 401, status: 'Unauthorized' });
      }
      expect((await service.app.inject({ method: 'GET', url: '/health/alive' })).statusCode).toBe(200);
    });
  });

  describe('writes', () => {
    it('creates a relationship with 201, where to read it back, and the tuple; writing it again stores it once', async () => {
      const created = await put(ALICE_VIEWS_README);
      expect(created.status).toBe(201);
      expect(created.headers.location).toBe('/relation-tuples?namespace=Doc&object=readme&relation=viewers&subject_id=alice');
      expect(created.body).toEqual(ALICE_VIEWS_README);
      expect((await put(ALICE_VIEWS_README)).status).toBe(201);
      expect(await all()).toEqual([ALICE_VIEWS_README]);

      const set = doc('readme', 'viewers', { subject_set: { namespace: 'Group', object: 'staff team', relation: 'members' } });
      const second = await put(set);
      expect(second.headers.location).toBe(
        '/relation-tuples?namespace=Doc&object=readme&relation=viewers&subject_set.namespace=Group&subject_set.object=staff+team&subject_set.relation=members',
      );
      expect((await service.call('GET', second.headers.location as string)).body.relation_tuples).toEqual([set]);
    });

    const refusals: [string, unknown, number, RegExp][] = [
      ['no namespace', { object: 'readme', relation: 'viewers', subject_id: 'alice' }, 400, /^body must have required property 'namespace'$/],
      ['a number for an object', doc('', 'viewers', { object: 12, subject_id: 'alice' }), 400, /^body\/object must be string$/],
      ['no subject', doc('readme', 'viewers', {}), 400, /^body: exactly one of subject_set or subject_id/],
      ['both subjects', doc('readme', 'viewers', { subject_id: 'alice', subject_set: { namespace: 'Group', object: 'g', relation: 'members' } }), 400, /^body: exactly one of/],
      [
        'a subject set without relation',
        doc('readme', 'viewers', { subject_set: { namespace: 'Group', object: 'g' } }),
        400,
        /^body\/subject_set must have required property 'relation'$/,
      ],
      ['an empty object', doc('', 'viewers', { subject_id: 'alice' }), 400, /^body\/object is empty$/],
      ['an empty subject id', doc('readme', 'viewers', { subject_id: '' }), 400, /^body\/subject_id is empty$/],
      ['a NUL character', doc('read\u0000me', 'viewers', { subject_id: 'alice' }), 400, /^body\/object contains a NUL character$/],
      ['an object too long to index', doc('x'.repeat(513), 'viewers', { subject_id: 'alice' }), 400, /^body\/object is longer than 512 bytes$/],
      ['an unknown namespace', { namespace: 'Nope', object: 'o', relation: 'r', subject_id: 'alice' }, 404, /^Unknown namespace with name "Nope"\.$/],
      [
        'an unknown subject set namespace',
        doc('readme', 'viewers', { subject_set: { namespace: 'Team', object: 't', relation: 'members' } }),
        404,
        /^Unknown namespace with name "Team"\.$/,
      ],
      ['a body that is not JSON', '{"namespace": ', 400, /^The request body is not valid JSON/],
    ];

    it.each(refusals)('refuses %s, naming it, and writes nothing', async (_what, body, status, reason) => {
      const refused = await put(body);
      expect(refused.status).toBe(status);
      expect(refused.body.error).toMatchObject({ code: status });
      expect(refused.body.error.reason).toMatch(reason);
      expect(await all()).toEqual([]);
    });

    it('keeps the empty-relation subject set User:alice# apart from the subject alice', async () => {
      const set = doc('readme', 'viewers', { subject_set: { namespace: 'User', object: 'alice', relation: '' } });
      expect((await put(set)).status).toBe(201);
      expect((await service.call('GET', '/relation-tuples?subject_id=alice')).body.relation_tuples).toEqual([]);
      expect((await service.call('GET', '/relation-tuples?subject_set.namespace=User&subject_set.object=alice&subject_set.relation=')).body.relation_tuples).toEqual([set]);
    });

    it('applies a patch of inserts and deletes together, inserts first', async () => {
      await put(ALICE_VIEWS_README);
      const bob = doc('readme', 'owners', { subject_id: 'bob' });
      const carol = doc('readme', 'owners', { subject_id: 'carol' });
      const patched = await service.call('PATCH', '/admin/relation-tuples', [
        { action: 'insert', relation_tuple: bob },
        { action: 'insert', relation_tuple: bob },
        { action: 'delete', relation_tuple: ALICE_VIEWS_README },
        { action: 'insert', relation_tuple: carol },
        { action: 'delete', relation_tuple: carol },
      ]);
      expect(patched.status).toBe(204);
      expect(await all()).toEqual([bob]);
    });

    const badPatches: [string, unknown[], number, RegExp][] = [
      ['an item without a subject', [{ action: 'insert', relation_tuple: doc('readme', 'viewers', {}) }], 400, /^body\/2\/relation_tuple: exactly one of/],
      ['an unknown action', [{ action: 'upsert', relation_tuple: ALICE_VIEWS_README }], 400, /^body\/2\/action must be equal to one of the allowed values$/],
      ['an item without a tuple', [{ action: 'insert' }], 400, /^body\/2 must have required property 'relation_tuple'$/],
      ['an unknown namespace', [{ action: 'insert', relation_tuple: { namespace: 'Nope', object: 'o', relation: 'r', subject_id: 'a' } }], 404, /Unknown namespace/],
    ];

    it.each(badPatches)('writes none of a patch with %s', async (_what, bad, status, reason) => {
      await put(ALICE_VIEWS_README);
      const refused = await service.call('PATCH', '/admin/relation-tuples', [
        { action: 'insert', relation_tuple: doc('readme', 'owners', { subject_id: 'bob' }) },
        { action: 'delete', relation_tuple: ALICE_VIEWS_README },
        ...bad,
      ]);
      expect(refused.status).toBe(status);
      expect(refused.body.error.reason).toMatch(reason);
      expect(await all()).toEqual([ALICE_VIEWS_README]);
    });

    it('deletes what the query matches, and refuses a body, a missing namespace or an unknown filter', async () => {
      await put(ALICE_VIEWS_README);
      await put(doc('readme', 'owners', { subject_id: 'alice' }));
      await put(doc('notes', 'viewers', { subject_id: 'alice' }));
      await put(doc('notes', 'viewers', { subject_id: 'bob' }));

      const withBody = await service.call('DELETE', '/admin/relation-tuples?namespace=Doc', { subject_id: 'alice' });
      expect(withBody.status).toBe(400);
      expect(withBody.body.error.reason).toMatch(/^body: .*the body must be empty$/);
      const everything = await service.call('DELETE', '/admin/relation-tuples');
      expect(everything.status).toBe(400);
      expect(everything.body.error.reason).toMatch(/^namespace is missing/);
      const typo = await service.call('DELETE', '/admin/relation-tuples?namespace=Doc&subjectid=alice');
      expect(typo.status).toBe(400);
      expect(typo.body.error.reason).toMatch(/^subjectid is not a filter/);
      expect((await service.call('DELETE', '/admin/relation-tuples?namespace=Doc&subject=alice')).status).toBe(400);
      expect((await service.call('DELETE', '/admin/relation-tuples?namespace=Nope')).status).toBe(404);
      expect(await all()).toHaveLength(4);

      expect((await service.call('DELETE', '/admin/relation-tuples?namespace=Doc&object=readme&subject_id=alice')).status).toBe(204);
      expect((await all()).map((t: any) => `${t.object}@${t.subject_id}`)).toEqual(['notes@alice', 'notes@bob']);
    });
  });

  describe('reads', () => {
    it('lists by every filter, page by page, with an empty token on the last page', async () => {
      for (const object of ['a', 'b', 'c', 'd', 'e']) await put(doc(object, 'viewers', { subject_id: 'alice' }));
      await put(doc('a', 'viewers', { subject_set: { namespace: 'Group', object: 'g', relation: 'members' } }));

      const seen: string[] = [];
      let token = '';
      let pages = 0;
      do {
        const page = await service.call('GET', `/relation-tuples?namespace=Doc&subject_id=alice&page_size=2${token ? `&page_token=${token}` : ''}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.relation_tuples.map((t: any) => t.object));
        token = page.body.next_page_token;
        pages++;
      } while (token);
      expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(pages).toBe(3);

      const sets = await service.call('GET', '/relation-tuples?subject_set.namespace=Group&subject_set.object=g&subject_set.relation=members');
      expect(sets.body).toEqual({ relation_tuples: [doc('a', 'viewers', { subject_set: { namespace: 'Group', object: 'g', relation: 'members' } })], next_page_token: '' });
      expect((await service.call('GET', '/relation-tuples?object=c')).body.relation_tuples).toHaveLength(1);
      expect((await service.call('GET', '/relation-tuples?namespace=Plain')).body).toEqual({ relation_tuples: [], next_page_token: '' });
    });

    const badLists: [string, string, number, RegExp][] = [
      ['a partial subject set', '?subject_set.namespace=Group&subject_set.relation=members', 400, /^subject_set\.object is missing/],
      ['both subject forms', '?subject_id=a&subject_set.namespace=Group', 400, /exactly one of subject_set or subject_id/],
      ['the dropped subject key', '?subject=alice', 400, /support for "subject" was dropped/],
      ['a page size that is not a number', '?page_size=many', 400, /^querystring\/page_size must be integer$/],
      ['a page token it did not give', '?page_token=bm9wZQ', 400, /^page_token is not a next_page_token/],
      ['a repeated key', '?namespace=Doc&namespace=Plain', 400, /^querystring\/namespace must be string$/],
      ['an unknown namespace', '?namespace=Nope', 404, /^Unknown namespace with name "Nope"\.$/],
      ['an unknown subject set namespace', '?subject_set.namespace=Nope&subject_set.object=x&subject_set.relation=', 404, /Nope/],
    ];

    it.each(badLists)('refuses a list with %s', async (_what, query, status, reason) => {
      const refused = await service.call('GET', `/relation-tuples${query}`);
      expect(refused.status).toBe(status);
      expect(refused.body.error.reason).toMatch(reason);
    });

    it('lists the namespaces the settings declare, as they change', async () => {
      expect((await service.call('GET', '/namespaces')).body).toEqual({ namespaces: withBuiltIn('User', 'Group', 'Doc', 'Plain') });
      settings.set({ namespaces: [{ name: 'Other' }] });
      expect((await service.call('GET', '/namespaces')).body).toEqual({ namespaces: withBuiltIn('Other') });
      expect((await put(ALICE_VIEWS_README)).status).toBe(404);
    });
  });

  describe('checks', () => {
    beforeEach(async () => {
      await put(doc('readme', 'viewers', { subject_set: { namespace: 'Group', object: 'staff', relation: 'members' } }));
      await put({ namespace: 'Group', object: 'staff', relation: 'members', subject_id: 'alice' });
      await put(doc('readme', 'owners', { subject_id: 'bob' }));
    });

    const checkQuery = (relation: string, subject: string) => `namespace=Doc&object=readme&relation=${relation}&${subject}`;

    it('answers 200 allowed or 403 not allowed, and always 200 on the openapi path, by query or by body', async () => {
      for (const [subject, allowed] of [
        ['subject_id=alice', true],
        ['subject_id=bob', true],
        ['subject_id=mallory', false],
        ['subject_set.namespace=User&subject_set.object=alice&subject_set.relation=', false],
      ] as const) {
        const checked = await service.call('GET', `/relation-tuples/check?${checkQuery('view', subject)}`);
        expect(checked).toMatchObject({ status: allowed ? 200 : 403, body: { allowed } });
        expect(await service.call('GET', `/relation-tuples/check/openapi?${checkQuery('view', subject)}`)).toMatchObject({ status: 200, body: { allowed } });
      }
      const body = doc('readme', 'view', { subject_id: 'alice' });
      expect(await service.call('POST', '/relation-tuples/check', body)).toMatchObject({ status: 200, body: { allowed: true } });
      expect(await service.call('POST', '/relation-tuples/check', { ...body, subject_id: 'mallory' })).toMatchObject({ status: 403, body: { allowed: false } });
      expect(await service.call('POST', '/relation-tuples/check/openapi', { ...body, subject_id: 'mallory' })).toMatchObject({ status: 200, body: { allowed: false } });
    });

    it('answers "not allowed" for an unknown namespace, as Keto does', async () => {
      expect(await service.call('GET', '/relation-tuples/check?namespace=Nope&object=o&relation=r&subject_id=alice')).toMatchObject({ status: 403, body: { allowed: false } });
      expect(
        await service.call('GET', `/relation-tuples/check/openapi?${checkQuery('view', 'subject_set.namespace=Nope&subject_set.object=x&subject_set.relation=y')}`),
      ).toMatchObject({
        status: 200,
        body: { allowed: false },
      });
    });

    const badChecks: [string, string, RegExp][] = [
      ['no subject', 'namespace=Doc&object=readme&relation=view', /^subject_id is missing/],
      ['no object', 'namespace=Doc&relation=view&subject_id=alice', /^object is missing/],
      ['a max-depth that is not a number', `${checkQuery('view', 'subject_id=alice')}&max-depth=deep`, /^querystring\/max-depth must be integer$/],
      ['a relation the model does not declare', checkQuery('delete', 'subject_id=alice'), /^relation "delete" does not exist in namespace "Doc"$/],
    ];

    it.each(badChecks)('refuses a check with %s', async (_what, query, reason) => {
      const refused = await service.call('GET', `/relation-tuples/check?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error.reason).toMatch(reason);
    });

    it('takes a smaller max-depth from the request, never a larger one', async () => {
      // view → viewers (a level) → the staff group, where alice is found directly.
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('view', 'subject_id=alice')}&max-depth=1`)).status).toBe(403);
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('view', 'subject_id=alice')}&max-depth=2`)).status).toBe(200);
      settings.set({ maxReadDepth: 1 });
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('view', 'subject_id=alice')}&max-depth=5`)).status).toBe(403);
    });

    it('in strict mode answers 422 when a limit, not the tuples, decided', async () => {
      settings.set({ strictMode: true, maxReadDepth: 1 });
      const cut = await service.call('GET', `/relation-tuples/check?${checkQuery('view', 'subject_id=alice')}`);
      expect(cut.status).toBe(422);
      expect(cut.body.error).toMatchObject({ code: 422, status: 'Unprocessable Entity', message: 'The check could not be completed' });
      expect(cut.body.error.reason).toMatch(/maximum depth/);
      expect((await service.call('GET', `/relation-tuples/check/openapi?${checkQuery('view', 'subject_id=alice')}`)).status).toBe(422);
      // Decided by the tuples: no 422.
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('edit', 'subject_id=bob')}`)).status).toBe(200);
      settings.set({ maxReadDepth: 5 });
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('view', 'subject_id=alice')}`)).status).toBe(200);
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('view', 'subject_id=mallory')}`)).status).toBe(403);
    });

    it('checks a batch, each tuple with its own answer or error, at most ten', async () => {
      const batch = await service.call('POST', '/relation-tuples/batch/check', {
        tuples: [
          doc('readme', 'view', { subject_id: 'alice' }),
          doc('readme', 'view', { subject_id: 'mallory' }),
          { namespace: 'Nope', object: 'o', relation: 'r', subject_id: 'alice' },
          doc('readme', 'delete', { subject_id: 'alice' }),
        ],
      });
      expect(batch.status).toBe(200);
      expect(batch.body).toEqual({
        results: [
          { allowed: true },
          { allowed: false },
          { allowed: false, error: 'Unknown namespace with name "Nope".' },
          { allowed: false, error: 'relation "delete" does not exist in namespace "Doc"' },
        ],
      });
      const tooMany = await service.call('POST', '/relation-tuples/batch/check', { tuples: Array.from({ length: 11 }, () => ALICE_VIEWS_README) });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.reason).toMatch(/^tuples: a batch holds at most 10 tuples, this one has 11$/);
      const shapeless = await service.call('POST', '/relation-tuples/batch/check', { tuples: [doc('readme', 'view', {})] });
      expect(shapeless.status).toBe(400);
      expect(shapeless.body.error.reason).toMatch(/^body\/tuples\/0: exactly one of/);

      settings.set({ strictMode: true, maxReadDepth: 1 });
      const strict = await service.call('POST', '/relation-tuples/batch/check', {
        tuples: [doc('readme', 'view', { subject_id: 'alice' }), doc('readme', 'edit', { subject_id: 'bob' })],
      });
      expect(strict.body.results[0]).toMatchObject({ allowed: false, error: expect.stringMatching(/maximum depth/) });
      expect(strict.body.results[1]).toEqual({ allowed: true });
    });

    it('follows the settings of each request: a namespace removed is denied at once', async () => {
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('edit', 'subject_id=bob')}`)).status).toBe(200);
      settings.set({ namespaces: [{ name: 'Group' }] });
      expect((await service.call('GET', `/relation-tuples/check?${checkQuery('edit', 'subject_id=bob')}`)).status).toBe(403);
    });
  });

  describe('expand', () => {
    it("answers Keto's tree: subjects in otherwise empty tuples, leaves without children", async () => {
      await put(doc('readme', 'viewers', { subject_set: { namespace: 'Group', object: 'staff', relation: 'members' } }));
      await put({ namespace: 'Group', object: 'staff', relation: 'members', subject_id: 'alice' });
      const tree = await service.call('GET', '/relation-tuples/expand?namespace=Doc&object=readme&relation=viewers&max-depth=3');
      expect(tree.status).toBe(200);
      const empty = { namespace: '', object: '', relation: '' };
      expect(tree.body).toEqual({
        type: 'union',
        tuple: { ...empty, subject_set: { namespace: 'Doc', object: 'readme', relation: 'viewers' } },
        children: [
          {
            type: 'union',
            tuple: { ...empty, subject_set: { namespace: 'Group', object: 'staff', relation: 'members' } },
            children: [{ type: 'leaf', tuple: { ...empty, subject_id: 'alice' } }],
          },
        ],
      });
      expect((await service.call('GET', '/relation-tuples/expand?namespace=Doc&object=readme&relation=viewers&max-depth=1')).body).toEqual({
        type: 'leaf',
        tuple: { ...empty, subject_set: { namespace: 'Doc', object: 'readme', relation: 'viewers' } },
      });
    });

    it('refuses an unknown namespace with 404 and a missing part with 400', async () => {
      expect((await service.call('GET', '/relation-tuples/expand?namespace=Nope&object=o&relation=r')).status).toBe(404);
      const missing = await service.call('GET', '/relation-tuples/expand?namespace=Doc&relation=viewers');
      expect(missing.status).toBe(400);
      expect(missing.body.error.reason).toBe("querystring must have required property 'object'");
    });
  });

  describe('the syntax check', () => {
    it('answers {} for a valid model and the errors with Keto positions otherwise, always 200', async () => {
      const valid = await service.call('POST', '/opl/syntax/check', MODEL, { 'content-type': 'text/plain' });
      expect(valid).toMatchObject({ status: 200, body: {} });
      const invalid = await service.call('POST', '/opl/syntax/check', 'class A implements Namespace {\n  related: { x: B[] }\n}', { 'content-type': 'text/plain' });
      expect(invalid).toMatchObject({
        status: 200,
        body: { errors: [{ message: 'namespace "B" was not declared', start: { Line: 2, column: 16 }, end: { Line: 2, column: 17 } }] },
      });
    });
  });

  describe("sitewave's own namespaces", () => {
    const ownRole = { namespace: 'Organisation', object: 'acme', relation: 'owners', subject_set: { namespace: 'Identity', object: 'mallory', relation: '' } };

    it('refuses every write in them with 403, naming the namespace, and writes nothing', async () => {
      const created = await put(ownRole);
      expect(created.status).toBe(403);
      expect(created.body.error.reason).toContain('"Organisation" holds sitewave\'s own roles');
      const patched = await service.call('PATCH', '/admin/relation-tuples', [
        { action: 'insert', relation_tuple: ALICE_VIEWS_README },
        { action: 'insert', relation_tuple: ownRole },
      ]);
      expect(patched.status).toBe(403);
      expect(patched.body.error.reason).toMatch(/^body\/1\/relation_tuple\/namespace:/);
      expect((await service.call('DELETE', '/admin/relation-tuples?namespace=Project')).status).toBe(403);
      expect(await all()).toEqual([]);
    });

    it('lets a model name them but not declare them again', async () => {
      const naming = 'class Site implements Namespace {\n  related: { staff: Identity[]; owner: Organisation[] }\n}';
      expect((await service.call('POST', '/opl/syntax/check', naming, { 'content-type': 'text/plain' })).body).toEqual({});
      const declaring = 'class Project implements Namespace {}';
      expect((await service.call('POST', '/opl/syntax/check', declaring, { 'content-type': 'text/plain' })).body).toEqual({
        errors: [{ message: 'namespace "Project" is built in and cannot be declared again', start: { Line: 1, column: 6 }, end: { Line: 1, column: 13 } }],
      });
    });
  });

  describe('list objects (an extension)', () => {
    const list = (query: string) => service.call('GET', `/extensions/list-objects?${query}`);

    it('lists the objects a subject reaches through a permit, in pages', async () => {
      for (const object of ['a', 'b', 'c']) await put(doc(object, 'owners', { subject_id: 'alice' }));
      await put(doc('d', 'viewers', { subject_set: { namespace: 'Group', object: 'staff', relation: 'members' } }));
      await put({ namespace: 'Group', object: 'staff', relation: 'members', subject_id: 'alice' });
      await put(doc('e', 'owners', { subject_id: 'bob' }));
      expect((await list('namespace=Doc&relation=view&subject_id=alice')).body).toEqual({ objects: ['a', 'b', 'c', 'd'], next_page_token: '' });
      const first = (await list('namespace=Doc&relation=view&subject_id=alice&page_size=3')).body;
      expect(first.objects).toEqual(['a', 'b', 'c']);
      expect((await list(`namespace=Doc&relation=view&subject_id=alice&page_size=3&page_token=${first.next_page_token}`)).body).toEqual({ objects: ['d'], next_page_token: '' });
      expect((await list('namespace=Doc&relation=edit&subject_id=alice')).body.objects).toEqual(['a', 'b', 'c']);
    });

    it('refuses what it cannot answer, naming the field', async () => {
      expect((await list('relation=view&subject_id=alice')).body.error.reason).toMatch(/^namespace is missing/);
      expect((await list('namespace=Doc&subject_id=alice')).body.error.reason).toMatch(/^relation is missing/);
      expect((await list('namespace=Doc&relation=view')).body.error.reason).toMatch(/^subject_id is missing/);
      expect((await list('namespace=Doc&object=a&relation=view&subject_id=alice')).body.error.reason).toMatch(/^object:/);
      expect((await list('namespace=Doc&relation=nope&subject_id=alice')).status).toBe(400);
      expect((await list('namespace=Nowhere&relation=view&subject_id=alice')).status).toBe(404);
    });
  });
});
