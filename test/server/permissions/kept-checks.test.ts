/**
 * Check answers are kept until the relationships or the settings change, and never past such a
 * change, whoever makes it: the service's own writes, a handle of another service on the same
 * database (PGlite: the same instance; PostgreSQL: a pool of its own, as another process has),
 * and the API's membership triggers writing sitewave's roles inside the API's transactions.
 * On PostgreSQL a change is heard through the change triggers a moment after its commit, so the
 * check is asked until it sees it, for far less than the age limit (5 s) that would otherwise
 * end the kept answer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleRelationshipsSchema } from '../../../server/api/permissions/role-relationships.js';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { TEST_DATABASE_URL } from '../db/support.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { startTestApi, type TestApi } from '../api/support/api-instance.js';
import { PermissionClient, TestSettings } from './support.js';

const MODEL = `
class User implements Namespace {}
class Group implements Namespace {
  related: { members: (User | SubjectSet<Group, "members">)[] }
}
class Doc implements Namespace {
  related: {
    viewers: (User | SubjectSet<Group, "members">)[]
    owners: User[]
  }
  permits = {
    view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject) || this.related.owners.includes(ctx.subject),
  }
}`;
const opl = (model: string) => ({ opl: model });

/** Sooner than the age limit: on PostgreSQL the notification is what must end the kept answer. */
const HEARD_WITHIN_MS = 1_500;

const BACKENDS = backendsFor('kept');

/** The check's answer, asked until it is `allowed` (PGlite: it must be at once). */
async function expectCheck(client: PermissionClient, url: string, allowed: boolean, immediate: boolean): Promise<void> {
  const ask = async () => (await client.call('GET', url)).body?.allowed;
  if (immediate) expect(await ask()).toBe(allowed);
  else await expect.poll(ask, { timeout: HEARD_WITHIN_MS, interval: 20 }).toBe(allowed);
}

