/**
 * Answers kept on PostgreSQL: another instance's change, heard through the schema's change
 * triggers, ends them; a lost listening connection stops keeping until it is back.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { openDatabase } from '../../../server/db/open.js';
import { installChangeTriggers } from '../../../server/db/change-triggers.js';
import { cacheUntilNextWrite, type KeptAnswers } from '../../../server/db/until-next-write.js';
import { until } from '../support/product-process.js';
import { postgresReachable, TEST_DATABASE_URL } from './support.js';

const available = await postgresReachable();
if (!available && process.env.CI) throw new Error(`PostgreSQL is required for the database tests in CI (${TEST_DATABASE_URL})`);

const schema = `sitewave_test_changes_${randomBytes(4).toString('hex')}`;
const open = () => openDatabase({ dataDir: 'unused-with-a-database-url', databaseUrl: TEST_DATABASE_URL, name: schema });

/** Polls until `check` holds; fails after two seconds. */
const eventually = async (check: () => Promise<boolean>) => expect(await until(check, 2_000, 20)).toBe(true);

describe.runIf(available)('answers kept on PostgreSQL', () => {
  let other: Database;
  let raw: Database;
  let kept: KeptAnswers;
  let computed = 0;
  const count = () => kept.answers.get('items', async () => (computed++, (await kept.db.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]!.n));
  /** Whether the answer is kept now: two reads compute at most once. */
  const keeping = async () => {
    await count();
    const before = computed;
    await count();
    return computed === before;
  };

  beforeAll(async () => {
    other = await open();
    raw = await open();
    await migrate(other, { schema, migrations: [{ version: 1, name: 'items', up: 'CREATE TABLE items (n int)' }] });
    kept = await cacheUntilNextWrite(raw);
    await eventually(keeping);
  });
  afterAll(async () => {
    await kept?.close();
    await other?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await other?.close();
    await raw?.close();
  });

  it("ends a kept answer when another instance's change commits, not before", async () => {
    expect(await count()).toBe(0);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const wrote = new Promise<void>((resolve) => (inserted = resolve));
    const writer = other.transaction(async (tx) => {
      await tx.query('INSERT INTO items VALUES (1)');
      inserted();
      await held;
    });
    await wrote;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await keeping()).toBe(true);
    commit();
    await writer;
    await eventually(async () => (await count()) === 1);
  });

  it('keeps its answer through a write that changes nothing, as a poller makes', async () => {
    await eventually(keeping);
    const before = computed;
    await other.query('UPDATE items SET n = n WHERE n < 0');
    await other.query('DELETE FROM items WHERE n < 0');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await count();
    expect(computed).toBe(before);
    await other.query('DELETE FROM items');
    await eventually(async () => (await count()) === 0);
  });

  it('hears a table a later migration adds once triggers are installed again at the next start', async () => {
    await migrate(other, {
      schema,
      migrations: [
        { version: 1, name: 'items', up: 'CREATE TABLE items (n int)' },
        { version: 2, name: 'more', up: 'CREATE TABLE more (n int)' },
      ],
    });
    const db = await open();
    const next = await cacheUntilNextWrite(db);
    try {
      const read = () => next.answers.get('more', async () => (await next.db.query<{ n: number }>('SELECT count(*)::int AS n FROM more')).rows[0]!.n);
      await eventually(async () => (await read()) === 0 && (await read()) === 0);
      await other.query('INSERT INTO more VALUES (1)');
      await eventually(async () => (await read()) === 1);
    } finally {
      await next.close();
      await db.close();
    }
  });

  it('computes every time while its listening connection is lost, and keeps again once it is back', async () => {
    await eventually(keeping);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`sitewave-${schema}-changes`]);
      expect(rowCount).toBe(1);
      await eventually(async () => !(await keeping()));
      // A change made while nobody listened must not be missed by what is kept afterwards.
      await other.query('INSERT INTO items VALUES (5)');
      await eventually(keeping);
      expect(await count()).toBe(1);
    } finally {
      await admin.end();
    }
  });

  it('installs its triggers once when several instances start together', async () => {
    const handles = await Promise.all([open(), open(), open()]);
    try {
      await other.exec('DROP TRIGGER sitewave_changed_insert ON items; DROP TRIGGER sitewave_changed_update ON items');
      await Promise.all(handles.map((db) => installChangeTriggers(db, schema)));
      const { rows } = await other.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = 'items'::regclass AND tgname LIKE 'sitewave_changed_%'");
      expect(rows[0]!.n).toBe(4);
    } finally {
      for (const db of handles) await db.close();
    }
  });

  it("gives the audit trail's tables no triggers, and removes ones an earlier start gave them", async () => {
    const triggers = async (table: string) =>
      (await other.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname LIKE 'sitewave_changed_%'", [table])).rows[0]!.n;
    await other.exec(
      `CREATE TABLE audit_chain (n int); CREATE TRIGGER sitewave_changed_update AFTER UPDATE ON audit_chain FOR EACH STATEMENT EXECUTE FUNCTION sitewave_announce_change()`,
    );
    await other.exec('CREATE TABLE audit_events (n int)');
    await installChangeTriggers(other, schema);
    expect(await triggers('audit_chain')).toBe(0);
    expect(await triggers('audit_events')).toBe(0);
    expect(await triggers('items')).toBe(4);
  });

  it('closes its listening connection', async () => {
    const db = await open();
    const next = await cacheUntilNextWrite(db);
    const listening = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        return (await client.query('SELECT 1 FROM pg_stat_activity WHERE application_name = $1', [`sitewave-${schema}-changes`])).rowCount ?? 0;
      } finally {
        await client.end();
      }
    };
    await eventually(async () => (await listening()) === 2);
    await next.close();
    await db.close();
    await eventually(async () => (await listening()) === 1);
  });
});
