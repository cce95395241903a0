/**
 * What every backend must do the same way. Run by pglite.test.ts and postgres.test.ts, so a
 * service tested on PGlite behaves alike on PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { isForeignKeyViolation, isPostgresError, isUniqueViolation } from '../../../server/db/errors.js';
import { migrate, MigrationError, type Migration } from '../../../server/db/migrate.js';

export interface Backend {
  /** A schema name no other test (or earlier run) uses. */
  schema(base: string): string;
  open(schema: string): Promise<Database>;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

export function databaseContract(backend: () => Backend): void {
  const handles: Database[] = [];
  const open = async (base: string): Promise<Database> => {
    const db = await backend().open(backend().schema(base));
    handles.push(db);
    return db;
  };
  /** A schema created up front, for tests that do not go through migrate(). */
  const openWithSchema = async (base: string): Promise<Database> => {
    const db = await open(base);
    await migrate(db, { schema: db.schema, migrations: [] });
    return db;
  };
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((db) => db.close()));
  });

  describe('queries', () => {
    it('returns rows and a row count, with parameters bound', async () => {
      const db = await openWithSchema('queries');
      await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
      const insert = await db.query('INSERT INTO notes VALUES ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
      expect(insert.rowCount).toBe(2);
      const select = await db.query<{ id: number; body: string }>('SELECT id, body FROM notes WHERE id = ANY($1) ORDER BY id', [[1, 2]]);
      expect(select).toEqual({
        rows: [
          { id: 1, body: 'one' },
          { id: 2, body: 'two' },
        ],
        rowCount: 2,
      });
      expect((await db.query('UPDATE notes SET body = $1 WHERE id = 3', ['x'])).rowCount).toBe(0);
      expect((await db.query('CREATE INDEX notes_body ON notes (body)')).rowCount).toBe(0);
    });

    it('gives result values the same JavaScript types', async () => {
      const db = await openWithSchema('types');
      const { rows } = await db.query(`
        SELECT count(*) AS c, 9007199254740993::int8 AS big, '2024-02-29'::date AS day,
               ARRAY[1, 2]::int8[] AS ids, ARRAY['2024-01-01'::date, NULL] AS days, '{"a": [1]}'::jsonb AS doc,
               1.50::numeric AS amount, '\\x0102'::bytea AS bytes, '2024-01-01T00:00:00Z'::timestamptz AS at,
               NULL::text AS nothing
        FROM generate_series(1, 3)`);
      const row = rows[0]!;
      expect(row).toMatchObject({
        c: 3,
        big: 9007199254740993n,
        day: '2024-02-29',
        ids: [1, 2],
        days: ['2024-01-01', null],
        doc: { a: [1] },
        amount: '1.50',
        at: new Date('2024-01-01T00:00:00Z'),
        nothing: null,
      });
      expect(row.bytes).toBeInstanceOf(Uint8Array);
      expect(Array.from(row.bytes as Uint8Array)).toEqual([1, 2]);
    });

    it('binds the same JavaScript values the same way', async () => {
      const db = await openWithSchema('params');
      await db.exec('CREATE TABLE things (id int PRIMARY KEY, tags text[], meta jsonb, at timestamptz, data bytea, day date, flag boolean)');
      const at = new Date('2024-05-06T07:08:09.123Z');
      await db.query('INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6, $7)', [1, ['a', 'b'], { k: 'v' }, at, Uint8Array.from([3, 4]), '2024-05-06', true]);
      await db.query('INSERT INTO things (id, meta) VALUES ($1, $2)', [2, JSON.stringify([1, 2])]);
      const { rows } = await db.query('SELECT * FROM things ORDER BY id');
      expect(rows[0]).toMatchObject({ id: 1, tags: ['a', 'b'], meta: { k: 'v' }, at, day: '2024-05-06', flag: true });
      expect(Array.from(rows[0]!.data as Uint8Array)).toEqual([3, 4]);
      expect(rows[1]).toMatchObject({ id: 2, meta: [1, 2], tags: null });
    });
  });

  describe('transactions', () => {
    it('commits what the callback did and returns its value', async () => {
      const db = await openWithSchema('commit');
      await db.exec('CREATE TABLE t (x int)');
      const value = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        await tx.exec('INSERT INTO t VALUES (2); INSERT INTO t VALUES (3)');
        return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n;
      });
      expect(value).toBe(3);
      expect((await db.query('SELECT * FROM t')).rowCount).toBe(3);
    });

    it('rolls back and rethrows when the callback throws, or a statement fails', async () => {
      const db = await openWithSchema('rollback');
      await db.exec('CREATE TABLE t (x int PRIMARY KEY)');
      const boom = new Error('boom');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (1)');
          throw boom;
        }),
      ).rejects.toBe(boom);
      const failed = await rejection(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (2)');
          await tx.query('INSERT INTO t VALUES (2)');
        }),
      );
      expect(isUniqueViolation(failed)).toBe(true);
      expect((await db.query('SELECT * FROM t')).rowCount).toBe(0);
    });

    it('runs the statements queued for commit last, with the COMMIT, and fails the whole transaction when one fails', async () => {
      const db = await openWithSchema('at_commit');
      await db.exec('CREATE TABLE t (x int PRIMARY KEY); CREATE TABLE log (x int NOT NULL)');
      await db.transaction(async (tx) => {
        tx.atCommit('INSERT INTO log VALUES ($1)', [1]);
        await tx.query('INSERT INTO t VALUES ($1)', [1]);
        // Queued, not run: the transaction does not see it yet.
        expect((await tx.query('SELECT * FROM log')).rowCount).toBe(0);
      });
      expect((await db.query<{ x: number }>('SELECT x FROM log')).rows).toEqual([{ x: 1 }]);

      // The change and the queued statement are one: a failing one takes the change with it.
      const failed = await rejection(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES ($1)', [2]);
          tx.atCommit('INSERT INTO log VALUES ($1)', [null]);
          tx.atCommit('INSERT INTO log VALUES ($1)', [3]);
        }),
      );
      expect(isPostgresError(failed) && failed.code).toBe('23502');
      expect((await db.query<{ x: number }>('SELECT x FROM t ORDER BY x')).rows).toEqual([{ x: 1 }]);
      expect((await db.query<{ x: number }>('SELECT x FROM log ORDER BY x')).rows).toEqual([{ x: 1 }]);

      // So does a COMMIT that fails after them (a deferred constraint); the connection stays usable.
      await db.exec(`CREATE FUNCTION refuse_late() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'too late'; END $$;
        CREATE CONSTRAINT TRIGGER refuse_late AFTER INSERT ON t DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.x = 4) EXECUTE FUNCTION refuse_late()`);
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES ($1)', [4]);
          tx.atCommit('INSERT INTO log VALUES ($1)', [4]);
        }),
      ).rejects.toThrow('too late');
      expect((await db.query<{ x: number }>('SELECT x FROM log ORDER BY x')).rows).toEqual([{ x: 1 }]);
      for (let i = 5; i < 10; i++) {
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES ($1)', [i]);
          tx.atCommit('INSERT INTO log VALUES ($1)', [i]);
        });
      }
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM log')).rows[0]!.n).toBe(6);
    });

    it('commits nothing of a transaction whose failed statement the callback caught, and says so', async () => {
      const db = await openWithSchema('caught');
      await db.exec('CREATE TABLE t (x int PRIMARY KEY); CREATE TABLE log (x int NOT NULL)');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES ($1)', [1]);
          await tx.query('INSERT INTO t VALUES ($1)', [1]).catch(() => undefined);
        }),
      ).rejects.toThrow(/rolled back/);
      // A statement queued for the commit fails too, and says why.
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES ($1)', [1]);
          await tx.query('INSERT INTO t VALUES ($1)', [1]).catch(() => undefined);
          tx.atCommit('INSERT INTO log VALUES ($1)', [1]);
        }),
      ).rejects.toThrow(/aborted/);
      expect((await db.query('SELECT x FROM t UNION ALL SELECT x FROM log')).rowCount).toBe(0);
      // The connection is fine afterwards.
      await db.transaction(async (tx) => tx.atCommit('INSERT INTO log VALUES ($1)', [2]));
      expect((await db.query<{ x: number }>('SELECT x FROM log')).rows).toEqual([{ x: 2 }]);
    });

    it('answers statements asked at once each with its own rows, and commits a transaction made only of queued ones', async () => {
      const db = await openWithSchema('at_once');
      await db.exec('CREATE TABLE t (x int PRIMARY KEY)');
      const answers = await db.transaction((tx) => Promise.all([1, 2, 3].map((x) => tx.query<{ x: number }>('INSERT INTO t VALUES ($1) RETURNING x', [x]))));
      expect(answers.map((answer) => answer.rows[0]!.x)).toEqual([1, 2, 3]);
      // One of them failing takes the others with it.
      const failed = await rejection(db.transaction((tx) => Promise.all([4, 1, 5].map((x) => tx.query('INSERT INTO t VALUES ($1)', [x])))));
      expect(isUniqueViolation(failed)).toBe(true);
      await db.transaction(async (tx) => tx.atCommit('INSERT INTO t VALUES ($1)', [6]));
      expect((await db.query<{ x: number }>('SELECT x FROM t ORDER BY x')).rows.map((row) => row.x)).toEqual([1, 2, 3, 6]);
      // The connections are fine afterwards.
      expect((await db.transaction((tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t'))).rows[0]!.n).toBe(4);
    });

    it("answers statements queued for the commit once it succeeded, a transaction of nothing else included, and throws the failing one's own error", async () => {
      const db = await openWithSchema('answered');
      await db.exec("CREATE TABLE t (x int PRIMARY KEY, name text NOT NULL DEFAULT 'new'); CREATE TABLE log (x int NOT NULL)");
      const heard: unknown[] = [];
      // Only queued statements: BEGIN, both and the COMMIT go together.
      await db.transaction(async (tx) => {
        tx.atCommit('INSERT INTO t (x) VALUES ($1) RETURNING x, name', [1], (result) => heard.push(result));
        tx.atCommit('INSERT INTO log SELECT x FROM t WHERE x = $1', [1], (result) => heard.push(result.rowCount));
        tx.atCommit('INSERT INTO log VALUES ($1)', [9]);
        // Nothing was heard before the COMMIT.
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([{ rows: [{ x: 1, name: 'new' }], rowCount: 1 }, 1]);
      // After statements that ran first, in a schema that is not the last one used.
      await (await openWithSchema('answered_other')).query('SELECT 1');
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (x) VALUES ($1)', [2]);
        tx.atCommit('UPDATE t SET name = $2 WHERE x = $1 RETURNING name', [2, 'renamed'], (result) => heard.push(result.rows));
      });
      expect(heard[2]).toEqual([{ name: 'renamed' }]);
      // A failing one fails the transaction with its own error (a duplicate is a 409 to the API), and nobody hears anything.
      const failed = await rejection(
        db.transaction(async (tx) => {
          tx.atCommit('UPDATE t SET x = $1 WHERE x = $2 RETURNING x', [1, 2], (result) => heard.push(result));
          tx.atCommit('INSERT INTO log VALUES ($1)', [3], (result) => heard.push(result));
        }),
      );
      expect(isUniqueViolation(failed)).toBe(true);
      expect(heard).toHaveLength(3);
      expect((await db.query<{ x: number }>('SELECT x FROM log ORDER BY x')).rows).toEqual([{ x: 1 }, { x: 9 }]);
      expect((await db.query<{ x: number; name: string }>('SELECT x, name FROM t ORDER BY x')).rows).toEqual([
        { x: 1, name: 'new' },
        { x: 2, name: 'renamed' },
      ]);
    });

    it('refuses a transaction handle used after the transaction ended', async () => {
      const db = await openWithSchema('stale');
      let kept: Parameters<Parameters<Database['transaction']>[0]>[0] | undefined;
      await db.transaction(async (tx) => {
        kept = tx;
      });
      await expect(kept!.query('SELECT 1')).rejects.toThrow(/closed/i);
    });

    it('refuses the database handle inside its own transaction instead of waiting forever', async () => {
      const db = await openWithSchema('reentry');
      await db.exec('CREATE TABLE t (x int)');
      const err = await rejection(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (1)');
          await db.query('SELECT 1');
        }),
      );
      expect(String(err)).toMatch(/inside one of its own transactions: use the transaction handle/);
      expect((await db.query('SELECT * FROM t')).rowCount).toBe(0);
      // Work started inside a transaction but run after it ended is fine.
      // (Released by the test once the transaction has ended: a fixed number of ticks is not
      // enough for PostgreSQL's COMMIT on a busy machine.)
      let later: Promise<unknown> | undefined;
      let transactionEnded!: () => void;
      const ended = new Promise<void>((resolve) => (transactionEnded = resolve));
      await db.transaction(async () => {
        later = ended.then(() => db.query('SELECT 1'));
      });
      transactionEnded();
      await expect(later).resolves.toMatchObject({ rowCount: 1 });
    });

    it('two concurrent transactions each incrementing a locked counter 50 times end at 100', async () => {
      const a = await openWithSchema('counter');
      const b = await backend().open(a.schema);
      handles.push(b);
      await a.exec('CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL); INSERT INTO counter VALUES (1, 0)');
      // FOR UPDATE is what makes this correct on PostgreSQL; on PGlite only the queueing does.
      const bump = async (db: Database) => {
        for (let i = 0; i < 50; i += 1) {
          await db.transaction(async (tx) => {
            const { rows } = await tx.query<{ n: number }>('SELECT n FROM counter WHERE id = 1 FOR UPDATE');
            await tick();
            await tx.query('UPDATE counter SET n = $1 WHERE id = 1', [rows[0]!.n + 1]);
          });
        }
      };
      await Promise.all([bump(a), bump(b)]);
      expect((await a.query<{ n: number }>('SELECT n FROM counter')).rows).toEqual([{ n: 100 }]);
    });
  });

  describe('schemas', () => {
    it('keeps two services apart: unqualified names resolve in the own schema only', async () => {
      const identity = await openWithSchema('identity');
      const api = await openWithSchema('api');
      expect((await identity.query('SELECT current_schema() AS s')).rows).toEqual([{ s: identity.schema }]);
      await identity.exec("CREATE TABLE items (owner text); INSERT INTO items VALUES ('identity')");
      await api.exec("CREATE TABLE items (owner text); INSERT INTO items VALUES ('api')");
      expect((await identity.query('SELECT owner FROM items')).rows).toEqual([{ owner: 'identity' }]);
      expect((await api.transaction((tx) => tx.query('SELECT owner FROM items'))).rows).toEqual([{ owner: 'api' }]);
      await api.exec('DROP TABLE items');
      const err = await rejection(api.query('SELECT owner FROM items'));
      expect(isPostgresError(err) && err.code).toBe('42P01');
      expect((await identity.query('SELECT owner FROM items')).rowCount).toBe(1);
    });
  });

  describe('migrate', () => {
    const first: Migration[] = [
      { version: 1, name: 'users', up: 'CREATE TABLE users (id int PRIMARY KEY, email text NOT NULL UNIQUE)' },
      {
        version: 2,
        name: 'memberships',
        up: `CREATE TABLE memberships (user_id int NOT NULL REFERENCES users (id), org text NOT NULL);
             CREATE INDEX memberships_org ON memberships (org);`,
      },
    ];
    const history = async (db: Database) => (await db.query<{ version: number; name: string }>(`SELECT version, name FROM "${db.schema}".schema_migrations ORDER BY version`)).rows;

    it('creates the schema, applies pending migrations once, in order, and records them', async () => {
      const db = await open('migrate_once');
      expect((await migrate(db, { schema: db.schema, migrations: first })).applied.map((m) => m.version)).toEqual([1, 2]);
      expect(await history(db)).toEqual([
        { version: 1, name: 'users' },
        { version: 2, name: 'memberships' },
      ]);
      const { rows } = await db.query<{ at: Date }>(`SELECT applied_at AS at FROM "${db.schema}".schema_migrations`);
      expect(rows[0]!.at).toBeInstanceOf(Date);
      // Unqualified names in a migration land in its schema.
      expect((await db.query('SELECT to_regclass($1) AS t', [`${db.schema}.memberships`])).rows[0]!.t).not.toBeNull();

      expect((await migrate(db, { schema: db.schema, migrations: first })).applied).toEqual([]);
      const third = { version: 3, name: 'users_name', up: 'ALTER TABLE users ADD COLUMN name text' };
      expect((await migrate(db, { schema: db.schema, migrations: [...first, third] })).applied).toEqual([third]);
      expect((await history(db)).map((m) => m.version)).toEqual([1, 2, 3]);
    });

    it('refuses an applied migration whose name changed, naming both, before applying anything', async () => {
      const db = await open('migrate_renamed');
      await migrate(db, { schema: db.schema, migrations: first });
      const edited = [first[0]!, { ...first[1]!, name: 'org_memberships' }, { version: 3, name: 'later', up: 'CREATE TABLE later (x int)' }];
      const err = await rejection(migrate(db, { schema: db.schema, migrations: edited }));
      expect(err).toBeInstanceOf(MigrationError);
      expect(String(err)).toMatch(/Migration 2 .* "memberships" .* "org_memberships"/);
      expect((await history(db)).map((m) => m.version)).toEqual([1, 2]);
    });

    it('leaves neither a partial change nor a record when a migration fails', async () => {
      const db = await open('migrate_failing');
      const broken: Migration = { version: 3, name: 'broken', up: 'CREATE TABLE half (x int); INSERT INTO nowhere VALUES (1);' };
      const err = await rejection(migrate(db, { schema: db.schema, migrations: [...first, broken] }));
      expect(err).toBeInstanceOf(MigrationError);
      expect(String(err)).toMatch(/Migration 3 "broken" .* failed: relation "nowhere" does not exist/);
      expect(isPostgresError((err as Error).cause)).toBe(true);
      expect((await history(db)).map((m) => m.version)).toEqual([1, 2]);
      expect((await db.query('SELECT to_regclass($1) AS t', [`${db.schema}.half`])).rows[0]!.t).toBeNull();

      const fixed = { ...broken, up: 'CREATE TABLE half (x int)' };
      expect((await migrate(db, { schema: db.schema, migrations: [...first, fixed] })).applied).toEqual([fixed]);
    });

    it('refuses a pending migration numbered below one already applied, and versions out of order', async () => {
      const db = await open('migrate_order');
      await migrate(db, { schema: db.schema, migrations: [first[0]!, { version: 5, name: 'five', up: 'SELECT 1' }] });
      await expect(migrate(db, { schema: db.schema, migrations: [...first, { version: 5, name: 'five', up: 'SELECT 1' }] })).rejects.toThrow(
        /Migration 2 "memberships" .* is not applied but 5 already is/,
      );
      await expect(migrate(db, { schema: db.schema, migrations: [first[1]!, first[0]!] })).rejects.toThrow(/version 1 \("users"\) must be a whole number above 2/);
      // A newer deployment's migrations unknown to this code are left alone.
      expect((await migrate(db, { schema: db.schema, migrations: [first[0]!] })).applied).toEqual([]);
    });

    it('applies each migration exactly once when two instances migrate at the same time', async () => {
      const a = await open('migrate_race');
      const b = await backend().open(a.schema);
      handles.push(b);
      const [ra, rb] = await Promise.all([migrate(a, { schema: a.schema, migrations: first }), migrate(b, { schema: b.schema, migrations: first })]);
      expect([...ra.applied, ...rb.applied].map((m) => m.version).sort()).toEqual([1, 2]);
      expect((await history(a)).map((m) => m.version)).toEqual([1, 2]);
    });
  });

  describe('error mapping', () => {
    it('recognises unique and foreign-key violations with the constraint name', async () => {
      const db = await open('errors');
      await migrate(db, {
        schema: db.schema,
        migrations: [
          {
            version: 1,
            name: 'users',
            up: `CREATE TABLE users (id int PRIMARY KEY, email text NOT NULL CONSTRAINT users_email_unique UNIQUE);
                 CREATE TABLE memberships (user_id int REFERENCES users (id));`,
          },
        ],
      });
      await db.query('INSERT INTO users VALUES (1, $1)', ['ann@example.org']);

      const duplicate = await rejection(db.transaction((tx) => tx.query('INSERT INTO users VALUES (2, $1)', ['ann@example.org'])));
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(isForeignKeyViolation(duplicate)).toBe(false);
      expect(isUniqueViolation(duplicate) && duplicate.constraint).toBe('users_email_unique');

      const orphan = await rejection(db.query('INSERT INTO memberships VALUES (42)'));
      expect(isForeignKeyViolation(orphan)).toBe(true);
      expect(isUniqueViolation(orphan)).toBe(false);
      expect(isForeignKeyViolation(orphan) && orphan.constraint).toBe('memberships_user_id_fkey');
    });
  });
}
