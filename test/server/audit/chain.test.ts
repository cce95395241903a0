/**
 * The chain's append and sealing: an append is one plain insert in the change's transaction;
 * sealing moves committed appends into the chain under the lock of its head — a correct link
 * whoever appended or sealed last (another instance, an append that rolled back), on PGlite and
 * on PostgreSQL, where two handles stand for two instances of a service. The chain check reads
 * the events back from the table and recomputes every hash, so what the table keeps must be the
 * bytes that were hashed: text that needs escaping is among them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendAuditEvent,
  auditAppendIfWrittenParams,
  auditAppendIfWrittenSql,
  auditAppendMigration,
  auditInboxEventMigration,
  auditInboxMigration,
  AUDIT_STORE_SQL,
  sealAuditEvents,
  sealPendingAuditEvents,
  toAuditEvent,
  verifyAuditChain,
  type AuditRow,
  type NewAuditEvent,
} from '../../../server/audit/chain.js';
import { startAuditSealer } from '../../../server/audit/sealer.js';
import type { Database, Queryable } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { openDatabase } from '../../../server/db/open.js';
import { postgresReachable, tempDataDir, TEST_DATABASE_URL } from '../db/support.js';

const postgres = await postgresReachable();
if (!postgres && process.env.CI) throw new Error(`PostgreSQL is required for the database tests in CI (${TEST_DATABASE_URL})`);

const BEFORE_EVENT_INBOX = [{ version: 1, name: 'audit store', up: AUDIT_STORE_SQL }, auditAppendMigration(2), auditInboxMigration(3)];
const STORE = [...BEFORE_EVENT_INBOX, auditInboxEventMigration(4)];

const event = (n: number): NewAuditEvent => ({ actor: { type: 'system', name: 'test' }, action: 'audit.exported', details: { n } });

/** The statements a transaction ran through this handle. */
function counted(tx: Queryable): { tx: Queryable; statements: () => number } {
  let statements = 0;
  return {
    tx: { query: (sql, params) => (statements++, tx.query(sql, params)), exec: (sql) => tx.exec(sql) },
    statements: () => statements,
  };
}

async function sealed(db: Database): Promise<{ seq: number; n: number }[]> {
  await sealAuditEvents(db);
  const rows = await db.query<{ seq: number; details: { n: number } }>('SELECT seq, details FROM audit_events ORDER BY seq');
  return rows.rows.map((r) => ({ seq: Number(r.seq), n: r.details.n }));
}

