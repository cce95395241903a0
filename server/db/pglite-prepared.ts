/**
 * Prepared statements for PGlite, as the PostgreSQL backend has them (postgres.ts statement()).
 * PGlite's query() parses, describes and plans a statement on every call, in five calls into
 * the engine; planning alone took 0.3 ms of a permission list's 0.45 ms. Here each of the
 * application's parameterised statements is parsed and described once per schema, under a name,
 * and then only bound and executed: PostgreSQL's plan cache does the rest (custom plans for the
 * first calls, then a generic one where it costs no more, re-planned after a schema change).
 *
 * The protocol messages are PGlite's own (`protocol.serialize`), run under its query lock so no
 * other caller's messages interleave, and the answer is read by its own result parser with the
 * statement's row description in front, exactly as query() reads one.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { QueryResult } from './database.js';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement a transaction queued to run with its COMMIT (Transaction.atCommit). */
export interface QueuedStatement {
  sql: string;
  params: readonly unknown[];
  answered?: (result: QueryResult<unknown>) => void;
}

interface Prepared {
  name: string;
  /** The type of each parameter, as the server inferred it: picks each value's serializer. */
  types: number[];
  /** Absent for a statement that returns no rows. */
  rowDescription?: BackendMessage;
}

/** Statements worth keeping; others (migrations, scripts, DDL) go to query() as they are. */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
/** The application's statements are a bounded set; past this, statements run unprepared. */
const MAX_PREPARED = 2_000;
/** PostgreSQL's answer when a table changed under a prepared statement so its rows would differ. */
const RESULT_TYPE_CHANGED = '0A000';

const { serialize } = protocol;

