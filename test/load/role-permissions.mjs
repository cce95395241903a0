/**
 * sitewave's own roles in the permission engine, measured in-process on the API's database handle
 * (dist/, PostgreSQL and PGlite), on an organisation of 10 000 projects:
 *
 * - reverse lookup: the projects an organisation's viewer may read (all 10 000, through the
 *   organisation) and those a project member holds a role in ('My projects'); target < 50 ms;
 * - the permission lists of a call in a project, none kept: before — the role table's single
 *   statement and table lookup this model replaced, reproduced here — and after — the engine on
 *   the relationships, as the API runs it: from memory; the first list after a role change (the
 *   change read first); and in one statement, as while memory loads or changes are not heard.
 *   The API keeps each call's answer until the next write besides.
 */
import { performance } from 'node:perf_hooks';
import { benchApiDatabase } from './postgres.mjs';

const PROJECTS = 10_000;
const MEMBER_PROJECTS = 40;
const RUNS = 200;
const REVERSE_TARGET_MS = 50;

const dist = (file) => new URL(`../../dist/server/${file}`, import.meta.url).href;

/** The role table as it was (server/api/permissions/roles.ts before the model), for the "before" row. */
const BEFORE = {
  global: { admin: ['admin:orgs', 'admin:users', 'admin:firmware', 'admin:oauth2', 'admin:platform'], user: [] },
  org: {
    viewer: ['org:read', 'org:users:read', 'org:devices:read', 'org:notifications:read', 'org:projects:read', 'project:read', 'project:users:read'],
  },
  project: { surveyor: ['project:read', 'project:users:read', 'project:survey:write', 'project:contacts:manage'] },
};

async function beforeLists(db, userId, projectId) {
  const r = await db.query(
    `SELECT (SELECT global_role FROM users WHERE identity_id = $1) AS global_role, o.id AS org_id, om.role AS org_role, p.id AS project_id, pm.role AS project_role
     FROM (SELECT NULL::uuid AS org_id, $2::uuid AS project_id) wanted
     LEFT JOIN projects p ON p.id = wanted.project_id
     LEFT JOIN orgs o ON o.id = coalesce(p.org_id, wanted.org_id)
     LEFT JOIN org_members om ON om.org_id = o.id AND om.user_id = $1
     LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $1`,
    [userId, projectId],
  );
  const row = r.rows[0];
  return new Set([...(BEFORE.global[row.global_role ?? 'user'] ?? []), ...(BEFORE.org[row.org_role] ?? []), ...(BEFORE.project[row.project_role] ?? [])]);
}

/** `prepare`: run before each timed call, untimed. */
async function timed(runs, work, prepare) {
  const times = [];
  // First calls plan their statements and fill caches: measured is what follows.
  for (let i = 0; i < 3; i++) {
    await prepare?.(i);
    await work(i);
  }
  let result;
  for (let i = 0; i < runs; i++) {
    await prepare?.(i);
    const start = performance.now();
    result = await work(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99), result };
}

async function seed(db) {
  const { randomUUID } = await import('node:crypto');
  const org = randomUUID();
  const viewer = randomUUID();
  const member = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO orgs (id, name) VALUES ($1, 'Bench')`, [org]);
    await tx.query('INSERT INTO users (identity_id) VALUES ($1), ($2)', [viewer, member]);
    await tx.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer'), ($1, $3, 'viewer')`, [org, viewer, member]);
    await tx.query(
      `INSERT INTO projects (id, org_id, name, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'Project ' || n, now(), now() FROM generate_series(1, $2) AS n`,
      [org, PROJECTS],
    );
    await tx.query(
      `INSERT INTO project_members (project_id, user_id, role, created_at, updated_at)
       SELECT id, $2, 'surveyor', now(), now() FROM projects WHERE org_id = $1 ORDER BY id LIMIT $3`,
      [org, member, MEMBER_PROJECTS],
    );
  });
  const projects = (await db.query('SELECT id FROM projects WHERE org_id = $1 ORDER BY id', [org])).rows.map((row) => row.id);
  return { viewer, member, projects };
}

