/**
 * The identity database as the service's handlers see it: the same handle, plus a signal on every
 * statement that may change what `/sessions/whoami` answers. The whoami cache trusts its entries
 * only while no such write has happened since they were read, so a logout, a revocation or a
 * settings change is visible to the very next request of this process.
 */
import type { Database, QueryResult, Queryable, Transaction } from '../../db/database.js';

/** Tables a whoami answer is built from (store/sessions.ts, findSessionWithIdentity). */
const WHOAMI_TABLES = /\b(sessions|identities|verifiable_addresses|recovery_addresses|credentials)\b/i;
/**
 * A new identity or a new session changes no answer already given: every other statement on
 * those tables might (sign-in and registration insert one of these, so they keep the cache).
 */
const INSERT_OF_NEW_ROW = /^\s*INSERT\s+INTO\s+(sessions|identities)\s*\(/i;

/** Whether a statement may change a whoami answer; unsure means yes. */
export function changesWhoami(sql: string): boolean {
  if (/^\s*SELECT\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql)) return false;
  if (!WHOAMI_TABLES.test(sql)) return false;
  return !(INSERT_OF_NEW_ROW.test(sql) && !/\bON\s+CONFLICT\b/i.test(sql));
}

/**
 * Calls `changed` before and after every statement that `changesWhoami`, and once more when
 * a transaction that made one ends: a reader that started before the write, or that read the
 * rows while it was not yet committed, sees the signal after its read and discards what it read.
 */
export function watchWhoamiWrites(db: Database, changed: () => void): Database {
  return new WatchedDatabase(db, changed);
}

class WatchedQueryable implements Queryable {
  constructor(
    private readonly inner: Queryable,
    private readonly changed: () => void,
  ) {}

  async query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    if (!changesWhoami(sql)) return this.inner.query<T>(sql, params);
    this.changed();
    try {
      return await this.inner.query<T>(sql, params);
    } finally {
      this.changed();
    }
  }

  async exec(sql: string): Promise<void> {
    this.changed();
    try {
      await this.inner.exec(sql);
    } finally {
      this.changed();
    }
  }
}

class WatchedDatabase extends WatchedQueryable implements Database {
  readonly kind: Database['kind'];
  readonly schema: string;
  readonly ownedSince: Date | undefined;

  constructor(
    private readonly db: Database,
    private readonly onChange: () => void,
  ) {
    super(db, onChange);
    this.kind = db.kind;
    this.schema = db.schema;
    this.ownedSince = db.ownedSince;
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    let wrote = false;
    const changed = () => {
      wrote = true;
      this.onChange();
    };
    try {
      return await this.db.transaction((tx) => fn(new WatchedQueryable(tx, changed)));
    } finally {
      // After COMMIT (or ROLLBACK): what a concurrent reader saw before it is now out of date.
      if (wrote) this.onChange();
    }
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
