/**
 * The survey routes of the embedded API (dist/) on a fresh PGlite directory and a filesystem
 * blob store, holding one project of 2 × N floors for the report rows of the bench: the demo
 * survey is generated N times (each a real plan, a simulated walk, processed as an upload is)
 * and the floors of the copies are moved into the first project. Prints `{"port", "projectId",
 * "floors"}` on stdout once listening.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { migrate } from '../../../dist/server/db/migrate.js';
import { openDatabase } from '../../../dist/server/db/open.js';
import { apiMigrations } from '../../../dist/server/api/migrations.js';
import { installSurvey } from '../../../dist/server/api/survey/routes.js';
import { seedDemoSurvey } from '../../../dist/server/api/demo/demo-survey.js';
import { openBlobStore } from '../../../dist/server/storage/open.js';

const copies = Number(process.argv[2] ?? 1);
const dataDir = mkdtempSync(join(tmpdir(), 'sitewave-bench-report-'));
const db = await openDatabase({ dataDir, name: 'api' });
await migrate(db, { schema: 'api', migrations: apiMigrations });
const blobs = await openBlobStore({ dataDir });
const app = Fastify({ logger: false });
const ctx = await installSurvey(app, {
  db,
  blobs,
  now: () => new Date(),
  callerId: () => '00000000-0000-4000-8000-000000000001',
  isOrgMember: async () => true,
});
await app.ready();
let projectId;
for (let copy = 1; copy <= copies; copy++) {
  // Project names are unique per organisation: each copy has its own, then gives its floors away.
  const orgId = randomUUID();
  await db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, `Bench ${copy}`]);
  const project = await seedDemoSurvey(ctx, orgId, randomUUID());
  if (copy === 1) projectId = project.id;
  else await db.query(`UPDATE floors SET project_id = $1, name = name || ' ' || $3, level = level + $4 WHERE project_id = $2`, [projectId, project.id, copy, 2 * (copy - 1)]);
}
const floors = (await db.query('SELECT count(*)::int AS n FROM floors WHERE project_id = $1', [projectId])).rows[0].n;
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, projectId, floors })}\n`);
const stop = async () => {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