export async function benchRolePermissions({ say, problems }) {
  say();
  say(`== sitewave's roles in the permission engine (dist/, in-process, ${PROJECTS.toLocaleString('en')} projects, ${RUNS} runs each) ==`);
  const { migrate } = await import(dist('db/migrate.js'));
  const { apiMigrations } = await import(dist('api/migrations.js'));
  const { linkRoleRelationships, roleRelationshipsSchema } = await import(dist('api/permissions/role-relationships.js'));
  const { RolePermissions } = await import(dist('api/permissions/lists.js'));
  const { cacheUntilNextWrite } = await import(dist('db/until-next-write.js'));
  const rows = [];
  for (const backend of ['postgres', 'pglite']) {
    const opened = await benchApiDatabase(backend, say, 'roles');
    if (!opened) continue;
    try {
      const { db } = opened;
      await migrate(db, { schema: db.schema, migrations: apiMigrations });
      await linkRoleRelationships(db, roleRelationshipsSchema(db.schema));
      const { viewer, member, projects } = await seed(db);
      // A database in use has its statistics; PGlite gathers them a moment after a bulk write, which is not what is measured here.
      await db.exec(`ANALYZE; SELECT pg_sleep(0.5)`);
      const schema = roleRelationshipsSchema(db.schema);
      const roles = new RolePermissions(db, db, schema);
      // As the API runs it: its writes go through the handle that ends what is kept.
      const kept = await cacheUntilNextWrite(db, undefined, schema);
      const memory = new RolePermissions(kept.db, kept.db, schema, kept.relationships);
      await memory.start();

      const readable = await timed(RUNS / 4, () => roles.projectsReadable(viewer));
      if (readable.result.length !== PROJECTS) problems.push(`role permissions (${backend}): the viewer reads ${readable.result.length} projects, not ${PROJECTS}`);
      const mine = await timed(RUNS, () => roles.projectsWithRole(member));
      if (mine.result.length !== MEMBER_PROJECTS) problems.push(`role permissions (${backend}): the member holds a role in ${mine.result.length} projects, not ${MEMBER_PROJECTS}`);

      const project = (i) => projects[i % MEMBER_PROJECTS];
      const before = await timed(RUNS, (i) => beforeLists(db, member, project(i)));
      const fromMemory = await timed(RUNS, (i) => memory.where(member, { projectId: project(i) }));
      // Someone else's role changes before each list: the list reads that change first.
      const changed = await timed(
        RUNS,
        (i) => memory.where(member, { projectId: project(i) }),
        (i) =>
          kept.db.query(`UPDATE org_members SET role = $3 WHERE org_id = (SELECT org_id FROM projects WHERE id = $1) AND user_id = $2`, [
            project(i),
            viewer,
            i % 2 ? 'viewer' : 'member',
          ]),
      );
      const oneStatement = await timed(RUNS, (i) => roles.where(member, { projectId: project(i) }));
      memory.stop();
      await kept.close();
      for (const [label, after] of [
        ['memory', fromMemory],
        ['after a change', changed],
        ['one statement', oneStatement],
      ]) {
        const same = [...before.result].sort().join() === [...after.result.permissions].sort().join();
        if (!same) problems.push(`role permissions (${backend}): the engine's lists (${label}) differ from the role table's`);
      }

      rows.push(
        { backend, label: `reverse lookup: projects an organisation's viewer reads (${PROJECTS.toLocaleString('en')})`, ...readable, target: REVERSE_TARGET_MS },
        { backend, label: `reverse lookup: 'My projects' (${MEMBER_PROJECTS} roles)`, ...mine, target: REVERSE_TARGET_MS },
        { backend, label: 'lists of a call in a project, before: role table (1 statement)', ...before },
        { backend, label: 'lists of a call in a project, after: the engine, from memory', ...fromMemory, ratio: fromMemory.p50 / before.p50 },
        { backend, label: 'lists of a call in a project, after: the engine, first list after a role change', ...changed, ratio: changed.p50 / before.p50 },
        { backend, label: 'lists of a call in a project, after: the engine, one statement (memory loading or not in step)', ...oneStatement, ratio: oneStatement.p50 / before.p50 },
      );
    } catch (error) {
      problems.push(`role permissions (${backend}): ${error.message}`);
      say(`   failed: ${error.message}`);
    } finally {
      await opened.close();
    }
  }
  say('| database | row | p50 ms | p99 ms | target |');
  say('| --- | --- | ---: | ---: | --- |');
  for (const row of rows) {
    // A lookup's typical time is what a person waits for; the p99 column shows the outliers of a shared machine.
    const verdict = row.target === undefined ? (row.ratio ? `${row.ratio.toFixed(2)}× before (p50)` : '') : `p50 < ${row.target} ms: ${row.p50 < row.target ? 'PASS' : 'FAIL'}`;
    if (row.target !== undefined && row.p50 >= row.target) problems.push(`role permissions (${row.backend}) ${row.label}: p50 ${row.p50.toFixed(1)} ms, over ${row.target} ms`);
    say(`| ${row.backend} | ${row.label} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${verdict} |`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [];
  await benchRolePermissions({ say: (line = '') => process.stdout.write(`${line}\n`), problems });
  for (const problem of problems) process.stdout.write(`problem: ${problem}\n`);
  process.exitCode = problems.length ? 1 : 0;
}
