/**
 * Statistics, project lists, track lists and permission answers are kept between changes
 * (until-next-write.ts): whatever a user changes through the API shows in the very next read,
 * on both backends, and on PostgreSQL through another instance of the API a moment later.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../../server/api/app.js';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { openBlobStore } from '../../../server/storage/open.js';
import { TEST_DATABASE_URL, tempDataDir } from '../db/support.js';
import { TEST_ADMIN_TOKEN } from '../identity/support/identity-instance.js';
import { until } from '../support/product-process.js';
import { BACKENDS, PUBLIC_URL, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

describe.each(BACKENDS)('reads after a change on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let projectId: string;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    const org = await t.http
      .post('/api/admin/orgs')
      .set(await t.as(admin))
      .send({ name: 'Kept Statistics Ltd', ownerId: admin.id });
    expect(org.status).toBe(201);
    orgId = org.body.id;
    const project = await t.http
      .post(`/api/orgs/${org.body.id}/projects`)
      .set(await t.as(admin))
      .send({ name: 'Warehouse' });
    expect(project.status).toBe(201);
    projectId = project.body.id;
  }, 90_000);
  afterAll(async () => t?.close());

  const stats = async () => {
    const res = await t.http.get(`/api/projects/${projectId}/stats`).set(await t.as(admin));
    expect(res.status).toBe(200);
    return res.body as { floors: number; contacts: number };
  };

  it('counts a floor and a contact the moment they are added, and forgets a deleted floor', async () => {
    expect(await stats()).toMatchObject({ floors: 0, contacts: 0 });
    expect(await stats()).toMatchObject({ floors: 0, contacts: 0 });
    const floor = await t.http
      .post(`/api/projects/${projectId}/floors`)
      .set(await t.as(admin))
      .send({ name: 'Ground', level: 0 });
    expect(floor.status).toBe(201);
    expect(await stats()).toMatchObject({ floors: 1, contacts: 0 });
    const contact = await t.http
      .post(`/api/projects/${projectId}/contacts`)
      .set(await t.as(admin))
      .send({ name: 'Site manager', email: 'site@example.com' });
    expect(contact.status).toBe(201);
    expect(await stats()).toMatchObject({ floors: 1, contacts: 1 });
    expect((await t.http.delete(`/api/floors/${floor.body.id}`).set(await t.as(admin))).status).toBe(204);
    expect(await stats()).toMatchObject({ floors: 0, contacts: 1 });
  });

  it('lists a project the moment it is made, renamed or deleted', async () => {
    const names = async () => ((await t.http.get(`/api/orgs/${orgId}/projects?sort=name`).set(await t.as(admin))).body.items as { name: string }[]).map((p) => p.name);
    expect(await names()).toEqual(['Warehouse']);
    const made = await t.http
      .post(`/api/orgs/${orgId}/projects`)
      .set(await t.as(admin))
      .send({ name: 'Clinic' });
    expect(made.status).toBe(201);
    expect(await names()).toEqual(['Clinic', 'Warehouse']);
    await t.http
      .put(`/api/projects/${made.body.id}`)
      .set(await t.as(admin))
      .send({ name: 'Depot' });
    expect(await names()).toEqual(['Depot', 'Warehouse']);
    expect((await t.http.delete(`/api/projects/${made.body.id}`).set(await t.as(admin))).status).toBe(204);
    expect(await names()).toEqual(['Warehouse']);
  });
});

describe('two instances of the API on one PostgreSQL schema', () => {
  let a: TestApi;
  let bDb: Database;
  let b: FastifyInstance;
  let blobDir: Awaited<ReturnType<typeof tempDataDir>>;
  let admin: TestUser;
  let orgId: string;

  beforeAll(async () => {
    a = await startTestApi('postgres');
    bDb = await openDatabase({ dataDir: 'unused-with-a-database-url', databaseUrl: TEST_DATABASE_URL, name: a.db.schema });
    blobDir = await tempDataDir();
    const blobs = await openBlobStore({ dataDir: blobDir.dataDir });
    b = await buildApi({
      db: bDb,
      blobs,
      assertionSecret: a.secret,
      identityAdminUrl: a.identity.adminUrl,
      identityAdminToken: TEST_ADMIN_TOKEN,
      publicUrl: PUBLIC_URL,
      logLevel: 'warn',
    });
    await b.ready();
    admin = await a.newUser('admin');
    const org = await a.http
      .post('/api/admin/orgs')
      .set(await a.as(admin))
      .send({ name: 'Two Instances Ltd', ownerId: admin.id });
    expect(org.status).toBe(201);
    orgId = org.body.id;
  }, 90_000);
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await a?.close();
    await blobDir?.remove();
  });

  const namesAt = async (app: FastifyInstance) => {
    const res = await request(app.server)
      .get(`/api/orgs/${orgId}/projects?sort=name`)
      .set(await a.as(admin));
    expect(res.status).toBe(200);
    return (res.body.items as { name: string }[]).map((p) => p.name);
  };
  const eventually = async (check: () => Promise<boolean>) => expect(await until(check, 2_000, 20)).toBe(true);

  it('keeps its list, and shows a project made through the other instance a moment after', async () => {
    const make = async (name: string) => {
      const made = await a.http
        .post(`/api/orgs/${orgId}/projects`)
        .set(await a.as(admin))
        .send({ name });
      expect(made.status).toBe(201);
      return made.body.id as string;
    };
    const warehouse = await make('Warehouse');
    await eventually(async () => (await namesAt(b)).join() === 'Warehouse');
    // A change that skips the triggers (replication mode) is one no instance hears: while the
    // list is kept, it does not show, which proves the list is kept.
    const quiet = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await quiet.connect();
    try {
      await quiet.query("SET session_replication_role = 'replica'");
      await quiet.query(`UPDATE "${a.db.schema}".projects SET name = 'Depot' WHERE id = $1`, [warehouse]);
    } finally {
      await quiet.end();
    }
    expect(await namesAt(b)).toEqual(['Warehouse']);
    const clinic = await make('Clinic');
    await eventually(async () => (await namesAt(b)).join() === 'Clinic,Depot');
    expect((await a.http.delete(`/api/projects/${clinic}`).set(await a.as(admin))).status).toBe(204);
    await eventually(async () => (await namesAt(b)).join() === 'Depot');
  });

  it('lets a person in on the other instance a moment after a role is given there, and out after it is taken', async () => {
    const sam = await a.newUser('sam');
    const statusAtB = async () =>
      (
        await request(b.server)
          .get(`/api/orgs/${orgId}/projects`)
          .set(await a.as(sam))
      ).status;
    expect(await statusAtB()).toBe(403);
    await a.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [orgId, sam.id]);
    await eventually(async () => (await statusAtB()) === 200);
    await a.db.query('DELETE FROM org_members WHERE org_id = $1 AND user_id = $2', [orgId, sam.id]);
    await eventually(async () => (await statusAtB()) === 403);
  });
});
