/**
 * sitewave's roles as relationships: the lists the permission engine computes from the model equal
 * what the role table it replaced granted, for every combination of roles; the relationships follow
 * every change of a membership in its transaction (cascades included); a start repairs drift.
 * Each with the relationships read in one statement per list and kept in memory, as the API runs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStatement, RolePermissions } from '../../../server/api/permissions/lists.js';
import type { Database } from '../../../server/db/database.js';
import { cacheUntilNextWrite, type KeptAnswers } from '../../../server/db/until-next-write.js';
import { linkRoleRelationships, roleRelationshipsSchema } from '../../../server/api/permissions/role-relationships.js';
import type { PermissionId } from '../../../shared/permission-ids.js';
import { INSTALLATION_OBJECT, PROJECT_ORGANISATION_RELATION } from '../../../shared/permission-model.js';
import { BACKENDS, startTestApi, type TestApi } from './support/api-instance.js';
import { GLOBAL_ROLE_PERMISSIONS, ORG_ROLE_PERMISSIONS, PROJECT_ROLE_PERMISSIONS } from './support/role-table-before-model.js';

type GlobalRole = keyof typeof GLOBAL_ROLE_PERMISSIONS;
type OrgRole = keyof typeof ORG_ROLE_PERMISSIONS;
type ProjectRole = keyof typeof PROJECT_ROLE_PERMISSIONS;

const GLOBAL: GlobalRole[] = ['admin', 'user'];
const ORG: (OrgRole | null)[] = [null, 'owner', 'admin', 'member', 'viewer'];
const PROJECT: (ProjectRole | null)[] = [null, 'manager', 'surveyor', 'viewer'];

const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

const SOURCES = ['read in one statement', 'kept in memory'] as const;

describe.each(BACKENDS.flatMap((backend) => SOURCES.map((source) => [backend, source] as const)))("sitewave's roles in the permission engine on %s, %s", (backend, source) => {
  let t: TestApi;
  /** Where this test writes: in memory's case a handle that ends what is kept at once, as the API's does. */
  let db: Database;
  let kept: KeptAnswers | undefined;
  let roles: RolePermissions;
  let orgId: string;
  let projectId: string;
  const people: { id: string; global: GlobalRole; org: OrgRole | null; project: ProjectRole | null }[] = [];

  const tuples = async (where: string, params: unknown[] = []) =>
    (
      await db.query<{ tuple: string }>(
        `SELECT namespace || ':' || object || '#' || relation || '@' || subject_set_namespace || ':' || subject_set_object AS tuple
         FROM ${roleRelationshipsSchema(t.db.schema)}.relation_tuples WHERE ${where} ORDER BY 1`,
        params,
      )
    ).rows.map((row) => row.tuple);

  beforeAll(async () => {
    t = await startTestApi(backend);
    const schema = roleRelationshipsSchema(t.db.schema);
    if (source === 'kept in memory') {
      kept = await cacheUntilNextWrite(t.db, undefined, schema);
      db = kept.db;
      roles = new RolePermissions(db, db, schema, kept.relationships);
      await roles.start();
    } else {
      db = t.db;
      roles = new RolePermissions(db, db, schema);
    }
    orgId = randomUUID();
    projectId = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO orgs (id, name) VALUES ($1, 'Every role')`, [orgId]);
      await tx.query(`INSERT INTO projects (id, org_id, name, created_at, updated_at) VALUES ($1, $2, 'Every role', now(), now())`, [projectId, orgId]);
      for (const global of GLOBAL) {
        for (const org of ORG) {
          for (const project of PROJECT) {
            const id = randomUUID();
            people.push({ id, global, org, project });
            await tx.query('INSERT INTO users (identity_id, global_role) VALUES ($1, $2)', [id, global]);
            if (org) await tx.query('INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, $3)', [orgId, id, org]);
            if (project)
              await tx.query('INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ($1, $2, $3, now(), now())', [projectId, id, project]);
          }
        }
      }
    });
  }, 90_000);
  afterAll(async () => {
    roles?.stop();
    await kept?.close();
    await t?.close();
  });

  it('computes the lists the role table granted, for every combination of roles', async () => {
    // Twice: the second time each answer is the one kept for that shape of roles (lists.ts).
    for (const person of [...people, ...people]) {
      const label = `${person.global} / ${person.org ?? '-'} / ${person.project ?? '-'}`;
      const orgGrants: readonly PermissionId[] = person.org ? ORG_ROLE_PERMISSIONS[person.org] : [];
      const projectGrants: readonly PermissionId[] = person.project ? PROJECT_ROLE_PERMISSIONS[person.project] : [];
      expect(sorted(await roles.user(person.id)), label).toEqual(sorted(GLOBAL_ROLE_PERMISSIONS[person.global]));
      expect(sorted((await roles.org(orgId, person.id))!.permissions), label).toEqual(sorted(orgGrants));
      // A project's list says everything the person may do in it: its own role, and what the
      // organisation grants on all its projects (the table kept those in the organisation's list).
      expect(sorted((await roles.project(projectId, person.id))!.permissions), label).toEqual(sorted([...projectGrants, ...orgGrants.filter((id) => id.startsWith('project:'))]));
      // What a call is checked against: the union where it acts, exactly as before.
      const where = await roles.where(person.id, { projectId });
      expect('permissions' in where && sorted(where.permissions), label).toEqual(sorted([...GLOBAL_ROLE_PERMISSIONS[person.global], ...orgGrants, ...projectGrants]));
    }
  });

  it('gives people with the same roles in another organisation the same lists, and a changed role its new list', async () => {
    const otherOrg = randomUUID();
    const otherProject = randomUUID();
    const viewer = people.find((person) => person.global === 'user' && person.org === 'viewer' && person.project === 'surveyor')!;
    const twin = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO orgs (id, name) VALUES ($1, 'Twin')`, [otherOrg]);
      await tx.query(`INSERT INTO projects (id, org_id, name, created_at, updated_at) VALUES ($1, $2, 'Twin', now(), now())`, [otherProject, otherOrg]);
      await tx.query('INSERT INTO users (identity_id) VALUES ($1)', [twin]);
      await tx.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [otherOrg, twin]);
      await tx.query(`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ($1, $2, 'surveyor', now(), now())`, [otherProject, twin]);
    });
    const listOf = async (id: string, project: string) => {
      const where = await roles.where(id, { projectId: project });
      return 'permissions' in where ? sorted(where.permissions) : where;
    };
    expect(await listOf(twin, otherProject)).toEqual(await listOf(viewer.id, projectId));
    // The twin holds nothing in the first organisation's project, whatever the viewer holds there.
    expect(await listOf(twin, projectId)).toEqual(sorted(GLOBAL_ROLE_PERMISSIONS.user));
    await db.query(`UPDATE org_members SET role = 'owner' WHERE org_id = $1 AND user_id = $2`, [otherOrg, twin]);
    expect(await listOf(twin, otherProject)).toEqual(sorted([...ORG_ROLE_PERMISSIONS.owner, ...PROJECT_ROLE_PERMISSIONS.surveyor]));
  });

  it.runIf(source === 'kept in memory')('answers from memory, and hears a change made through another handle a moment after', async () => {
    let statements = 0;
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
        return (sql: string, params?: unknown[]) => {
          statements += 1;
          return target.query(sql, params);
        };
      },
    });
    const memory = new RolePermissions(counted, counted, roleRelationshipsSchema(db.schema), kept!.relationships);
    await memory.start();
    try {
      const person = people.find((p) => p.global === 'user' && p.org === 'member' && p.project === null)!;
      const list = async () => {
        const where = await memory.where(person.id, { projectId });
        return 'permissions' in where ? sorted(where.permissions) : where;
      };
      const before = await list();
      // On PostgreSQL memory reads the last change in the background, while a statement answers.
      const statementsOfAList = async () => {
        statements = 0;
        expect(await list()).toEqual(before);
        return statements;
      };
      await expect.poll(statementsOfAList, { timeout: 5_000, interval: 20, message: 'a list in a project costs no statement' }).toBe(0);
      expect('permissions' in (await memory.where(person.id, { orgId }))).toBe(true);
      expect(statements, "an organisation's list reads whether it exists").toBe(1);

      // Through the API's own handle, not this one: only the change triggers' notification says so.
      await t.db.query(`UPDATE org_members SET role = 'owner' WHERE org_id = $1 AND user_id = $2`, [orgId, person.id]);
      const owner = sorted([...GLOBAL_ROLE_PERMISSIONS.user, ...ORG_ROLE_PERMISSIONS.owner]);
      await expect.poll(list, { timeout: 5_000, interval: 20 }).toEqual(owner);
      await t.db.query(`UPDATE org_members SET role = 'member' WHERE org_id = $1 AND user_id = $2`, [orgId, person.id]);
      await expect.poll(list, { timeout: 5_000, interval: 20 }).toEqual(before);
    } finally {
      memory.stop();
    }
  });

  it('answers unknown organisations and projects as missing', async () => {
    const unknown = randomUUID();
    expect(await roles.org(unknown, people[0]!.id)).toBeUndefined();
    expect(await roles.where(people[0]!.id, { projectId: unknown })).toEqual({ missing: 'project', id: unknown });
    expect(await roles.where(people[0]!.id, { orgId: unknown })).toEqual({ missing: 'organisation', id: unknown });
  });

  it('moves the relationships with every membership change, cascades included, in the same transaction', async () => {
    const org = randomUUID();
    const project = randomUUID();
    const ana = randomUUID();
    await db.query('INSERT INTO users (identity_id) VALUES ($1)', [ana]);
    await db.query(`INSERT INTO orgs (id, name) VALUES ($1, 'Acme')`, [org]);
    await db.query(`INSERT INTO projects (id, org_id, name, created_at, updated_at) VALUES ($1, $2, 'Site', now(), now())`, [project, org]);
    await db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'member')`, [org, ana]);
    await db.query(`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ($1, $2, 'viewer', now(), now())`, [project, ana]);
    const mine = () => tuples(`subject_set_object = $1 OR object IN ($2, $3)`, [ana, org, project]);
    expect(await mine()).toEqual([
      `Organisation:${org}#members@Identity:${ana}`,
      `Project:${project}#organisation@Organisation:${org}`,
      `Project:${project}#viewers@Identity:${ana}`,
    ]);

    await db.query(`UPDATE org_members SET role = 'owner' WHERE user_id = $1`, [ana]);
    await db.query(`UPDATE users SET global_role = 'admin' WHERE identity_id = $1`, [ana]);
    expect(await mine()).toEqual([
      `Installation:sitewave#administrators@Identity:${ana}`,
      `Organisation:${org}#owners@Identity:${ana}`,
      `Project:${project}#organisation@Organisation:${org}`,
      `Project:${project}#viewers@Identity:${ana}`,
    ]);

    // A change that rolls back leaves no relationship behind.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE project_members SET role = 'manager' WHERE user_id = $1`, [ana]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await mine()).toContain(`Project:${project}#viewers@Identity:${ana}`);

    // Deleting the organisation takes its members and projects along, and their relationships.
    await db.query('DELETE FROM orgs WHERE id = $1', [org]);
    expect(await mine()).toEqual([`Installation:sitewave#administrators@Identity:${ana}`]);
    await db.query('DELETE FROM users WHERE identity_id = $1', [ana]);
    expect(await mine()).toEqual([]);
  });

  // The statement answers every list until memory is in step, and on PostgreSQL every first list after a change.
  it.runIf(source === 'read in one statement')("reads a person's roles by their whole key: not a row per project they manage, nor per member of the project", async () => {
    const busy = randomUUID();
    const others = Array.from({ length: 300 }, () => randomUUID());
    const managed = Array.from({ length: 400 }, () => randomUUID());
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO users (identity_id) SELECT unnest($1::uuid[])`, [[busy, ...others]]);
      await tx.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'member')`, [orgId, busy]);
      await tx.query(`INSERT INTO projects (id, org_id, name, created_at, updated_at) SELECT id, $2, 'Busy ' || id, now(), now() FROM unnest($1::uuid[]) id`, [managed, orgId]);
      await tx.query(`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) SELECT id, $2, 'manager', now(), now() FROM unnest($1::uuid[]) id`, [
        managed,
        busy,
      ]);
      await tx.query(`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) SELECT $1, id, 'surveyor', now(), now() FROM unnest($2::uuid[]) id`, [
        managed[0],
        others,
      ]);
    });
    const tuples = `${roleRelationshipsSchema(db.schema)}.relation_tuples`;
    type PlanNode = { 'Relation Name'?: string; 'Index Cond'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
    const scans = (node: PlanNode): PlanNode[] => [...(node['Relation Name'] === 'relation_tuples' ? [node] : []), ...(node.Plans ?? []).flatMap(scans)];
    for (const scope of [
      [orgId, null],
      [null, managed[0]],
    ]) {
      const plan = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${loadStatement(tuples)}`, [
        ...scope,
        INSTALLATION_OBJECT,
        busy,
        PROJECT_ORGANISATION_RELATION,
      ]);
      const json = plan.rows[0]!['QUERY PLAN'];
      const [{ Plan }] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
      const read = scans(Plan);
      // Their organisation role, and in the project their own and the project's organisation.
      expect(read.reduce((sum, scan) => sum + (scan['Actual Rows'] ?? 0) * (scan['Actual Loops'] ?? 1) + (scan['Rows Removed by Filter'] ?? 0), 0)).toBeLessThanOrEqual(3);
      // Each lookup names a relation in the index's key, not a range of the object's relationships filtered afterwards.
      for (const scan of read) expect(scan['Index Cond'] ?? 'no index', JSON.stringify(scan)).toMatch(/\(relation = '[^']*'::text\)/);
    }
  });

  it('repairs drift at start: adds what memberships call for, removes what they do not', async () => {
    const owner = people.find((p) => p.org === 'owner')!.id;
    const stray = randomUUID();
    const schema = roleRelationshipsSchema(db.schema);
    await db.query(`DELETE FROM ${schema}.relation_tuples WHERE namespace = 'Organisation' AND subject_set_object = $1`, [owner]);
    await db.query(
      `INSERT INTO ${schema}.relation_tuples (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
       VALUES ('Organisation', $1, 'owners', '', 'Identity', $2, '')`,
      [orgId, stray],
    );
    expect((await roles.org(orgId, stray))!.permissions).toContain('org:delete');
    await linkRoleRelationships(db, schema);
    expect((await roles.org(orgId, stray))!.permissions).toEqual([]);
    expect((await roles.org(orgId, owner))!.permissions).toContain('org:delete');
  });

  it('explains why a person may do each thing in a project, to those who may see its people, and finds the projects they may read', async () => {
    const admin = await t.newUser('admin');
    await db.query(`UPDATE users SET global_role = 'admin' WHERE identity_id = $1`, [admin.id]);
    const [ana, sam, outsider] = [await t.newUser('ana'), await t.newUser('sam'), await t.newUser('outsider')];
    const org = (
      await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Acme', ownerId: ana.id })
    ).body.id as string;
    await db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'member')`, [org, sam.id]);
    const project = (
      await t.http
        .post(`/api/orgs/${org}/projects`)
        .set(await t.as(sam))
        .send({ name: 'Site' })
    ).body.id as string;

    const why = await t.http.get(`/api/projects/${project}/users/${ana.id}/access`).set(await t.as(sam));
    expect(why.status).toBe(200);
    const update = why.body.permissions.find((p: { id: string }) => p.id === 'project:update');
    // Ana owns Acme, Acme holds the project, an organisation's managers (its owners) may update its projects.
    expect(update.allowed).toBe(true);
    expect(update.path.map((step: { via: string; namespace: string; relation: string }) => `${step.via} ${step.namespace}#${step.relation}`)).toEqual([
      'rule Project#project:update',
      'traverse Project#organisation',
      'rule Organisation#project:update',
      'rule Organisation#manage',
      'stored Organisation#owners',
    ]);
    expect(update.path[1].holds).toEqual({ namespace: 'Organisation', object: org, relation: '' });
    expect(update.path[4].holds).toEqual({ namespace: 'Identity', object: ana.id, relation: '' });
    expect(why.body.names).toMatchObject({ [`Organisation:${org}`]: 'Acme', [`Project:${project}`]: 'Site', [`Identity:${ana.id}`]: 'ana Tester' });

    const samWhy = await t.http.get(`/api/projects/${project}/users/${sam.id}/access`).set(await t.as(ana));
    const samUpdate = samWhy.body.permissions.find((p: { id: string }) => p.id === 'project:update');
    expect(samUpdate.path.at(-1)).toMatchObject({ via: 'stored', namespace: 'Project', relation: 'managers' });
    const outsiderWhy = await t.http.get(`/api/projects/${project}/users/${outsider.id}/access`).set(await t.as(ana));
    expect(outsiderWhy.body.permissions.every((p: { allowed: boolean; path: unknown[] }) => !p.allowed && p.path.length === 0)).toBe(true);

    // Someone outside the project may not ask; a global administrator asks on the person's page.
    expect((await t.http.get(`/api/projects/${project}/users/${ana.id}/access`).set(await t.as(outsider))).status).toBe(403);
    expect((await t.http.get(`/api/admin/users/${ana.id}/access?projectId=${project}`).set(await t.as(admin))).body.permissions).toEqual(why.body.permissions);
    expect((await t.http.get(`/api/admin/users/${ana.id}/access?projectId=${project}`).set(await t.as(sam))).status).toBe(403);
    expect((await t.http.get(`/api/admin/users/${ana.id}/access?projectId=${randomUUID()}`).set(await t.as(admin))).status).toBe(404);

    const readable = await t.http.get(`/api/admin/users/${sam.id}/projects`).set(await t.as(admin));
    expect(readable.body.items).toContainEqual({ id: project, name: 'Site', orgId: org, orgName: 'Acme' });
    expect((await t.http.get(`/api/admin/users/${outsider.id}/projects`).set(await t.as(admin))).body).toEqual({ items: [], total: 0 });
  });
});
