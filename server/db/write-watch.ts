/**
 * A database handle that signals writes: `changed` is called before and after every statement
 * `isWrite` says may change what a cache holds, and once more when a transaction that made one
 * ends. A reader that started before the write, or that read rows while the write was not yet
 * committed, sees the signal after its read and discards what it read. Caches built on this are
 * only as complete as the handle is: every write must go through it.
 *
 * `changesOnly`: signal only after a write statement that changed rows (and after the commit of
 * a transaction that had one). A change becomes visible when its statement or transaction ends,
 * and the signal follows that, so a reader still discards whatever overlapped it; a poller's
 * UPDATE that claims nothing (a job queue, an outbox) then keeps the cache.
 */
import type { Database, QueryResult, Queryable, Transaction } from './database.js';

export type WritePredicate = (sql: string) => boolean;

/**
 * Any statement but a plain SELECT (with or without a read-only WITH); unsure means yes. An audit
 * event's append (server/audit/chain.ts) changes nothing a cache holds.
 */
export const anyWrite: WritePredicate = (sql) => !(/^\s*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql)) && !/^INSERT INTO audit_inbox /.test(sql);

export interface WatchOptions {
  changesOnly?: boolean;
}

export function watchWrites(db: Database, isWrite: WritePredicate, changed: () => void, options: WatchOptions = {}): Database {
  return new WatchedDatabase(db, isWrite, changed, options.changesOnly ?? false);
}

class WatchedQueryable implements Queryable {
  constructor(
    private readonly inner: Queryable,
    protected readonly isWrite: WritePredicate,
    protected readonly changed: () => void,
    private readonly changesOnly: boolean,
  ) {}

  async query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    if (!this.isWrite(sql)) return this.inner.query<T>(sql, params);
    if (this.changesOnly) {
      const result = await this.inner.query<T>(sql, params);
      if (result.rowCount > 0) this.changed();
      return result;
    }
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

class WatchedTransaction extends WatchedQueryable implements Transaction {
  constructor(
    private readonly tx: Transaction,
    isWrite: WritePredicate,
    changed: () => void,
    changesOnly: boolean,
  ) {
    super(tx, isWrite, changed, changesOnly);
  }

  atCommit(sql: string, params: readonly unknown[], answered?: (result: QueryResult<unknown>) => void): void {
    // The statement runs before the COMMIT, whose end signals (transaction()) if it may change what a cache holds.
    if (this.isWrite(sql)) this.changed();
    this.tx.atCommit(sql, params, answered);
  }
}

class WatchedDatabase extends WatchedQueryable implements Database {
  readonly kind: Database['kind'];
  readonly schema: string;
  readonly ownedSince: Date | undefined;
  /** Listening writes nothing: a watched handle hears what its database says. */
  readonly listen: Database['listen'];

  constructor(
    private readonly db: Database,
    private readonly writes: WritePredicate,
    private readonly onChange: () => void,
    private readonly onlyChanges: boolean,
  ) {
    super(db, writes, onChange, onlyChanges);
    this.kind = db.kind;
    this.schema = db.schema;
    this.ownedSince = db.ownedSince;
    this.listen = db.listen?.bind(db);
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    let wrote = false;
    const changed = () => {
      wrote = true;
      this.onChange();
    };
    try {
      return await this.db.transaction((tx) => fn(new WatchedTransaction(tx, this.writes, changed, this.onlyChanges)));
    } finally {
      // After COMMIT (or ROLLBACK): what a concurrent reader saw before it is now out of date.
      if (wrote) this.onChange();
    }
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
