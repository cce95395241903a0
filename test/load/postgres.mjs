/**
 * A fresh, empty PostgreSQL database for one set of rows, created on the server BENCH_DATABASE_URL
 * names (default postgres://postgres@127.0.0.1:5432/test) and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The new database's URL, its server processes, and how to drop it; null (said why) when no server is reachable. */
export async function freshPostgres(say) {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    say(`   PostgreSQL at ${new URL(ADMIN_DATABASE_URL).host} is not reachable (${error.message}): its rows are skipped`);
    return null;
  }
  const name = `sitewave_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** The server processes serving connections to the database now (their CPU is read from /proc). */
    async backendPids() {
      return (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows.map((row) => row.pid);
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/**
 * The API's database handle (dist/) for in-process rows: on a fresh PostgreSQL database, or on
 * PGlite in a temp directory; `close()` drops either. Null when PostgreSQL is not reachable.
 */
export async function benchApiDatabase(backend, say, label) {
  const { openDatabase } = await import(new URL('../../dist/server/db/open.js', import.meta.url).href);
  if (backend === 'postgres') {
    const database = await freshPostgres(say);
    if (!database) return null;
    const db = await openDatabase({ dataDir: '', databaseUrl: database.url, name: 'api' });
    return { db, close: async () => (await db.close(), await database.drop()) };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), `sitewave-bench-${label}-`));
  const db = await openDatabase({ dataDir: dir, name: 'api' });
  return { db, close: async () => (await db.close(), await rm(dir, { recursive: true, force: true })) };
}
