/**
 * A database handle that signals writes: `changed` is called before and after every statement
 * `isWrite` says may change what a cache holds, and once more when a transaction that made one
 * ends. A reader that started before the write, or that read rows while the write was not yet
 * committed, sees the signal after its read and discards what it read. Caches built on this are
 * only as complete as the handle is: every write must go through it.
 */
import type { Database, QueryResult, Queryable, Transaction } from './database.js';

export type WritePredicate = (sql: string) => boolean;

/** Any statement but a plain SELECT; unsure means yes. */
export const anyWrite: WritePredicate = (sql) => !(/^\s*SELECT\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql));

export function watchWrites(db: Database, isWrite: WritePredicate, changed: () => void): Database {
  return new WatchedDatabase(db, isWrite, changed);
}

class WatchedQueryable implements Queryable {
  constructor(
    private readonly inner: Queryable,
    private readonly isWrite: WritePredicate,
    private readonly changed: () => void,
  ) {}

  async query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    if (!this.isWrite(sql)) return this.inner.query<T>(sql, params);
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
    private readonly writes: WritePredicate,
    private readonly onChange: () => void,
  ) {
    super(db, writes, onChange);
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
      return await this.db.transaction((tx) => fn(new WatchedQueryable(tx, this.writes, changed)));
    } finally {
      // After COMMIT (or ROLLBACK): what a concurrent reader saw before it is now out of date.
      if (wrote) this.onChange();
    }
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
