/** Answers kept until the next write: on PGlite, through the one handle every write takes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { openDatabase } from '../../../server/db/open.js';
import { cacheUntilNextWrite, KEPT_MAX_AGE_MS, type UntilNextWrite } from '../../../server/db/until-next-write.js';
import { tempDataDir } from './support.js';

let raw: Database;
let db: Database;
let answers: UntilNextWrite;
let remove: () => Promise<void>;

beforeAll(async () => {
  const dir = await tempDataDir();
  remove = dir.remove;
  raw = await openDatabase({ dataDir: dir.dataDir, name: 'kept' });
  await migrate(raw, { schema: raw.schema, migrations: [{ version: 1, name: 'items', up: 'CREATE TABLE items (n int)' }] });
  ({ db, answers } = await cacheUntilNextWrite(raw));
});
afterAll(async () => {
  await raw?.close();
  await remove?.();
});

const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]!.n;

describe('answers kept until the next write', () => {
  it('computes once while nothing is written, and again after a write', async () => {
    let computed = 0;
    const read = () => answers.get('items', async () => (computed++, count()));
    expect(await read()).toBe(0);
    expect(await read()).toBe(0);
    expect(computed).toBe(1);
    await db.query('INSERT INTO items VALUES (1)');
    expect(await read()).toBe(1);
    expect(computed).toBe(2);
  });

  it('keeps its answers through a write that changes nothing, as a polling job queue makes', async () => {
    let computed = 0;
    const read = () => answers.get('polled', async () => (computed++, count()));
    await read();
    await db.query('UPDATE items SET n = n WHERE n < 0');
    await db.query('WITH big AS (SELECT n FROM items WHERE n > 0) SELECT count(*) FROM big');
    await db.transaction((tx) => tx.query('DELETE FROM items WHERE n < 0'));
    await read();
    expect(computed).toBe(1);
    await db.query('UPDATE items SET n = n + 10 WHERE n = 1');
    await read();
    expect(computed).toBe(2);
  });

  it('keeps nothing read while a transaction that writes was open, and is fresh after its commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const writer = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items VALUES (2)');
      wrote();
      await held;
    });
    await written;
    // Reading now waits behind the transaction (one connection), then sees its rows.
    const during = answers.get('during', count);
    release();
    await writer;
    expect(await during).toBe(2);
    expect(await answers.get('during', async () => -1)).toBe(-1);
  });

  it('computes once for readers that arrive together, as when a kept list ends under load', async () => {
    let computed = 0;
    const reads = Array.from({ length: 50 }, () => answers.get('together', async () => (computed++, count())));
    const seen = await Promise.all(reads);
    expect(new Set(seen).size).toBe(1);
    expect(computed).toBe(1);
  });

  it('does not hand a reader who comes after a change the computation begun before it', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const before = answers.get('changed', async () => {
      const n = await count();
      await slow;
      return n;
    });
    await db.query('INSERT INTO items VALUES (4)');
    const after = answers.get('changed', count);
    release();
    expect(await after).toBe((await before) + 1);
  });

  it('shares a failure with the readers waiting on it, and keeps nothing from it', async () => {
    let computed = 0;
    const failing = async () => {
      computed++;
      await Promise.resolve();
      throw new Error('the database went away');
    };
    const reads = await Promise.allSettled([answers.get('failed', failing), answers.get('failed', failing)]);
    expect(reads.map((read) => read.status)).toEqual(['rejected', 'rejected']);
    expect(computed).toBe(1);
    expect(await answers.get('failed', async () => 7)).toBe(7);
    // A computation that throws before its first await is not left behind for the next reader either.
    await expect(
      answers.get('thrown', () => {
        throw new Error('no connection');
      }),
    ).rejects.toThrow('no connection');
    expect(await answers.get('thrown', async () => 8)).toBe(8);
  });

  it('keeps no lists on PostgreSQL when it cannot hear other instances, and permission answers for a few seconds only', async () => {
    let clock = 1_000_000;
    const { db: watched, answers: lists, permissions } = await cacheUntilNextWrite({ ...raw, kind: 'postgres' }, () => clock);
    let computed = 0;
    await lists.get('x', async () => computed++);
    await lists.get('x', async () => computed++);
    expect(computed).toBe(2);

    computed = 0;
    const held = () => permissions.get('held', async () => computed++);
    await held();
    clock += KEPT_MAX_AGE_MS - 1;
    await held();
    expect(computed).toBe(1);
    // Another instance's change is not seen here: the answer ends with its age.
    clock += 1;
    await held();
    expect(computed).toBe(2);
    // This instance's own change ends it at once.
    await watched.query('INSERT INTO items VALUES (3)');
    await held();
    expect(computed).toBe(3);
  });
});
