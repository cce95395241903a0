/**
 * The embedded permission service and the platform service as `npm start` runs them (dist/), in
 * a process of their own, on PostgreSQL (`DATABASE_URL`, a database of its own) or a fresh PGlite
 * directory, holding the permission rows' 1 000 000 relationships (permission-tuples.mjs).
 *
 * The relationships are stored first, straight into the permission schema's `relation_tuples`
 * table with multi-row unnest INSERTs (the statement the service's own writes use, 50 000 rows at
 * a time), then analysed; then the services start, the model is saved in the project's settings
 * (`services.permission.config.namespaces`, as an operator saves it) and an API key is made for
 * the gateway's callers. Announces on stdout, as one JSON line, the services' URLs and tokens,
 * the key, how long storing took, how long the service took to hold the relationships in
 * memory (it answers from the database meanwhile) and the process's resident size then.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { migrate } from '../../../dist/server/db/migrate.js';
import { openDatabase } from '../../../dist/server/db/open.js';
import { startEmbeddedPermission } from '../../../dist/server/permissions/embedded.js';
import { PERMISSION_SCHEMA, permissionMigrations } from '../../../dist/server/permissions/migrations.js';
import { startEmbeddedPlatform } from '../../../dist/server/platform/embedded.js';
import { MODEL, TUPLES, tupleBatches } from '../permission-tuples.mjs';

const BATCH = 50_000;
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'sitewave-bench-permission-'));
const log = pino({ level: 'error' });
// PERMISSION_MEMORY_TUPLES as `npm start` reads it (0: checks read the database), to compare.
const memory = process.env.PERMISSION_MEMORY_TUPLES;
const config = { dataDir, databaseUrl, publicUrl: 'http://127.0.0.1:1', identityOidcProviders: [], permissionMemoryTuples: memory ? Number(memory) : undefined };

/**
 * Drops the table's primary key and other indexes, answering how to build them again exactly as
 * the migrations made them (their definitions read back from the catalog): a million rows go in
 * about twice as fast without them, and an index built over them at once costs less than one
 * kept up row by row.
 */
async function setIndexesAside(db) {
  const table = `'relation_tuples'::regclass`;
  const constraints = (await db.query(`SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = ${table} AND contype IN ('p', 'u')`))
    .rows;
  const indexes = (
    await db.query(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = ${table} AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    )
  ).rows;
  for (const index of indexes) await db.query(`DROP INDEX "${index.name}"`);
  for (const constraint of constraints) await db.query(`ALTER TABLE relation_tuples DROP CONSTRAINT "${constraint.name}"`);
  return async () => {
    for (const constraint of constraints) await db.query(`ALTER TABLE relation_tuples ADD CONSTRAINT "${constraint.name}" ${constraint.definition}`);
    for (const index of indexes) await db.query(index.definition);
  };
}

/** Stores the relationships and analyses the table; answers how long that took, in ms. */
async function store() {
  const db = await openDatabase({ dataDir, databaseUrl, name: PERMISSION_SCHEMA });
  try {
    await migrate(db, { schema: db.schema, migrations: permissionMigrations });
    const started = performance.now();
    const restoreIndexes = await setIndexesAside(db);
    const unnest = Array.from({ length: 7 }, (_, i) => `$${i + 1}::text[]`).join(', ');
    for (const columns of tupleBatches(BATCH)) {
      await db.query(
        `INSERT INTO relation_tuples (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation) SELECT * FROM unnest(${unnest})`,
        columns,
      );
    }
    await restoreIndexes();
    const stored = performance.now() - started;
    // What autovacuum (PostgreSQL) or the statistics keeper (PGlite) would do after such a write.
    await db.query('VACUUM (ANALYZE) relation_tuples');
    const { rows } = await db.query('SELECT count(*)::int AS count FROM relation_tuples');
    if (rows[0].count !== TUPLES) throw new Error(`stored ${rows[0].count} relationships, not ${TUPLES}`);
    return { storeMs: stored, analyseMs: performance.now() - started - stored };
  } finally {
    await db.close();
  }
}

async function platformCall(platform, method, path, body) {
  const response = await fetch(`${platform.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${platform.adminToken}`, 'x-platform-actor': `identity:${randomUUID()}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`platform ${method} ${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

const timing = await store();
const platform = await startEmbeddedPlatform(config, log);
const [project] = await platformCall(platform, 'GET', '/projects');
await platformCall(platform, 'PATCH', `/projects/${project.id}`, [
  { op: 'replace', path: '/services/permission/config/namespaces', value: [{ location: `base64://${Buffer.from(MODEL).toString('base64')}` }] },
]);
const key = await platformCall(platform, 'POST', `/projects/${project.id}/tokens`, { name: 'permission bench' });
const permission = await startEmbeddedPermission(config, log, platform.permissionSettings);
// The rows measure checks as they run once the relationships are in memory, not while they load.
const loading = performance.now();
await permission.relationshipsLoaded;
const inMemoryMs = performance.now() - loading;

const stop = async () => {
  await permission.close();
  await platform.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The bench holds an IPC channel: when it dies, so does this process.
process.on('disconnect', stop);

process.stdout.write(
  `${JSON.stringify({
    platformUrl: platform.url,
    platformAdminToken: platform.adminToken,
    permissionUrl: permission.url,
    permissionAdminToken: permission.adminToken,
    apiKey: key.value,
    ...timing,
    inMemoryMs,
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  })}\n`,
);
