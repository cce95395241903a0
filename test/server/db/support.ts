/** Where the database tests find PostgreSQL, and temporary PGlite directories. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function tempDataDir(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-db-'));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}