describe.each(BACKENDS)('kept check answers on %s', (name, makeBackend) => {
  const immediate = name === 'PGlite';
  let backend: Backend;
  let service: Database;
  let other: Database;
  let client: PermissionClient;
  const settings = new TestSettings();
  const check = (object: string, relation: string, subject: string) => `/relation-tuples/check?namespace=Doc&object=${object}&relation=${relation}&subject_id=${subject}`;
  const insert = (db: Database, tuple: [string, string, string, string, string, string, string]) =>
    db.query(
      `INSERT INTO relation_tuples (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      tuple,
    );

  beforeAll(async () => {
    backend = makeBackend();
    service = await backend.open();
    settings.set({ namespaces: [opl(MODEL)] });
    client = await PermissionClient.start(service, settings);
    // Another handle on the same schema: another service of this process on PGlite, another process on PostgreSQL.
    other = await backend.open();
  });
  afterAll(async () => {
    await client?.app.close();
    await other?.close();
    await service?.close();
    await backend?.cleanup();
  });

  it('keeps an answer: a write the change triggers do not see (with triggers off) is not seen until a change is heard', async () => {
    const url = check('d0', 'view', 'zoe');
    // Until the service hears the database (at once on PGlite, once its listening connection is up on PostgreSQL), nothing is kept.
    await expect
      .poll(
        async () => {
          await expectCheck(client, url, false, true);
          await other.transaction(async (tx) => {
            await tx.query("SET LOCAL session_replication_role = 'replica'");
            await tx.query(`INSERT INTO relation_tuples (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
          VALUES ('Doc', 'd0', 'owners', 'zoe', '', '', '') ON CONFLICT DO NOTHING`);
          });
          const kept = (await client.call('GET', url)).body.allowed === false;
          await other.query(`DELETE FROM relation_tuples WHERE object = 'd0'`);
          return kept;
        },
        { timeout: HEARD_WITHIN_MS },
      )
      .toBe(true);
  });

  it('keeps an answer until a relationship is written through another handle, then answers anew', async () => {
    const url = check('d1', 'view', 'alice');
    await expectCheck(client, url, false, true);
    await expectCheck(client, url, false, true);
    await insert(other, ['Doc', 'd1', 'viewers', 'alice', '', '', '']);
    await expectCheck(client, url, true, immediate);
    await other.query(`DELETE FROM relation_tuples WHERE object = 'd1'`);
    await expectCheck(client, url, false, immediate);
  });

  it('sees a change inside another handle’s transaction when it commits, and a subject set reached through it', async () => {
    const url = check('d2', 'view', 'bob');
    await insert(other, ['Doc', 'd2', 'viewers', '', 'Group', 'team', 'members']);
    await expectCheck(client, url, false, immediate);
    await other.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO relation_tuples (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
         VALUES ('Group', 'team', 'members', 'bob', '', '', '')`,
      );
    });
    await expectCheck(client, url, true, immediate);
  });

  // The rows checks read are kept too (kept-rows.ts): these ask subjects never asked before, so
  // no kept answer stands in the way, on objects whose rows were read by an earlier check.
  it('ends the kept subject sets of an object read before when another handle adds or removes one', async () => {
    await insert(other, ['Doc', 'd6', 'viewers', '', 'Group', 'g6', 'members']);
    await insert(other, ['Group', 'g6', 'members', 'ivan', '', '', '']);
    await insert(other, ['Group', 'g6b', 'members', 'lena', '', '', '']);
    await insert(other, ['Group', 'g6b', 'members', 'mia', '', '', '']);
    await expectCheck(client, check('d6', 'view', 'ivan'), true, immediate);
    await insert(other, ['Doc', 'd6', 'viewers', '', 'Group', 'g6b', 'members']);
    await expectCheck(client, check('d6', 'view', 'lena'), true, immediate);
    await other.query(`DELETE FROM relation_tuples WHERE object = 'd6' AND subject_set_object = 'g6b'`);
    await expectCheck(client, check('d6', 'view', 'mia'), false, immediate);
  });

  it('ends the kept relations of a subject when another handle stores it in one more', async () => {
    await insert(other, ['Doc', 'd7b', 'viewers', '', 'Group', 'g7', 'members']);
    await expectCheck(client, check('d7a', 'view', 'nora'), false, true);
    await expectCheck(client, check('d7b', 'view', 'oscar'), false, true);
    await insert(other, ['Group', 'g7', 'members', 'nora', '', '', '']);
    await expectCheck(client, check('d7b', 'view', 'nora'), true, immediate);
  });

  it('ends what a subject set holds when another handle adds a group to it', async () => {
    await insert(other, ['Doc', 'd8', 'viewers', '', 'Group', 'g8', 'members']);
    await insert(other, ['Group', 'g8-inner', 'members', 'paul', '', '', '']);
    await insert(other, ['Group', 'g8-inner', 'members', 'quinn', '', '', '']);
    // Read with g8 holding no subject sets: not worth following then.
    await expectCheck(client, check('d8', 'view', 'paul'), false, true);
    await insert(other, ['Group', 'g8', 'members', '', 'Group', 'g8-inner', 'members']);
    await expectCheck(client, check('d8', 'view', 'quinn'), true, immediate);
  });

  it("ends an answer at once on the service's own write", async () => {
    const url = check('d3', 'view', 'carol');
    await expectCheck(client, url, false, true);
    const wrote = await client.call('PUT', '/admin/relation-tuples', { namespace: 'Doc', object: 'd3', relation: 'owners', subject_id: 'carol' });
    expect(wrote.status).toBe(201);
    await expectCheck(client, url, true, true);
  });

  it("sees the service's own write and delete at once in the rows kept of a group, for subjects never asked before", async () => {
    const member = (subject: string) => `/admin/relation-tuples?namespace=Group&object=g9-inner&relation=members&subject_id=${subject}`;
    await insert(other, ['Doc', 'd9', 'viewers', '', 'Group', 'g9', 'members']);
    await insert(other, ['Group', 'g9', 'members', '', 'Group', 'g9-inner', 'members']);
    await insert(other, ['Group', 'g9-inner', 'members', 'rita', '', '', '']);
    // The document, the group and the one inside it are read and kept.
    await expectCheck(client, check('d9', 'view', 'rita'), true, immediate);
    const put = await client.call('PUT', '/admin/relation-tuples', { namespace: 'Group', object: 'g9-inner', relation: 'members', subject_id: 'sam' });
    expect(put.status).toBe(201);
    await expectCheck(client, check('d9', 'view', 'sam'), true, true);
    expect((await client.call('DELETE', member('sam'))).status).toBe(204);
    await expectCheck(client, check('d9', 'view', 'sam'), false, true);
    expect((await client.call('DELETE', member('rita'))).status).toBe(204);
    await expectCheck(client, check('d9', 'view', 'rita'), false, true);
    await expectCheck(client, check('d9', 'view', 'tess'), false, true);
  });

  it('answers anew when the settings change: the model, and the depth limit', async () => {
    await insert(other, ['Doc', 'd4', 'owners', 'dave', '', '', '']);
    await insert(other, ['Doc', 'd4', 'viewers', '', 'Group', 'd4-team', 'members']);
    await insert(other, ['Group', 'd4-team', 'members', '', 'Group', 'd4-squad', 'members']);
    await insert(other, ['Group', 'd4-squad', 'members', 'erin', '', '', '']);
    await expectCheck(client, check('d4', 'view', 'dave'), true, immediate);
    await expectCheck(client, check('d4', 'view', 'erin'), true, immediate);
    // Owners no longer view: a new revision of the model.
    settings.set({ namespaces: [opl(MODEL.replace(' || this.related.owners.includes(ctx.subject)', ''))] });
    await expectCheck(client, check('d4', 'view', 'dave'), false, true);
    // erin is two subject sets down: out of reach at depth 2.
    await expectCheck(client, check('d4', 'view', 'erin'), true, true);
    settings.set({ maxReadDepth: 2 });
    await expectCheck(client, check('d4', 'view', 'erin'), false, true);
    settings.set({ maxReadDepth: 5, namespaces: [opl(MODEL)] });
    await expectCheck(client, check('d4', 'view', 'dave'), true, true);
  });

  it('keeps an expansion until the relationships change', async () => {
    const expand = async () => (await client.call('GET', '/relation-tuples/expand?namespace=Doc&object=d5&relation=viewers')).body;
    const before = await expand();
    await insert(other, ['Doc', 'd5', 'viewers', 'frank', '', '', '']);
    const heard = async () => JSON.stringify(await expand()).includes('frank');
    if (immediate) expect(await heard()).toBe(true);
    else await expect.poll(heard, { timeout: HEARD_WITHIN_MS, interval: 20 }).toBe(true);
    expect(JSON.stringify(before)).not.toContain('frank');
  });
});