describe.each(['pglite', ...(postgres ? ['postgres'] : [])])('appending to the audit chain on %s', (backend) => {
  const schema = `sitewave_test_chain_${randomBytes(4).toString('hex')}`;
  let one: Database;
  let other: Database;
  let removeDir: (() => Promise<void>) | undefined;
  /** A second store beside the first: another service's, in the same database. */
  let openOther: (name: string) => Promise<Database>;

  beforeAll(async () => {
    if (backend === 'postgres') {
      const open = () => openDatabase({ dataDir: 'unused-with-a-database-url', databaseUrl: TEST_DATABASE_URL, name: schema });
      one = await open();
      other = await open();
      openOther = (name) => openDatabase({ dataDir: 'unused-with-a-database-url', databaseUrl: TEST_DATABASE_URL, name: `${schema}_${name}` });
    } else {
      const dir = await tempDataDir();
      removeDir = dir.remove;
      one = await openDatabase({ dataDir: dir.dataDir, name: 'api' });
      other = one;
      openOther = (name) => openDatabase({ dataDir: dir.dataDir, name });
    }
    await migrate(one, { schema: one.schema, migrations: STORE });
  });
  afterAll(async () => {
    if (backend === 'postgres') await one?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await one?.close();
    if (other !== one) await other?.close();
    await removeDir?.();
  });

  it('appends in one statement, and seals with the hash the chain check computes, whoever sealed last', async () => {
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
    ] as const) {
      expect(await statementsOf(db, n)).toBe(1);
      if (n % 2) await sealAuditEvents(n === 3 ? other : one);
    }
    expect(await sealed(other)).toEqual([1, 2, 3, 4, 5].map((n) => ({ seq: n, n })));
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: 5 });
  });

  it('appends an event sent with its write only when the write wrote, naming the target as the write left it', async () => {
    await one.exec('CREATE TABLE widgets (id uuid PRIMARY KEY, name text NOT NULL, org_id uuid)');
    const [id, orgId] = [randomUUID(), randomUUID()];
    await one.query('INSERT INTO widgets VALUES ($1, $2, $3)', [id, 'Old', orgId]);
    const append = auditAppendIfWrittenSql('SELECT name, org_id FROM widgets WHERE id = $1');
    const change = (name: string, target: string, input: NewAuditEvent) =>
      one.transaction(async (tx) => {
        const heard: number[] = [];
        tx.atCommit('UPDATE widgets SET name = $2 WHERE id = $1', [target, name], (result) => heard.push(result.rowCount));
        tx.atCommit(append, auditAppendIfWrittenParams(input, id, new Date())!, (result) => heard.push(result.rowCount));
        return heard;
      });
    const changed = (name = ''): NewAuditEvent => ({
      actor: { type: 'system' },
      action: 'project.changed',
      target: { type: 'project', id, name },
      details: { n: 6, text: 'ünï "q" \\ \n' },
    });
    // Wrote: the event takes the name the write left and the row's organisation.
    expect(await change('Neu — "Zürich"', id, changed())).toEqual([1, 1]);
    // Matched no row: no event.
    expect(await change('Nobody', randomUUID(), changed())).toEqual([0, 0]);
    // A name the caller knew and an organisation it gave stay.
    expect(await change('Third', id, { ...changed('Known'), orgId: id })).toEqual([1, 1]);
    await sealAuditEvents(one);
    const rows = (await one.query<AuditRow>(`SELECT * FROM audit_events WHERE action = 'project.changed' ORDER BY seq`)).rows.map(toAuditEvent);
    expect(rows.map((e) => [e.target?.name, e.orgId, e.details])).toEqual([
      ['Neu — "Zürich"', orgId, { n: 6, text: 'ünï "q" \\ \n' }],
      ['Known', id, { n: 6, text: 'ünï "q" \\ \n' }],
    ]);
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true });
    // What jsonb cannot hold goes the other way (a separate append).
    expect(auditAppendIfWrittenParams({ ...changed(), details: { text: 'nul \u0000' } }, id, new Date())).toBeNull();
  });

  it('seals a batch of any size in two statements, and one with nothing waiting leaves the inbox closed', async () => {
    const start = (await sealed(one)).length;
    for (let n = 201; n <= 212; n++) await one.transaction((tx) => appendAuditEvent(tx, event(n), new Date()));
    const batch = await one.transaction(async (raw) => {
      const { tx, statements } = counted(raw);
      const events = await sealPendingAuditEvents(tx);
      return { events: events.length, statements: statements() };
    });
    expect(batch).toEqual({ events: 12, statements: 2 });
    const all = await sealed(one);
    expect(all.slice(start).map((row) => row.n)).toEqual(Array.from({ length: 12 }, (_, i) => 201 + i));
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: start + 12 });
    // After a sealing, with or without events to take, the inbox is append-only again in the same transaction.
    await one.transaction((tx) => appendAuditEvent(tx, event(213), new Date()));
    for (const sealings of [1, 2]) {
      await expect(
        one.transaction(async (tx) => {
          for (let i = 0; i < sealings; i++) await sealPendingAuditEvents(tx);
          await appendAuditEvent(tx, event(214), new Date());
          await tx.query('DELETE FROM audit_inbox');
        }),
      ).rejects.toThrow(/append-only/);
    }
  });

  it('in a sealing of its own, sends the second statement with the COMMIT and does not wait for it to reach the disk', async () => {
    const start = (await sealed(one)).length;
    for (let n = 221; n <= 225; n++) await one.transaction((tx) => appendAuditEvent(tx, event(n), new Date()));
    const own = await one.transaction(async (raw) => {
      const { tx, statements } = counted(raw);
      let last = 0;
      const events = await sealPendingAuditEvents(tx, '', { ...raw, atCommit: (sql, params) => (last++, raw.atCommit(sql, params)) });
      const setting = (await raw.query<{ value: string }>(`SELECT current_setting('synchronous_commit') AS value`)).rows[0]!.value;
      return { events: events.length, statements: statements(), last, setting };
    });
    expect(own).toEqual({ events: 5, statements: 1, last: 1, setting: 'off' });
    expect((await sealed(one)).slice(start).map((row) => row.n)).toEqual([221, 222, 223, 224, 225]);
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: start + 5 });
    // Only the sealing's own transaction: a change that seals first (the retention job) commits as configured.
    const inline = await one.transaction(async (tx) => {
      await sealPendingAuditEvents(tx);
      return (await tx.query<{ value: string }>(`SELECT current_setting('synchronous_commit') AS value`)).rows[0]!.value;
    });
    expect(inline).toBe('on');
    // Told to expect appends where there are none, it finds nothing and leaves the chain as it was.
    expect(await sealAuditEvents(one, undefined, true)).toEqual([]);
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: start + 5 });
  });

  it('never seals an append that rolled back', async () => {
    const start = (await sealed(one)).length;
    await one.transaction((tx) => appendAuditEvent(tx, event(101), new Date()));
    await expect(
      one.transaction(async (tx) => {
        await appendAuditEvent(tx, event(102), new Date());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await one.transaction((tx) => appendAuditEvent(tx, event(103), new Date()));
    expect((await sealed(one)).slice(start)).toEqual([
      { seq: start + 1, n: 101 },
      { seq: start + 2, n: 103 },
    ]);
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: start + 2 });
  });

  it('keeps one unforked chain with two instances appending and sealing at once', async () => {
    const start = (await sealed(one)).length;
    const handles = [one, other];
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) =>
        handles[i % 2]!.transaction(async (tx) => {
          // A change before the event, so that transactions overlap with each other and with sealing.
          await tx.query('SELECT pg_sleep(0.002)');
          await appendAuditEvent(tx, event(1000 + i), new Date());
        }),
      ),
      ...Array.from({ length: 10 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 3)).then(() => sealAuditEvents(handles[i % 2]!))),
    ]);
    const after = (await sealed(other)).slice(start);
    expect(after.map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => start + i + 1));
    expect(after.map((e) => e.n).sort()).toEqual(Array.from({ length: 40 }, (_, i) => 1000 + i));
    expect(await verifyAuditChain(one)).toMatchObject({ ok: true, headSeq: start + 40 });
  });

  it('is sealed by the sealer within moments of its commit, and logged once with its seq and hash', async () => {
    const lines: { audit: { seq: number; hash: string; details: { n: number } } }[] = [];
    const log = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()));
          done();
        },
      }),
    );
    const errors: unknown[] = [];
    const sealer = startAuditSealer(one, { log, onError: (err) => errors.push(err) });
    const start = (await one.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_events')).rows[0]!.n;
    try {
      await one.transaction((tx) => appendAuditEvent(tx, event(2000), new Date()));
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline && lines.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines.map((line) => line.audit.details.n)).toEqual([2000]);
      const row = (await one.query<{ seq: number; hash: string }>('SELECT seq, hash FROM audit_events WHERE seq = $1', [Number(start) + 1])).rows[0]!;
      expect(lines[0]!.audit).toMatchObject({ seq: Number(row.seq), hash: row.hash });
    } finally {
      await sealer.close();
    }
    expect(errors).toEqual([]);
  });

  it("opens no sealing after one that found nothing, when the appends counted were another store's", async () => {
    const store = await openOther('identity');
    await migrate(store, { schema: store.schema, migrations: STORE });
    const errors: unknown[] = [];
    let sealings = 0;
    const counted: Database = { ...store, transaction: (fn) => (sealings++, store.transaction(fn)) };
    const sealer = startAuditSealer(counted, { onError: (err) => errors.push(err) });
    try {
      for (let n = 4000; n < 4005; n++) {
        await one.transaction((tx) => appendAuditEvent(tx, event(n), new Date()));
        expect(await sealer.seal()).toEqual([]);
      }
      expect(sealings).toBe(1);
      // Its own appends are found and sealed as before.
      await store.transaction((tx) => appendAuditEvent(tx, event(4100), new Date()));
      expect((await sealer.seal()).map((sealed) => sealed.details.n)).toEqual([4100]);
    } finally {
      await sealer.close();
      if (backend === 'postgres') await store.exec(`DROP SCHEMA IF EXISTS "${store.schema}" CASCADE`);
      await store.close();
    }
    expect(errors).toEqual([]);
  });

  // Last: it leaves a row after the head behind.
  it('checks the chain while sealing goes on, and finds a row after the head that no sealing put there', async () => {
    const verifying: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      await one.transaction((tx) => appendAuditEvent(tx, event(3000 + i), new Date()));
      verifying.push(verifyAuditChain(other), sealAuditEvents(i % 2 ? one : other));
    }
    for (const report of await Promise.all(verifying)) if (!Array.isArray(report)) expect(report).toMatchObject({ ok: true });

    const head = (await verifyAuditChain(one)).headSeq;
    const last = (await one.query<AuditRow>('SELECT * FROM audit_events WHERE seq = $1', [head])).rows[0]!;
    await one.query('INSERT INTO audit_events SELECT * FROM jsonb_populate_record(NULL::audit_events, $1::jsonb)', [JSON.stringify({ ...last, seq: head + 1 })]);
    expect(await verifyAuditChain(one)).toMatchObject({ ok: false, firstBroken: { seq: head + 1, reason: 'head-mismatch' } });
  });
});

