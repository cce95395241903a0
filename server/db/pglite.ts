/**
 * PGlite backend. PGlite is Postgres compiled to WebAssembly with exactly one connection, and
 * only one process may have its directory open (directory-lock.ts enforces that). Both embedded
 * services run in one process and must therefore share one instance: it is kept per directory
 * and reference-counted, and is really closed when the last handle closes.
 *
 * Each service still lives in its own schema, as it does on PostgreSQL. With one connection
 * shared by several schemas the session's search_path is whichever service set it last, so every
 * operation of every handle runs through one queue per instance that knows the session's path:
 * a single query sets it (session-wide) only when the previous operation was another service's,
 * and otherwise goes straight to PGlite — a wrapping transaction with SET LOCAL costs a third of
 * a small query here, and a screen's read is a few small queries. Transactions and scripts still
 * set the path with SET LOCAL inside their own transaction, so it cannot leak, and a script
 * (which may SET anything) makes the next query set the path again. The cost of this choice:
 * statements that refuse to run inside a transaction block (VACUUM, CREATE DATABASE…) can only
 * be sent as single queries.
 *
 * With no autovacuum daemon, planner statistics are kept here (pglite-statistics.ts): every
 * handle reports the rows its statements wrote, and VACUUM (ANALYZE) runs when enough have changed.
 *
 * LISTEN works here too (`listen`): the session is shared, so a notification any handle's
 * statement raises (a change trigger, change-triggers.ts) reaches every handle listening.
 *
 * The queue also means transactions from different services never interleave; calling the
 * handle from inside its own transaction would wait on the queue forever, hence the
 * AsyncLocalStorage guard.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite, type Results } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDirectory } from './directory-lock.js';
import { PreparedStatements, type QueuedStatement } from './pglite-prepared.js';
import { keepStatistics, type StatisticsKeeper } from './pglite-statistics.js';
import { refuseInsideTransaction, type Database, type NotificationListener, type QueryResult, type Transaction, type TransactionState } from './database.js';
import { quoteIdentifier } from './schema-name.js';
import { BYTEA_OID, DATE_OID, INT8_OID, parseBytea, parseDate, parseInt8, serializeBytea } from './type-parsers.js';

interface SharedInstance {
  refs: number;
  ready: Promise<{ pg: PGlite; prepared: PreparedStatements; unlock: () => Promise<void>; lockedAt: Date }>;
  transactions: AsyncLocalStorage<TransactionState>;
  /** The end of the queue every operation of every handle waits its turn behind. */
  tail: Promise<unknown>;
  /** The schema the session's search_path names, when known. */
  searchPath?: string;
  statistics: StatisticsKeeper;
}

const instances = new Map<string, SharedInstance>();
/** A directory whose last handle is closing must not be opened again until it has closed. */
const closing = new Map<string, Promise<void>>();

/**
 * V8 runs WebAssembly first as Liftoff code and recompiles hot functions with TurboFan in the
 * background; for PGlite those recompilations leave about 50 MB resident (optimised code and the
 * compilers' memory, which the allocator keeps). Liftoff alone makes an application's short
 * queries no slower (no compile work competes with them) and long scans about a quarter slower,
 * a fair price for an embedded database that PostgreSQL replaces in earnest. The tiers are fixed
 * per module when it is compiled, so the flag is on only while PGlite compiles its own.
 */
async function createLiftoffOnly(...args: Parameters<typeof PGlite.create>): Promise<PGlite> {
  v8.setFlagsFromString('--liftoff-only');
  try {
    return await PGlite.create(...args);
  } finally {
    v8.setFlagsFromString('--no-liftoff-only');
  }
}

