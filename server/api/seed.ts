/**
 * `npm run seed`: recreates the demo survey in the database and blob store `npm start` uses
 * (same variables). With the default PGlite database, stop the server first: only one process
 * may open it.
 */
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { openBlobStore } from '../storage/open.js';
import { recreateDemo } from './demo/recreate-demo.js';
import { seedingContext } from './demo/seed-outside-api.js';
import { apiMigrations } from './migrations.js';
import { ProcessingWorker } from './tracks/processing/job.js';

const config = loadConfig();
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, name: 'api' });
const store = await openBlobStore({ dataDir: config.dataDir, s3: config.s3 });
try {
  await migrate(db, { schema: db.schema, migrations: apiMigrations });
  const processing = new ProcessingWorker(db);
  const result = await recreateDemo(seedingContext(db, store, processing));
  await processing.stop();
  process.stdout.write(`${result.created ? 'Created the demo organisation and its' : 'Recreated the'} demo survey (organisation ${result.orgId}, project ${result.projectId}).\n`);
} finally {
  await store.close();
  await db.close();
}
