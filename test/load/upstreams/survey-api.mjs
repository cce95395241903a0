/**
 * The survey routes of the embedded API (dist/) on a fresh PGlite directory, with one
 * organisation holding N projects (argv[2]), as its own process for the survey list rows of
 * the bench. Prints `{"port", "orgId"}` on stdout once listening.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { migrate } from '../../../dist/server/db/migrate.js';
import { openDatabase } from '../../../dist/server/db/open.js';
import { surveyMigration } from '../../../dist/server/api/survey/migration.js';
import { projectNameSearchMigration } from '../../../dist/server/api/projects/search-migration.js';
import { projectNameIndexMigration } from '../../../dist/server/api/projects/name-index-migration.js';
import { installSurvey } from '../../../dist/server/api/survey/routes.js';

const projects = Number(process.argv[2] ?? 10_000);
const dataDir = mkdtempSync(join(tmpdir(), 'sitewave-bench-survey-'));
const db = await openDatabase({ dataDir, name: 'api' });
const orgs = { version: 1, name: 'orgs', up: 'CREATE TABLE orgs (id uuid PRIMARY KEY, name text NOT NULL)' };
await migrate(db, { schema: 'api', migrations: [orgs, surveyMigration, projectNameSearchMigration, projectNameIndexMigration] });
const orgId = randomUUID();
await db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Bench']);
// Names like a real list: a word and a number, statuses mixed, creation times spread over a year.
await db.query(
  `INSERT INTO projects (id, org_id, name, status, created_at, updated_at)
   SELECT gen_random_uuid(), $1, (ARRAY['Office','Warehouse','Clinic','School','Depot','Hotel'])[1 + i % 6] || ' ' || i,
     CASE WHEN i % 5 = 0 THEN 'halted' ELSE 'running' END, now() - (i || ' minutes')::interval, now()
   FROM generate_series(1, $2::int) AS i`,
  [orgId, projects],
);
const app = Fastify({ logger: false });
await installSurvey(app, {
  db,
  blobs: { put: async () => undefined, get: async () => undefined, delete: async () => undefined },
  now: () => new Date(),
  callerId: () => '00000000-0000-4000-8000-000000000001',
  isOrgMember: async () => true,
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, orgId })}\n`);
const stop = async () => {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