export class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private named = 0;

  constructor(private readonly pg: PGlite) {}

  /**
   * Runs `sql` with `params` in `schema` (the search_path the caller has set), inside the open
   * transaction (pglite.ts) or on its own. A statement not worth keeping runs unnamed in a
   * transaction, and through PGlite's query() on its own.
   */
  async query<T>(schema: string, sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Results<T>> {
    const key = `${schema}\n${sql}`;
    if (!this.keeps(key, sql, params)) return inTransaction ? this.once<T>(sql, params) : this.pg.query<T>(sql, [...params]);
    const attempt = () =>
      this.pg.runExclusive(async () => {
        const statement = this.prepared.get(key) ?? (await this.prepare(key, sql));
        try {
          return await this.execute<T>(statement, params);
        } catch (err) {
          // Prepared again on the next call: the table's new shape is the one to describe.
          if ((err as { code?: string }).code === RESULT_TYPE_CHANGED) await this.forget(key, statement);
          throw err;
        }
      });
    if (inTransaction) return attempt();
    // Outside a transaction nothing was done yet: the statement runs again, described afresh.
    const result = await attempt().catch((err: unknown) => {
      if ((err as { code?: string }).code !== RESULT_TYPE_CHANGED) throw err;
      return attempt();
    });
    // What PGlite's query() does after a statement outside a transaction.
    await this.pg.syncToFs();
    return result;
  }

  /**
   * Statements in the simple protocol (BEGIN, ROLLBACK, a script), in one call into the engine:
   * PGlite's exec() adds a Sync the simple protocol has no use for, a second call.
   */
  async simple(sql: string): Promise<Results[]> {
    return parse.parseResults(await this.pg.runExclusive(() => this.run(serialize.query(sql))), this.pg.parsers);
  }

  /**
   * Runs the statements a transaction queued to run last, then COMMIT, in one call into the
   * engine — after `opening` (BEGIN, when the transaction ran nothing before) — and answers each
   * statement's result. A statement that fails skips to the Sync; the COMMIT then finds the
   * transaction failed and rolls it back, and the statement's failure is thrown, so the
   * transaction is over either way.
   */
  async commit(schema: string, last: readonly QueuedStatement[], opening?: string): Promise<Results[]> {
    const keys = last.map(({ sql }) => `${schema}\n${sql}`);
    // A statement not kept prepared has to be described first: those run one by one, in order.
    const merged = last.every(({ sql, params }, i) => this.keeps(keys[i]!, sql, params));
    const answers: Results[] = [];
    // A statement is described in the schema the opening sets: one not prepared yet waits for it.
    if (opening && (!merged || keys.some((key) => !this.prepared.has(key)))) {
      await this.simple(opening);
      opening = undefined;
    }
    if (!merged) for (const { sql, params } of last) answers.push(await this.query(schema, sql, params, true));
    return this.pg.runExclusive(async () => {
      const parts: Uint8Array[] = merged && opening ? [serialize.query(opening)] : [];
      const statements: Prepared[] = [];
      for (const [i, { sql, params }] of merged ? last.entries() : []) {
        const statement = this.prepared.get(keys[i]!) ?? (await this.prepare(keys[i]!, sql));
        statements.push(statement);
        parts.push(serialize.bind({ statement: statement.name, values: this.values(statement, params) }), serialize.execute({}));
      }
      if (statements.length > 0) parts.push(serialize.sync());
      const messages = await this.run(concat(...parts, serialize.query('COMMIT')));
      const results = parse.parseResults(withRowDescriptions(messages, statements), this.pg.parsers);
      // The COMMIT of a transaction that an earlier failure had ended (its caller caught it and went on).
      if (results[results.length - 1]!.command === 'ROLLBACK') throw new Error('the transaction was rolled back: a statement in it had failed');
      // The opening's results come first, the COMMIT's last.
      return merged ? results.slice(results.length - 1 - statements.length, results.length - 1) : answers;
    });
  }

  /** Whether `sql` is kept prepared: parameterised statements of the application, up to a bound. */
  private keeps(key: string, sql: string, params: readonly unknown[]): boolean {
    return this.prepared.has(key) || (params.length > 0 && PREPARABLE.test(sql) && this.prepared.size < MAX_PREPARED);
  }

  /** A statement run once in a transaction, described under no name (the next one replaces it). */
  private once<T>(sql: string, params: readonly unknown[]): Promise<Results<T>> {
    return this.pg.runExclusive(async () => this.execute<T>(await this.describe('', sql), params));
  }

  private async prepare(key: string, sql: string): Promise<Prepared> {
    const statement = await this.describe(`sw_${(this.named += 1)}`, sql);
    this.prepared.set(key, statement);
    return statement;
  }

  /** Parses and describes `sql` under `name`: its parameters' types and its rows' description. */
  private async describe(name: string, sql: string): Promise<Prepared> {
    let described: BackendMessage[];
    try {
      await this.run(serialize.parse({ name, text: sql }));
      described = await this.run(serialize.describe({ type: 'S', name }));
    } finally {
      await this.run(serialize.sync());
    }
    return {
      name,
      types: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
  }

  /** Each parameter as text, by the serializer of the type the server inferred for it. */
  private values(statement: Prepared, params: readonly unknown[]) {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[statement.types[i]!];
      return serializer ? serializer(value) : String(value);
    });
  }

  private async execute<T>(statement: Prepared, params: readonly unknown[]): Promise<Results<T>> {
    const values = this.values(statement, params);
    // One call into the engine for the three messages, not one each: a third less per statement.
    // An error skips to the Sync, which is in the same call, so the session is ready either way.
    const messages = await this.run(concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()));
    const answered = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(answered, this.pg.parsers)[0] as Results<T>;
  }

  private async forget(key: string, statement: Prepared): Promise<void> {
    this.prepared.delete(key);
    try {
      await this.run(serialize.close({ type: 'S', name: statement.name }));
    } finally {
      await this.run(serialize.sync());
    }
  }

  private run(message: Uint8Array): Promise<BackendMessage[]> {
    return this.pg.execProtocolStream(message, { syncToFs: false });
  }
}

/**
 * The answer of bound statements with each one's row description put in front of its rows, as
 * the result parser reads them (the statements were described once, when they were prepared).
 */
function withRowDescriptions(messages: BackendMessage[], statements: readonly Prepared[]): BackendMessage[] {
  if (!statements.some((statement) => statement.rowDescription)) return messages;
  const spliced: BackendMessage[] = [];
  let bound = 0;
  for (const message of messages) {
    spliced.push(message);
    if (message.name !== 'bindComplete') continue;
    const description = statements[bound++]?.rowDescription;
    if (description) spliced.push(description);
  }
  return spliced;
}

/** Protocol messages as one buffer, which PGlite reads through in one call. */
function concat(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
