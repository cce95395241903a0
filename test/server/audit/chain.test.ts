/**
 * The chain's append: one statement, whose hash the database computes from the head it locked,
 * and a correct link whoever appended last — another appender, an append that rolled back — on
 * PGlite and on PostgreSQL, where two handles stand for two instances of a service. The check
 * recomputes every hash in JavaScript (eventHash), so a byte of difference would show.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvent, auditAppendMigration, AUDIT_STORE_SQL, verifyAuditChain, type NewAuditEvent } from '../../../server/audit/chain.js';
import type { Database, Queryable } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { openDatabase } from '../../../server/db/open.js';
import { postgresReachable, tempDataDir, TEST_DATABASE_URL } from '../db/support.js';

const postgres = await postgresReachable();
if (!postgres && process.env.CI) throw new Error(`PostgreSQL is required for the database tests in CI (${TEST_DATABASE_URL})`);

const event = (n: number): NewAuditEvent => ({ actor: { type: 'system', name: 'test' }, action: 'audit.exported', details: { n } });

/** The statements a transaction ran through this handle. */
function counted(tx: Queryable): { tx: Queryable; statements: () => number } {
  let statements = 0;
  return {
    tx: { query: (sql, params) => (statements++, tx.query(sql, params)), exec: (sql) => tx.exec(sql) },
    statements: () => statements,
  };
}

async function seqs(db: Database): Promise<number[]> {
  return (await db.query<{ seq: number }>('SELECT seq FROM audit_events ORDER BY seq')).rows.map((r) => Number(r.seq));
}

describe.each(['pglite', ...(postgres ? ['postgres'] : [])])('appending to the audit chain on %s', (backend) => {
  const schema = `sitewave_test_chain_${randomBytes(4).toString('hex')}`;
  let one: Database;
  let other: Database;
  let removeDir: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (backend === 'postgres') {
      const open = () => openDatabase({ dataDir: 'unused-with-a-database-url', databaseUrl: TEST_DATABASE_URL, name: schema });
      one = await open();
      other = await open();
    } else {
      const dir = await tempDataDir();
      removeDir = dir.remove;
      one = await openDatabase({ dataDir: dir.dataDir, name: 'api' });
      other = one;
    }
    await migrate(one, { schema: one.schema, migrations: [{ version: 1, name: 'audit store', up: AUDIT_STORE_SQL }, auditAppendMigration(2)] });
  });
  afterAll(async () => {
    if (backend === 'postgres') await one?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await one?.close();
    if (other !== one) await other?.close();
    await removeDir?.();
  });

  it('appends in one statement, whoever appended last, with the hash the chain check computes', async () => {
    const statementsOf = async (db: Database, n: number) =>
      db.transaction(async (raw) => {
        const { tx, statements } = counted(raw);
        await appendAuditEvent(tx, n % 2 ? event(n) : { ...event(n), details: { n, text: 'ünïcödé "quoted" \\ back\nline' } }, new Date());
        return statements();
      });
    for (const [db, n] of [
      [one, 1],
      [one, 2],
      [other, 3],
      [one, 4],
      [other, 5],
    ] as const)
      expect(await statementsOf(db, n)).toBe(1);
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: 5 });
  });

  it('links to the committed head after an append that rolled back', async () => {
    const committed = await one.transaction((tx) => appendAuditEvent(tx, event(1), new Date()));
    await expect(
      one.transaction(async (tx) => {
        await appendAuditEvent(tx, event(2), new Date());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const next = await one.transaction((tx) => appendAuditEvent(tx, event(3), new Date()));
    expect(next.seq).toBe(committed.seq + 1);
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: next.seq });
  });

  it('keeps one unforked chain with two appenders writing at once', async () => {
    const start = (await seqs(one)).at(-1) ?? 0;
    const handles = [one, other];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        handles[i % 2]!.transaction(async (tx) => {
          // A change before the event, so that transactions overlap while they wait for the lock.
          await tx.query('SELECT pg_sleep(0.002)');
          return appendAuditEvent(tx, event(i), new Date());
        }),
      ),
    );
    expect(await seqs(one)).toEqual(Array.from({ length: start + 40 }, (_, i) => i + 1));
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: start + 40 });
  });
});