describe.each(['pglite', 'postgres'] as const)("sitewave's roles written by the API's membership triggers, checked by the service on %s", (backend) => {
  let t: TestApi;
  let service: Database;
  let client: PermissionClient;

  beforeAll(async () => {
    t = await startTestApi(backend);
    // The permission service's own handle on the schema the API's triggers write.
    service = await openDatabase({
      dataDir: t.dataDir,
      databaseUrl: backend === 'postgres' ? TEST_DATABASE_URL : undefined,
      name: roleRelationshipsSchema(t.db.schema),
    });
    client = await PermissionClient.start(service, new TestSettings());
  });
  afterAll(async () => {
    await client?.app.close();
    await service?.close();
    await t?.close();
  });

  it('sees a membership the API added, changed and removed at the next check', async () => {
    const org = randomUUID();
    const ana = randomUUID();
    const url = `/relation-tuples/check?namespace=Organisation&object=${org}&relation=org:update&subject_set.namespace=Identity&subject_set.object=${ana}&subject_set.relation=`;
    const immediate = backend === 'pglite';
    await t.db.query('INSERT INTO users (identity_id) VALUES ($1)', [ana]);
    await t.db.query(`INSERT INTO orgs (id, name) VALUES ($1, 'Acme')`, [org]);
    await expectCheck(client, url, false, true);
    await expectCheck(client, url, false, true);
    await t.db.transaction((tx) => tx.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [org, ana]));
    await expectCheck(client, url, false, immediate);
    await t.db.query(`UPDATE org_members SET role = 'owner' WHERE user_id = $1`, [ana]);
    await expectCheck(client, url, true, immediate);
    await t.db.query(`DELETE FROM orgs WHERE id = $1`, [org]);
    await expectCheck(client, url, false, immediate);
  });
});
