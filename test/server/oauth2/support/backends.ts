/**
 * A service's store on both databases it runs on (the provider's by default): a PGlite directory of its own, and a fresh
 * schema on the PostgreSQL test server (required in CI, skipped with a warning elsewhere, as the
 * other PostgreSQL tests do). `open` may be called again after closing to reopen the same data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../../../server/db/database.js';
import { openDatabase } from '../../../../server/db/open.js';
import { postgresReachable, TEST_DATABASE_URL } from '../../db/support.js';

export interface Backend {
  open(): Promise<Database>;
  /** PostgreSQL: each `open` is a handle of its own, as separate processes would have. PGlite has one process only. */
  separateInstances: boolean;
  cleanup(): Promise<void>;
}

function pglite(service: string): Backend {
  let dataDir: string | undefined;
  return {
    async open() {
      dataDir ??= await mkdtemp(path.join(tmpdir(), `sitewave-${service}-store-`));
      return openDatabase({ dataDir, name: service });
    },
    separateInstances: false,
    async cleanup() {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function postgres(service: string): Backend {
  const schema = `sitewave_${service}_${randomBytes(4).toString('hex')}`;
  return {
    open: () => openDatabase({ dataDir: 'unused', databaseUrl: TEST_DATABASE_URL, name: schema }),
    separateInstances: true,
    async cleanup() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end());
    },
  };
}

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is required for the store tests in CI (${TEST_DATABASE_URL})`);
if (!reachable) console.warn(`Skipping the store tests on PostgreSQL: nothing answers at ${TEST_DATABASE_URL}`);

/** For `describe.each`: a name and a factory per database, for the service whose schema is named. */
export function backendsFor(service: string): [string, () => Backend][] {
  return [['PGlite', () => pglite(service)], ...(reachable ? [['PostgreSQL', () => postgres(service)] as [string, () => Backend]] : [])];
}

/** The OAuth2 provider's. */
export const BACKENDS = backendsFor('oauth2');