describe.each(['pglite', ...(postgres ? ['postgres'] : [])])('an inbox of typed columns made one of events on %s', (backend) => {
  it('moves the events waiting there over in their order, sealed as they were appended', async () => {
    const schema = `sitewave_test_inbox_${randomBytes(4).toString('hex')}`;
    const dir = backend === 'pglite' ? await tempDataDir() : undefined;
    const db = dir ? await openDatabase({ dataDir: dir.dataDir, name: 'api' }) : await openDatabase({ dataDir: 'unused', databaseUrl: TEST_DATABASE_URL, name: schema });
    try {
      await migrate(db, { schema: db.schema, migrations: BEFORE_EVENT_INBOX });
      // As the previous release appended: one column per field, details as JSON text.
      const typed = `INSERT INTO audit_inbox (at, actor_type, actor_id, actor_name, actor_address, action, action_group, target_type, target_id,
        target_name, org_id, outcome, request_id, details) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`;
      const org = '7d4c9c1e-2f0a-4d47-9a53-2b8f3c7e1a90';
      await db.query(typed, [
        '2026-11-02T09:15:30.123Z',
        'identity',
        'ana',
        'ana@example.test',
        '203.0.113.7',
        'project.changed',
        'project',
        'project',
        'p-1',
        'Tower "B" — Zürich',
        org,
        'success',
        'req-1',
        JSON.stringify({ fields: ['name'], note: 'line\nbreak' }),
      ]);
      await db.query(typed, ['2026-11-02T09:15:31.000Z', 'anonymous', null, '', null, 'refusal.permission_denied', 'refusal', null, null, '', null, 'denied', null, '{}']);
      await migrate(db, { schema: db.schema, migrations: STORE });

      const sealedNow = await sealAuditEvents(db);
      expect(sealedNow.map((e) => e.action)).toEqual(['project.changed', 'refusal.permission_denied']);
      const rows = (await db.query<AuditRow>('SELECT * FROM audit_events ORDER BY seq')).rows.map(toAuditEvent);
      expect(rows).toEqual(sealedNow);
      expect(rows[0]).toMatchObject({
        seq: 1,
        at: '2026-11-02T09:15:30.123Z',
        actor: { type: 'identity', id: 'ana', name: 'ana@example.test', address: '203.0.113.7' },
        target: { type: 'project', id: 'p-1', name: 'Tower "B" — Zürich' },
        orgId: org,
        outcome: 'success',
        requestId: 'req-1',
        details: { fields: ['name'], note: 'line\nbreak' },
      });
      expect(rows[1]).toMatchObject({ seq: 2, actor: { type: 'anonymous', id: null, address: null }, target: null, orgId: null, requestId: null, details: {} });
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, headSeq: 2 });

      // And the new appends follow them in the chain.
      await db.transaction((tx) => appendAuditEvent(tx, event(1), new Date()));
      expect((await sealAuditEvents(db)).map((e) => e.seq)).toEqual([3]);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, headSeq: 3 });
    } finally {
      if (!dir) await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
      await dir?.remove();
    }
  });
});
