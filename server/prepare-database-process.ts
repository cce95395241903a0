/**
 * The child process of prepare-database.ts: opens the new PGlite directory (creating the
 * cluster), brings the schema of each service named on the command line up to date, creates the
 * demo organisation when the API is among them, closes the directory and exits. Logs go to the
 * parent's output in its format; a failure is reported to the parent, which fails the start with it.
 */
import { pino } from 'pino';
import { logOutput } from './logging/log-output.js';
import { prepareApiSchema } from './api/demo/seed-outside-api.js';
import { loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import type { EmbeddedServiceName } from './embedded-names.js';
import { identityMigrations } from './identity/store/migrations.js';
import { oauth2Migrations } from './oauth2/store/migrations.js';
import { permissionMigrations } from './permissions/migrations.js';
import { platformMigrations } from './platform/migrations.js';
import type { PrepareFailure } from './prepare-database.js';
import { openBlobStore } from './storage/open.js';

// Orphaned (the parent was killed): nobody is waiting for the database any more.
process.on('disconnect', () => process.exit(1));

const config = loadConfig();
const log = pino({ level: config.logLevel }, logOutput(config.logFormat));

async function prepare(name: EmbeddedServiceName, db: Database): Promise<void> {
  if (name === 'oauth2') return void (await migrate(db, { schema: db.schema, migrations: oauth2Migrations }));
  if (name === 'identity') return void (await migrate(db, { schema: db.schema, migrations: identityMigrations }));
  if (name === 'platform') return void (await migrate(db, { schema: db.schema, migrations: platformMigrations }));
  if (name === 'permission') return void (await migrate(db, { schema: db.schema, migrations: permissionMigrations }));
  const store = await openBlobStore({ dataDir: config.dataDir, s3: config.s3 });
  try {
    await prepareApiSchema(db, store, log);
  } finally {
    await store.close();
  }
}

const handles: Database[] = [];
let failure: unknown;
try {
  for (const name of process.argv.slice(2) as EmbeddedServiceName[]) {
    const db = await openDatabase({ dataDir: config.dataDir, name });
    handles.push(db);
    await prepare(name, db);
  }
} catch (error) {
  failure = error;
}
// The last handle closes PGlite and removes the lock file: only then may the parent open it.
for (const db of handles) await db.close().catch((error: unknown) => (failure ??= error));

if (failure === undefined) process.exit(0);
const report: PrepareFailure = { error: failure instanceof Error ? failure.message : String(failure) };
process.send?.(report, () => process.exit(1));
if (!process.send) process.exit(1);
