/**
 * The PGlite backend in a real, file-backed temporary directory: the contract every backend
 * keeps, then what is PGlite's own (one shared, reference-counted instance per directory).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { openDatabase } from '../../../server/db/open.js';
import { databaseContract } from './contract.js';
import { tempDataDir } from './support.js';

let dataDir: string;
let remove: () => Promise<void>;
// Held for the whole file so the shared instance is not closed and restarted between tests.
let keeper: Database;

beforeAll(async () => {
  ({ dataDir, remove } = await tempDataDir());
  keeper = await openDatabase({ dataDir, name: 'keeper' });
});
afterAll(async () => {
  await keeper?.close();
  await remove?.();
});

const open = (name: string, dir = dataDir) => openDatabase({ dataDir: dir, name });
let schemas = 0;

describe('PGlite', () => {
  databaseContract(() => ({
    schema: (base) => `t${(schemas += 1)}_${base}`,
    open: (schema) => open(schema),
  }));

  it('keeps a statement prepared across calls, and answers with the new columns after a table changes', async () => {
    const db = await open('prepared');
    await migrate(db, { schema: db.schema, migrations: [] });
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text)');
    await db.query('INSERT INTO notes VALUES ($1, $2), ($3, $4)', [1, 'one', 2, null]);
    const read = () => db.query('SELECT * FROM notes WHERE id = $1', [1]);
    for (let i = 0; i < 8; i++) expect((await read()).rows).toEqual([{ id: 1, body: 'one' }]);
    await db.exec(`ALTER TABLE notes ADD COLUMN tag text NOT NULL DEFAULT 'new'`);
    expect((await read()).rows).toEqual([{ id: 1, body: 'one', tag: 'new' }]);
    // Inside a transaction the first call after a change fails it, as on PostgreSQL; the next one reads anew.
    await db.exec('ALTER TABLE notes DROP COLUMN tag');
    await expect(db.transaction((tx) => tx.query('SELECT * FROM notes WHERE id = $1', [1]))).rejects.toMatchObject({ code: '0A000' });
    expect((await db.transaction((tx) => tx.query('SELECT * FROM notes WHERE id = $1', [1]))).rows).toEqual([{ id: 1, body: 'one' }]);
    expect((await db.query<{ body: string | null }>('SELECT body FROM notes WHERE id = $1', [2])).rows).toEqual([{ body: null }]);
    await db.close();
  });

  it('keeps the same statement text apart in two schemas, with transactions of both in flight', async () => {
    const [a, b] = await Promise.all([open('prepared_a'), open('prepared_b')]);
    for (const [db, owner] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await migrate(db, { schema: db.schema, migrations: [] });
      await db.exec(`CREATE TABLE owners (id int PRIMARY KEY, owner text NOT NULL); INSERT INTO owners VALUES (1, '${owner}')`);
    }
    const read = (db: Database) => db.query<{ owner: string }>('SELECT owner FROM owners WHERE id = $1', [1]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 3 === 0
          ? (i % 2 ? a : b).transaction(async (tx) => (await tx.query<{ owner: string }>('SELECT owner FROM owners WHERE id = $1', [1])).rows[0]!.owner)
          : read(i % 2 ? a : b).then((r) => r.rows[0]!.owner),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? 'a' : 'b')));
    await Promise.all([a.close(), b.close()]);
  });

  it('runs with a small buffer pool, since the WebAssembly memory it fills is never given back', async () => {
    const { rows } = await keeper.query<{ shared_buffers: string; maintenance_work_mem: string }>(
      'SELECT current_setting($1) AS shared_buffers, current_setting($2) AS maintenance_work_mem',
      ['shared_buffers', 'maintenance_work_mem'],
    );
    expect(rows[0]).toEqual({ shared_buffers: '16MB', maintenance_work_mem: '16MB' });
  });

  it('keeps one database directory, db, under DATA_DIR', () => {
    expect(keeper.kind).toBe('pglite');
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  });

  it('serves every service of the process from one shared instance', async () => {
    const identity = await open('identity');
    const api = await open('api');
    try {
      const pid = async (db: Database) => (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      expect(await pid(identity)).toBe(await pid(api));
    } finally {
      await identity.close();
      await api.close();
    }
    expect((await keeper.query('SELECT 1')).rowCount).toBe(1);
  });

  it('queues transactions: two read-modify-write loops without row locks lose no update', async () => {
    const a = await open('plain_counter');
    const b = await open('plain_counter');
    try {
      await migrate(a, { schema: a.schema, migrations: [{ version: 1, name: 'counter', up: 'CREATE TABLE counter (n int NOT NULL); INSERT INTO counter VALUES (0)' }] });
      const bump = async (db: Database) => {
        for (let i = 0; i < 50; i += 1) {
          await db.transaction(async (tx) => {
            const { rows } = await tx.query<{ n: number }>('SELECT n FROM counter');
            await new Promise((resolve) => setImmediate(resolve));
            await tx.query('UPDATE counter SET n = $1', [rows[0]!.n + 1]);
          });
        }
      };
      await Promise.all([bump(a), bump(b)]);
      expect((await a.query('SELECT n FROM counter')).rows).toEqual([{ n: 100 }]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps every service in its own schema while their queries, transactions and scripts interleave', async () => {
    const identity = await open('interleave_identity');
    const api = await open('interleave_api');
    try {
      for (const db of [identity, api]) await migrate(db, { schema: db.schema, migrations: [{ version: 1, name: 't', up: 'CREATE TABLE t (x int)' }] });
      const schemaOf = async (work: Promise<{ rows: { s: string }[] }>) => (await work).rows[0]!.s;
      const rounds = Array.from({ length: 20 }, async (_, i) => {
        const [a, b, c, d] = await Promise.all([
          schemaOf(identity.query<{ s: string }>('SELECT current_schema() AS s')),
          schemaOf(api.query<{ s: string }>('SELECT current_schema() AS s')),
          schemaOf(api.transaction((tx) => tx.query<{ s: string }>('SELECT current_schema() AS s'))),
          // A script that moves the session elsewhere must not move the next query with it.
          (i % 3 === 0 ? api.exec('SET search_path TO public') : Promise.resolve()).then(() => schemaOf(api.query<{ s: string }>('SELECT current_schema() AS s'))),
        ]);
        return [a, b, c, d];
      });
      for (const round of await Promise.all(rounds)) expect(round).toEqual([identity.schema, api.schema, api.schema, api.schema]);
    } finally {
      await identity.close();
      await api.close();
    }
  });

  it("does not let a query from outside slip into another service's transaction and its rollback", async () => {
    const identity = await open('slip_identity');
    const api = await open('slip_api');
    try {
      await migrate(identity, { schema: identity.schema, migrations: [{ version: 1, name: 't', up: 'CREATE TABLE t (x int)' }] });
      await migrate(api, { schema: api.schema, migrations: [{ version: 1, name: 't', up: 'CREATE TABLE t (x int)' }] });
      let inside!: () => void;
      const started = new Promise<void>((resolve) => (inside = resolve));
      const failing = identity.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        inside();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      });
      await started;
      const outside = api.query('INSERT INTO t VALUES (2)');
      await expect(failing).rejects.toThrow('rolled back');
      await outside;
      expect((await identity.query('SELECT x FROM t')).rows).toEqual([]);
      expect((await api.query('SELECT x FROM t')).rows).toEqual([{ x: 2 }]);
    } finally {
      await identity.close();
      await api.close();
    }
  });

  it('refuses a directory another live process has open', async () => {
    const own = await tempDataDir();
    try {
      // The test runner's parent process stands in for another server on the same DATA_DIR.
      await writeFile(path.join(own.dataDir, 'db.lock'), `${process.ppid}\n`);
      await expect(open('identity', own.dataDir)).rejects.toThrow(`in use by process ${process.ppid}`);
      expect(existsSync(path.join(own.dataDir, 'db'))).toBe(false);
    } finally {
      await own.remove();
    }
  });

  it('persists across close and reopen, closing the instance with its last handle', async () => {
    const own = await tempDataDir();
    const lockFile = path.join(own.dataDir, 'db.lock');
    try {
      // Left by a process that died without closing.
      await writeFile(lockFile, `${spawnSync(process.execPath, ['-e', '']).pid}\n`);
      const migrations = [{ version: 1, name: 'notes', up: 'CREATE TABLE notes (body text)' }];
      const first = await open('identity', own.dataDir);
      expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
      const second = await open('api', own.dataDir);
      await migrate(first, { schema: 'identity', migrations });
      await first.query('INSERT INTO notes VALUES ($1)', ['kept']);
      await first.close();
      await first.close();
      await expect(first.query('SELECT 1')).rejects.toThrow(/closed database handle/);
      expect((await second.query('SELECT 1')).rowCount).toBe(1);

      // Reopening while the last handle is still closing waits for the close.
      const closing = second.close();
      const reopened = await open('identity', own.dataDir);
      await closing;
      try {
        expect((await migrate(reopened, { schema: 'identity', migrations })).applied).toEqual([]);
        expect((await reopened.query('SELECT body FROM notes')).rows).toEqual([{ body: 'kept' }]);
      } finally {
        await reopened.close();
      }
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      await own.remove();
    }
  });
});
