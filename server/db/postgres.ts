/**
 * PostgreSQL backend: one node-postgres pool per service. The service's schema is fixed for
 * every connection at startup (`options: -c search_path=…`), so no statement can run against
 * another schema by accident and no per-query SET is needed. A schema that does not exist yet
 * is allowed there; migrate() creates it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { refuseInsideTransaction, type Database, type NotificationListener, type QueryResult, type Transaction, type TransactionState } from './database.js';
import { quoteIdentifier } from './schema-name.js';
import { DATE_ARRAY_OID, DATE_OID, INT8_ARRAY_OID, INT8_OID, parseDate, parseInt8 } from './type-parsers.js';

const TEXT_ARRAY_OID = 1009;

function arrayOf<T>(parse: (text: string) => T): (text: string) => unknown {
  const parseTextArray = (pg.types.getTypeParser as (oid: number) => (text: string) => unknown)(TEXT_ARRAY_OID);
  const map = (value: unknown): unknown => (Array.isArray(value) ? value.map(map) : typeof value === 'string' ? parse(value) : value);
  return (text) => map(parseTextArray(text));
}

const OWN_PARSERS = new Map<number, (text: string) => unknown>([
  [INT8_OID, parseInt8],
  [INT8_ARRAY_OID, arrayOf(parseInt8)],
  [DATE_OID, parseDate],
  [DATE_ARRAY_OID, arrayOf(parseDate)],
]);

// Per pool rather than pg.types.setTypeParser, which would change every pg user in the process.
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && OWN_PARSERS.has(oid) ? OWN_PARSERS.get(oid) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
const statementNames = new Map<string, string>();

/**
 * A parameterised statement is prepared once per connection, under a name derived from its text,
 * so PostgreSQL parses and plans each of the application's statements once per connection rather
 * than on every call (the plan cache still re-plans after a schema change, and chooses between
 * a generic and a per-call plan as for any prepared statement). Statements without parameters are
 * mostly one-offs (migrations, scripts) and are sent as they are.
 */
