/**
 * The PostgreSQL backend against a real server (TEST_DATABASE_URL, by default the local one),
 * each run in schemas of its own that are dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.js';
import { databaseContract } from './contract.js';
import { postgresReachable, TEST_DATABASE_URL } from './support.js';

// CI machines run PostgreSQL; a developer machine without it skips these rather than failing.
const available = await postgresReachable();
if (!available && process.env.CI) throw new Error(`PostgreSQL is required for the database tests in CI (${TEST_DATABASE_URL})`);
if (!available) console.warn(`Skipping the PostgreSQL database tests: nothing answers at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL)`);

const prefix = `sitewave_test_${randomBytes(4).toString('hex')}_`;

describe.runIf(available)('PostgreSQL', () => {
  afterAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)', [prefix]);
      for (const { name } of rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
    } finally {
      await client.end();
    }
  });

  databaseContract(() => ({
    schema: (base) => `${prefix}${base}`,
    open: (schema) => openDatabase({ dataDir: 'unused-with-a-database-url', databaseUrl: TEST_DATABASE_URL, name: schema }),
  }));

  it('fixes the schema per connection and names the service to the server', async () => {
    const db = await openDatabase({ dataDir: 'unused', databaseUrl: TEST_DATABASE_URL, name: `${prefix}named` });
    try {
      expect(db.kind).toBe('postgres');
      const { rows } = await db.transaction((tx) => tx.query("SELECT current_setting('search_path') AS path, current_setting('application_name') AS app"));
      expect(rows).toEqual([{ path: `${prefix}named`, app: `sitewave-${prefix}named` }]);
    } finally {
      await db.close();
    }
  });
});
