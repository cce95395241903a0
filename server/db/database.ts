/**
 * The database as the embedded services see it: one small surface over PGlite (in process, no
 * server) and PostgreSQL (a pool), so a service is written once and its tests on PGlite say
 * something about production on PostgreSQL.
 */

export interface QueryResult<T> {
  rows: T[];
  /** Rows returned or changed by the statement; 0 for statements that report none (DDL). */
  rowCount: number;
}

export interface Queryable {
  /**
   * One statement, with `$1`, `$2`… bound from `params`. PGlite refuses several statements
   * here even where PostgreSQL would take them, so keep to one and both backends agree.
   */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** A script of one or more statements without parameters (migrations, fixtures). No BEGIN/COMMIT in it. */
  exec(sql: string): Promise<void>;
}

/** Valid only until the callback given to `transaction` settles. */
export interface Transaction extends Queryable {
  /**
   * Runs `sql` last, right before COMMIT, and on PostgreSQL sends it with the COMMIT: one round
   * trip for both. For a statement whose answer nobody reads (an audit event's append, which a
   * write request would otherwise wait a round trip for). Its failure rolls the transaction back
   * and fails it like any statement's.
   *
   * `answered`, when given, hears the statement's result once the COMMIT has succeeded, before
   * the transaction's promise resolves. A transaction whose statements are all queued here runs
   * whole in one round trip on PostgreSQL (BEGIN, the statements, COMMIT) and one call into the
   * engine on PGlite: a lone write and the audit event that goes with it (api/audit/recorder.ts).
   */
  atCommit(sql: string, params: readonly unknown[], answered?: (result: QueryResult<unknown>) => void): void;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The service's schema: unqualified table names resolve here and only here. */
  readonly schema: string;
  /**
   * PGlite only: when this process took the directory's lock. No other process can use the
   * database, so work claimed before this instant (an outbox row, a track being processed) was
   * claimed by a process that is gone and can be taken back at once rather than after a lease.
   * Undefined on PostgreSQL, where other live instances claim too and only a lease tells.
   * Not optional, so that a wrapper cannot drop it without the compiler saying so.
   */
  readonly ownedSince: Date | undefined;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (and the
   * error rethrown). Use only `tx` inside: calling this handle from within is an error, because
   * on PGlite it would wait for the very transaction it is part of.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Hears `NOTIFY channel` from any session: on PostgreSQL on a connection of its own that is
   * opened again whenever it is lost; on PGlite on the one session every handle of the instance
   * shares, before the notifying statement's caller resumes. `live` says when hearing starts
   * (true) and stops (false): while it is not live, notifications may be missed. Returns how to stop.
   */
  listen?(channel: string, listener: NotificationListener): () => Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
}

export interface NotificationListener {
  notified(payload: string): void;
  live(on: boolean): void;
}

/** Marks the transaction running in the current async context, per connection owner. */
export interface TransactionState {
  open: boolean;
}

export function refuseInsideTransaction(state: TransactionState | undefined, what: string): void {
  if (state?.open) {
    throw new Error(`${what} called on the database inside one of its own transactions: use the transaction handle (on PGlite this would wait for itself forever)`);
  }
}