function statement(sql: string, params: readonly unknown[]): pg.QueryConfig {
  if (params.length === 0 || !PREPARABLE.test(sql)) return { text: sql, values: [...params] };
  let name = statementNames.get(sql);
  if (!name) {
    name = `sw_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    // The application's statements are a bounded set; anything beyond is prepared, just not remembered here.
    if (statementNames.size < 10_000) statementNames.set(sql, name);
  }
  return { name, text: sql, values: [...params] };
}

type PipelinedClient = pg.PoolClient & { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } };

/**
 * Sends `configs` in one write on a pipelining connection, each with its own Sync, and waits for
 * every answer: one round trip for all. The first failure is thrown once all have answered.
 */
async function inOneWrite(client: PipelinedClient, configs: readonly (pg.QueryConfig | string)[]): Promise<pg.QueryResult[]> {
  const { stream } = client.connection;
  stream.cork();
  let sent: Promise<pg.QueryResult>[];
  try {
    sent = configs.map((config) => client.query(config));
  } finally {
    stream.uncork();
  }
  const answers = await Promise.allSettled(sent);
  const failed = answers.find((answer): answer is PromiseRejectedResult => answer.status === 'rejected');
  if (failed) throw failed.reason;
  return answers.map((answer) => (answer as PromiseFulfilledResult<pg.QueryResult>).value);
}

function toResult<T>(result: pg.QueryResult): QueryResult<T> {
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
}

/** The first wait before opening a lost listening connection again; it doubles up to the second. */
const RELISTEN_MS = [500, 30_000] as const;

/**
 * How often the listening connection notifies itself, and how long it may go without hearing
 * itself before it counts as lost. A heartbeat heard proves the connection alive and, since
 * PostgreSQL delivers notifications in commit order, that every change committed before it was
 * sent has been heard: a connection that dies silently (a cut network, a frozen server) is
 * noticed within `lostAfterMs`, which bounds how long a missed change can go unheard.
 */
export const HEARTBEAT = { everyMs: 1_000, lostAfterMs: 3_000 } as const;

/** A payload no schema can be named (schema names have no spaces): never taken for a change. */
const HEARTBEAT_PAYLOAD_PREFIX = 'sitewave heartbeat ';

export interface PostgresOptions {
  /** Errors of idle pooled connections (server restart, network): the pool drops them and reconnects. */
  onError?: (err: Error) => void;
  /** The listening connection's heartbeat (HEARTBEAT); shorter in tests. */
  heartbeat?: { everyMs: number; lostAfterMs: number };
}

export function openPostgres(databaseUrl: string, schema: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    options: `-c search_path=${schema}`,
    application_name: `sitewave-${schema}`,
    types,
  });
  // Without a listener an idle connection's error would crash the process.
  pool.on('error', (err) => options.onError?.(err));

  const transactions = new AsyncLocalStorage<TransactionState>();
  let closed = false;
  const usable = (what: string) => {
    if (closed) throw new Error(`${what} called on a closed database handle (${schema})`);
    refuseInsideTransaction(transactions.getStore(), what);
  };

  return {
    kind: 'postgres',
    schema,
    ownedSince: undefined,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      usable('query()');
      return toResult<T>(await pool.query(statement(sql, params)));
    },
    async exec(sql: string) {
      usable('exec()');
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      usable('transaction()');
      const client = await pool.connect();
      let broken: Error | undefined;
      // A checked-out connection has no pool listener: the server going away between two
      // statements (a restart, a network cut) would otherwise be an uncaught error that ends
      // the process. Remembered, it fails the next statement and the connection is discarded.
      const onError = (err: Error) => {
        broken = err;
        options.onError?.(err);
      };
      client.on('error', onError);
      const state: TransactionState = { open: true };
      const live = () => {
        if (!state.open) throw new Error('Transaction is closed');
      };
      const last: pg.QueryConfig[] = [];
      /** Who hears each of `last`'s results (Transaction.atCommit). */
      const heard: (((result: QueryResult<unknown>) => void) | undefined)[] = [];
      // Pipelining for the whole transaction: each statement goes out as it is asked, answers come
      // back in order, and BEGIN and COMMIT can share a write with the statements next to them.
      const pipelining = client as PipelinedClient;
      pipelining.pipeline = true;
      // BEGIN goes out with the first statement, in one write: one round trip fewer per
      // transaction. It fails only when the connection does, and then so does what follows it.
      let begun = false;
      const send = (config: pg.QueryConfig | string): Promise<pg.QueryResult> => {
        if (begun) return client.query(config);
        begun = true;
        return inOneWrite(pipelining, ['BEGIN', config]).then((answers) => answers[1]!);
      };
      const tx: Transaction = {
        async query<R>(sql: string, params: readonly unknown[] = []) {
          live();
          return toResult<R>(await send(statement(sql, params)));
        },
        async exec(sql: string) {
          live();
          await send(sql);
        },
        atCommit(sql: string, params: readonly unknown[], answered?: (result: QueryResult<unknown>) => void) {
          live();
          last.push(statement(sql, params));
          heard.push(answered);
        },
      };
      try {
        const result = await transactions.run(state, () => fn(tx));
        // What was queued to run last goes with the COMMIT, in one write; a transaction that ran
        // nothing sends nothing. When one of them fails, the server answers the COMMIT with a
        // ROLLBACK, and the failure is thrown like any statement's.
        if (begun || last.length > 0) {
          const opening = begun ? [] : ['BEGIN'];
          begun = true;
          const answers = await inOneWrite(pipelining, [...opening, ...last, 'COMMIT']);
          // The COMMIT of a transaction that an earlier failure had ended (its caller caught it and went on).
          if (answers[answers.length - 1]!.command === 'ROLLBACK') throw new Error('the transaction was rolled back: a statement in it had failed');
          heard.forEach((answered, i) => answered?.(toResult(answers[opening.length + i]!)));
        }
        return result;
      } catch (err) {
        if (begun) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
        }
        throw err;
      } finally {
        state.open = false;
        pipelining.pipeline = false;
        client.off('error', onError);
        // A connection whose ROLLBACK failed may still be inside the transaction: discard it.
        client.release(broken ?? false);
      }
    },
    listen(channel: string, listener: NotificationListener) {
      return listenOn(databaseUrl, schema, channel, listener, options);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * A connection outside the pool (a pooled one would be handed to other work between
 * statements). `live(true)` once LISTEN holds; `live(false)` when the connection ends, fails or
 * stops hearing its own heartbeat, and it is opened again.
 */
function listenOn(databaseUrl: string, schema: string, channel: string, listener: NotificationListener, options: PostgresOptions): () => Promise<void> {
  const heartbeat = options.heartbeat ?? HEARTBEAT;
  const ownPayload = `${HEARTBEAT_PAYLOAD_PREFIX}${randomUUID()}`;
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let beating: NodeJS.Timeout | undefined;
  let heardAt = 0;
  let sending = false;
  let waitMs: number = RELISTEN_MS[0];

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    clearInterval(beating);
    listener.live(false);
    client.end().catch(() => undefined);
    if (stopped) return;
    retry = setTimeout(() => void open(), waitMs);
    waitMs = Math.min(waitMs * 2, RELISTEN_MS[1]);
  };
  const beat = (client: pg.Client) => {
    if (Date.now() - heardAt > heartbeat.lostAfterMs) {
      options.onError?.(new Error(`the connection listening for changes of ${schema} has not heard itself for ${heartbeat.lostAfterMs} ms`));
      lost(client);
      return;
    }
    // One at a time: on a connection gone silent they would queue. A failure surfaces as the
    // silence above, or as the client's error event.
    if (sending) return;
    sending = true;
    client
      .query('SELECT pg_notify($1, $2)', [channel, ownPayload])
      .catch(() => undefined)
      .finally(() => (sending = false));
  };
  const open = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: `sitewave-${schema}-changes`, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload === ownPayload) heardAt = Date.now();
      // Other instances' heartbeats name no schema either: nobody's change.
      else if (!payload.startsWith(HEARTBEAT_PAYLOAD_PREFIX)) listener.notified(payload);
    });
    client.on('error', (err) => {
      options.onError?.(err);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (err) {
      options.onError?.(err as Error);
      lost(client);
      return;
    }
    if (current !== client) return;
    waitMs = RELISTEN_MS[0];
    heardAt = Date.now();
    sending = false;
    beating = setInterval(() => beat(client), heartbeat.everyMs);
    beating.unref();
    listener.live(true);
  };
  void open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(beating);
    const client = current;
    current = undefined;
    if (client) {
      listener.live(false);
      await client.end().catch(() => undefined);
    }
  };
}