async function start(directory: string): Promise<{ pg: PGlite; prepared: PreparedStatements; unlock: () => Promise<void>; lockedAt: Date }> {
  await closing.get(directory)?.catch(() => undefined);
  await mkdir(path.dirname(directory), { recursive: true });
  const unlock = await lockDirectory(directory);
  const lockedAt = new Date();
  try {
    await mkdir(directory, { recursive: true });
    const pg = await createLiftoffOnly(directory, {
      parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate, [BYTEA_OID]: parseBytea },
      serializers: { [BYTEA_OID]: serializeBytea },
      // pg_trgm: the trigram indexes of name queries (installed by a migration, loaded here).
      extensions: { pg_trgm },
      // PGlite's WebAssembly memory only grows, so every buffer ever touched stays resident: the
      // default 128 MB shared_buffers ends up as RSS once the demo data has been written. The
      // files sit in the OS page cache anyway, so a small pool costs reads little.
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'],
    });
    return { pg, prepared: new PreparedStatements(pg), unlock, lockedAt };
  } catch (err) {
    await unlock();
    throw err;
  }
}

function release(directory: string, shared: SharedInstance): Promise<void> {
  shared.refs -= 1;
  if (shared.refs > 0 || instances.get(directory) !== shared) return Promise.resolve();
  instances.delete(directory);
  const done = shared.ready.then(
    async ({ pg, unlock }) => {
      try {
        await shared.statistics.stop();
        await pg.close();
      } finally {
        await unlock();
      }
    },
    () => undefined, // never started: nothing to close, and the opener already got the error
  );
  closing.set(directory, done);
  const forget = () => {
    if (closing.get(directory) === done) closing.delete(directory);
  };
  done.then(forget, forget);
  return done;
}

function toResult<T>(result: Results<T>): QueryResult<T> {
  return { rows: result.rows, rowCount: result.rowCount ?? 0 };
}

/** Rows the statements changed (not those a SELECT read), for the statistics keeper: PGlite counts them on from one result to the next. */
function written(results: { affectedRows?: number } | { affectedRows?: number }[]): number {
  return (Array.isArray(results) ? results[results.length - 1] : results)?.affectedRows ?? 0;
}

/**
 * VACUUM (ANALYZE) of every table (both services' schemas), answering how many rows they hold.
 * The VACUUM is what autovacuum does to a table that only grew as well (PostgreSQL 13 on): it
 * marks the pages all-visible, without which an index-only scan visits the table for every index
 * entry (the name query by name reads the name index alone); it also frees the room of
 * updated and deleted rows, which nothing else here would. Only pages changed since the last run
 * are visited.
 */
async function analyzeAll(pg: PGlite): Promise<number> {
  await pg.exec('VACUUM (ANALYZE)');
  const r = await pg.query<{ rows: number }>(
    `SELECT coalesce(sum(greatest(c.reltuples, 0)), 0)::float8 AS rows FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')`,
  );
  return r.rows[0]?.rows ?? 0;
}

export async function openPGlite(directory: string, schema: string): Promise<Database> {
  const key = path.resolve(directory);
  let shared = instances.get(key);
  if (!shared) {
    const ready = start(key);
    shared = {
      refs: 0,
      ready,
      transactions: new AsyncLocalStorage(),
      tail: Promise.resolve(),
      statistics: keepStatistics(async () => analyzeAll((await ready).pg)),
    };
    instances.set(key, shared);
  }
  shared.refs += 1;
  const instance = shared;
  let pg: PGlite;
  let prepared: PreparedStatements;
  let lockedAt: Date;
  try {
    ({ pg, prepared, lockedAt } = await instance.ready);
  } catch (err) {
    await release(key, instance);
    throw err;
  }

  const quoted = quoteIdentifier(schema);
  let closed = false;
  const usable = (what: string) => {
    if (closed) throw new Error(`${what} called on a closed database handle (${schema})`);
    refuseInsideTransaction(instance.transactions.getStore(), what);
  };
  // PGlite runs on promises alone: a busy queue would drain without ever returning to the
  // event loop, starving sockets (requests waiting to be read or answered). Yield once per
  // operation so I/O interleaves with the queue.
  const inTurn = <T>(operation: () => Promise<T>): Promise<T> => {
    const turn = instance.tail.then(async () => {
      try {
        return await operation();
      } finally {
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    instance.tail = turn.catch(() => undefined);
    return turn;
  };
  /**
   * A transaction in the schema, in as few calls into the engine as its statements allow: BEGIN
   * (and the schema's search_path, SET LOCAL) with the first statement's call, each statement in
   * one, and what was queued to run last (atCommit) together with the COMMIT in one; a transaction
   * of queued statements only is one call. PGlite's own transaction() makes two calls of each
   * BEGIN and COMMIT. Its lock is held throughout, so nothing that bypasses the queue (the
   * statistics keeper's VACUUM) runs inside, and BEGIN can wait for the first statement.
   */
  const inSchemaTransaction = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
    pg._runExclusiveTransaction(async () => {
      const state: TransactionState = { open: true };
      const last: QueuedStatement[] = [];
      const opening = instance.searchPath === schema ? 'BEGIN' : `BEGIN; SET LOCAL search_path TO ${quoted}`;
      // One promise for all: statements asked at once still run in the order they were asked.
      let begun: Promise<unknown> | undefined;
      const begin = () => (begun ??= prepared.simple(opening));
      const live = () => {
        if (!state.open) throw new Error('Transaction is closed');
      };
      const handle: Transaction = {
        async query<R>(sql: string, params: readonly unknown[] = []) {
          live();
          await begin();
          const result = await prepared.query<R>(schema, sql, params, true);
          instance.statistics.wrote(written(result));
          return toResult(result);
        },
        async exec(sql: string) {
          live();
          await begin();
          instance.statistics.wrote(written(await prepared.simple(sql)));
        },
        atCommit(sql: string, params: readonly unknown[], answered?: (result: QueryResult<unknown>) => void) {
          live();
          last.push({ sql, params, answered });
        },
      };
      try {
        const result = await instance.transactions.run(state, () => fn(handle));
        // A transaction that ran nothing sends nothing.
        if (begun || last.length > 0) {
          const answers = await prepared.commit(schema, last, begun ? undefined : opening);
          instance.statistics.wrote(written(answers));
          last.forEach(({ answered }, i) => answered?.(toResult(answers[i]!)));
        }
        return result;
      } catch (err) {
        // Still open when the failure was not the COMMIT's own (a statement, or the caller).
        if (pg.isInTransaction()) await prepared.simple('ROLLBACK');
        throw err;
      } finally {
        state.open = false;
      }
    });

  return {
    kind: 'pglite',
    schema,
    ownedSince: lockedAt,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      usable('query()');
      return inTurn(async () => {
        if (instance.searchPath !== schema) {
          instance.searchPath = undefined;
          await pg.exec(`SET search_path TO ${quoted}`);
          instance.searchPath = schema;
        }
        const result = await prepared.query<T>(schema, sql, params, false);
        instance.statistics.wrote(written(result));
        return toResult(result);
      });
    },
    async exec(sql: string) {
      usable('exec()');
      await inTurn(async () => {
        try {
          await inSchemaTransaction((tx) => tx.exec(sql));
        } finally {
          // A script may set anything, the search_path included.
          instance.searchPath = undefined;
        }
      });
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      usable('transaction()');
      return inTurn(() => inSchemaTransaction(fn));
    },
    listen(channel: string, listener: NotificationListener) {
      // PGlite delivers a notification while it reads the answer to the statement (or COMMIT)
      // that made it, before that statement's caller resumes: a writer through any handle of
      // the instance has been heard by the time its write returns.
      const heard = (payload: string) => listener.notified(payload);
      let stopped = false;
      const listening = inTurn(() => pg.listen(quoteIdentifier(channel), heard)).then(
        (unlisten) => {
          if (!stopped) listener.live(true);
          return unlisten;
        },
        () => undefined,
      );
      return async () => {
        if (stopped) return;
        stopped = true;
        listener.live(false);
        const unlisten = await listening;
        if (unlisten && !closed) await inTurn(() => unlisten());
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await release(key, instance);
    },
  };
}
