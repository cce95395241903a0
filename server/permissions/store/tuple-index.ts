/**
 * Every relationship, in memory, kept in step with the table on every instance: a check never
 * asked before reads no row from the database, whichever objects it visits, and no write ends
 * what is known (it is applied instead). Where the table holds more than `mostTuples`, or while
 * the index is loading or changes are not heard, checks read through `fallback` (kept-rows.ts)
 * as before.
 *
 * In step: every change to the table, whoever makes it, is a row of relation_tuple_changes
 * written by the table's triggers in the changing transaction (migration 7). When the change
 * signal (until-next-write.ts: this service's own writes at once, others through the change
 * triggers) says something changed, the next check first reads the changes it has not applied,
 * in one statement shared by every check waiting, then answers. A change row's seq is handed out
 * before its transaction commits, so a lower one may become visible after a higher one: the
 * index reads again every change of a transaction at or past the oldest one still running when
 * it last read (the snapshot's xmin), skipping those it applied. Applying is idempotent (a set of
 * tuples), and two transactions writing one tuple commit in the order of their changes.
 *
 * Loading reads the table a page at a time, each page a statement, so checks and writes go on
 * meanwhile; the changes since just before the first page are then applied, which brings every
 * tuple read in whatever page to where it is now. Changes are trimmed after an hour
 * (change-trimming.ts); an index that had not read a trimmed change loads the table again.
 *
 * An index of some namespaces only (`namespaces`) loads and applies those alone: the API keeps
 * sitewave's own roles in memory without a second copy of every project's relationships.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { quoteIdentifier } from '../../db/schema-name.js';
import type { UntilNextWrite } from '../../db/until-next-write.js';
import type { Subject, SubjectSet } from '../tuple.js';
import { holds, hopsFrom, NOTHING, setKeysOf, subjectSetOf, subjectText, withoutSubject, withSubject, type Held } from './held.js';
import { KEY_COLUMNS, relationKey, type Hop, type HopRequest, type HopSource, type TupleRow } from './tuple-store.js';

/** The most relationships kept in memory (about 100 bytes each): past it, checks read the database. */
export const MOST_INDEXED_TUPLES = 2_000_000;
/** Rows a page of the load reads: a short statement, so others go on between pages. */
const PAGE = 5_000;

interface ChangeRow extends TupleRow {
  xmin: string;
  trimmed_through: string;
  seq: string | null;
  xid: string;
  inserted: boolean;
  reset: boolean;
}

/** Where the index stands in the changes: every change of a transaction below `xmin` applied, and those of `seen` at or past it. */
interface Cursor {
  xmin: bigint;
  seen: Set<string>;
}

type State = 'loading' | 'ready' | 'off';

/**
 * The changes from a transaction at or past `$1` on (`$2`: only these namespaces'), and the head
 * (where the changes stand), as two branches of one statement so both are of one snapshot: as a
 * join, sorted there, the read cost twice as much. The upper bound keeps out nothing a snapshot
 * sees (its changes have xids below its xmax), but it gives the planner a range rather than a
 * third of the table: the statement is prepared, and its generic plan read every change of the
 * hour they are kept, 0.6 ms per write at 4 000.
 */
export function changesStatement(tables: { changes: string; trimmed: string }, only: boolean): string {
  return `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, trimmed_through::text AS trimmed_through, NULL::text AS seq, NULL::text AS xid,
              NULL::boolean AS inserted, NULL::boolean AS reset, NULL::text AS namespace, NULL::text AS object, NULL::text AS relation,
              NULL::text AS subject_id, NULL::text AS subject_set_namespace, NULL::text AS subject_set_object, NULL::text AS subject_set_relation
         FROM ${tables.trimmed}
       UNION ALL
       SELECT NULL, NULL, seq::text, xid::text, inserted, reset, namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation
         FROM ${tables.changes} WHERE xid >= $1::xid8 AND xid < pg_snapshot_xmax(pg_current_snapshot())${only ? ' AND (namespace = ANY($2::text[]) OR reset)' : ''}`;
}

/** What memory holds, read at one moment (TupleIndex.view). */
export interface IndexView {
  /** Whether `namespace:object#relation` holds `subject` itself. */
  holds(namespace: string, object: string, relation: string, subject: Subject): boolean;
  /** The subject sets `namespace:object#relation` holds, in key order. */
  subjectSets(namespace: string, object: string, relation: string): SubjectSet[];
}

export interface TupleIndexOptions {
  mostTuples?: number;
  log?: FastifyBaseLogger;
  /** The tables' schema, when it is not the handle's own. */
  schema?: string;
  /** Only these namespaces' relationships are kept; every other check reads through the fallback. */
  namespaces?: readonly string[];
}

export class TupleIndex implements HopSource {
  private relations = new Map<string, Held>();
  private tuples = 0;
  private state: State = 'loading';
  private cursor: Cursor = { xmin: 0n, seen: new Set() };
  /** The change signal's generation every change before which is applied. */
  private applied = -1;
  private reading: Promise<void> | undefined;
  /** Counts loads begun and stops: a load goes on only while it is the latest. */
  private loads = 0;
  private readonly namespaces: ReadonlySet<string> | undefined;
  private readonly tables: { tuples: string; changes: string; trimmed: string };
  /** The read of the changes (changesStatement), made once: it runs after every change heard. */
  private readonly changesRead: string;

  /**
   * `db`: a handle whose reads signal nothing. `changes`: the signal, as the kept answers hear it.
   */
  constructor(
    private readonly db: Queryable,
    private readonly changes: UntilNextWrite,
    private readonly fallback: HopSource,
    private readonly options: TupleIndexOptions = {},
  ) {
    this.namespaces = options.namespaces && new Set(options.namespaces);
    const table = (name: string) => (options.schema ? `${quoteIdentifier(options.schema)}.${name}` : name);
    this.tables = { tuples: table('relation_tuples'), changes: table('relation_tuple_changes'), trimmed: table('relation_tuple_changes_trimmed') };
    this.changesRead = changesStatement(this.tables, options.namespaces !== undefined);
  }

  /** Loads the table, in the background: checks read through the fallback until it is done (or given up: too many, or failed). */
  start(): Promise<void> {
    return this.load().catch((err: unknown) => {
      this.off();
      this.options.log?.error({ err }, 'the relationships could not be loaded into memory; checks read the database');
    });
  }

  /** Stops keeping anything (the service closes). */
  stop(): void {
    this.off();
  }

  /** Whether checks are answered from memory now: loaded, and every change heard. */
  get inMemory(): boolean {
    return this.state === 'ready' && this.changes.keptUntilChange() !== undefined;
  }

  /** Whether memory answers now without reading a change first. */
  get current(): boolean {
    const wanted = this.changes.keptUntilChange();
    return this.state === 'ready' && wanted !== undefined && this.applied >= wanted;
  }

  /** Reads the changes not yet applied, in the background, for a caller that read the database meanwhile. */
  refresh(): void {
    if (this.inMemory) void this.inStep();
  }

  async hops(namespace: string, object: string, subject: Subject, requests: readonly HopRequest[], limit: number): Promise<Hop[]> {
    if (!this.keeps(namespace) || !(await this.inStep())) return this.fallback.hops(namespace, object, subject, requests, limit);
    // Undefined where a subject set of a namespace not kept would have to be looked into.
    return hopsFrom(namespace, object, subject, requests, limit, this.known) ?? this.fallback.hops(namespace, object, subject, requests, limit);
  }

  async hopsOfObjects(namespace: string, objects: readonly string[], subject: Subject, requests: readonly HopRequest[], limit: number): Promise<Hop[][]> {
    if (!this.keeps(namespace) || !(await this.inStep())) return this.fallback.hopsOfObjects(namespace, objects, subject, requests, limit);
    const hops = objects.map((object) => hopsFrom(namespace, object, subject, requests, limit, this.known));
    return hops.every((hop) => hop !== undefined) ? hops : this.fallback.hopsOfObjects(namespace, objects, subject, requests, limit);
  }

  /**
   * `read`'s answer from memory at one moment, every change signalled before this call applied;
   * undefined when memory cannot answer now (read the database instead).
   */
  async view<T>(read: (view: IndexView) => T): Promise<T | undefined> {
    if (!(await this.inStep())) return undefined;
    const known = (namespace: string, object: string, relation: string) => {
      const held = this.known(relationKey(namespace, object, relation));
      if (held === undefined) throw new Error(`namespace ${namespace} is not kept in memory`);
      return held;
    };
    return read({
      holds: (namespace, object, relation, subject) => holds(known(namespace, object, relation), subjectText(subject)),
      subjectSets: (namespace, object, relation) => setKeysOf(known(namespace, object, relation)).map(subjectSetOf),
    });
  }

  private keeps(namespace: string): boolean {
    return this.namespaces === undefined || this.namespaces.has(namespace);
  }

  /** Every relation of a namespace kept is known (one holding nothing is not in the map); the others' are not. */
  private readonly known = (key: string): Held | undefined =>
    this.namespaces && !this.namespaces.has(key.slice(0, key.indexOf('\u0000'))) ? undefined : (this.relations.get(key) ?? NOTHING);

  /** Whether to answer from memory: loaded, changes heard, and every change signalled before this call applied. */
  private async inStep(): Promise<boolean> {
    const wanted = this.changes.keptUntilChange();
    if (this.state !== 'ready' || wanted === undefined) return false;
    try {
      while (this.state === 'ready' && this.applied < wanted) {
        await this.catchUp();
        // Changes stopped being heard meanwhile: what was read stands, but nothing says it is all.
        if (this.changes.keptUntilChange() === undefined) return false;
      }
    } catch (err) {
      this.options.log?.warn({ err }, 'the relationship changes could not be read; this check reads the database');
      return false;
    }
    return this.state === 'ready';
  }

  private async load(): Promise<void> {
    const most = this.options.mostTuples ?? MOST_INDEXED_TUPLES;
    const load = ++this.loads;
    this.state = 'loading';
    this.relations = new Map();
    this.tuples = 0;
    // Where the changes stand before the first page: every change from there on is applied after.
    // Those already visible are in every page; a TRUNCATE among them must not load the table again.
    const { rows } = await this.db.query<{ xmin: string; seq: string | null }>(
      `SELECT s.xmin::text AS xmin, c.seq::text AS seq
         FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin) s
         LEFT JOIN ${this.tables.changes} c ON c.xid >= s.xmin`,
    );
    this.cursor = { xmin: BigInt(rows[0]!.xmin), seen: new Set(rows.flatMap((row) => (row.seq === null ? [] : [row.seq]))) };
    this.applied = -1;
    let after: TupleRow | undefined;
    const only = this.options.namespaces;
    for (;;) {
      const conditions = [...(after ? [`(${KEY_COLUMNS}) > ($1, $2, $3, $4, $5, $6, $7)`] : []), ...(only ? [`namespace = ANY($${after ? 8 : 1}::text[])`] : [])];
      const page = await this.db.query<TupleRow>(
        `SELECT ${KEY_COLUMNS} FROM ${this.tables.tuples} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY ${KEY_COLUMNS} LIMIT ${PAGE}`,
        [
          ...(after ? [after.namespace, after.object, after.relation, after.subject_id, after.subject_set_namespace, after.subject_set_object, after.subject_set_relation] : []),
          ...(only ? [only] : []),
        ],
      );
      if (load !== this.loads) return;
      for (const row of page.rows) this.apply(row, true);
      if (this.tuples > most) return this.tooMany(most);
      if (page.rows.length < PAGE) break;
      after = page.rows[page.rows.length - 1];
    }
    // The index is ready once it has caught up with what changed while it loaded.
    this.state = 'ready';
    await this.catchUp();
  }

  /** The changes read and applied once for every caller waiting. */
  private catchUp(): Promise<void> {
    return (this.reading ??= this.readChanges().finally(() => (this.reading = undefined)));
  }

  /** Reads and applies the changes not yet applied (or loads the table again after a reset, or when it fell behind the trimming). */
  private async readChanges(): Promise<void> {
    const generation = this.changes.keptUntilChange() ?? this.applied;
    const load = this.loads;
    // Another namespace's changes would only be read to be skipped: a bulk write there is many.
    const only = this.options.namespaces;
    const { rows } = await this.db.query<ChangeRow>(this.changesRead, only ? [this.cursor.xmin.toString(), only] : [this.cursor.xmin.toString()]);
    // Loaded again, or stopped, meanwhile: this reading belongs to what is gone.
    if (this.state !== 'ready' || load !== this.loads) return;
    const head = rows.find((row) => row.seq === null)!;
    // Applied in the order they were made.
    const changes = rows.filter((row): row is ChangeRow & { seq: string } => row.seq !== null).sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
    if (BigInt(head.trimmed_through) >= this.cursor.xmin || changes.some((row) => row.reset && !this.cursor.seen.has(row.seq))) return this.reload();
    const xmin = BigInt(head.xmin) > this.cursor.xmin ? BigInt(head.xmin) : this.cursor.xmin;
    const seen = new Set<string>();
    for (const row of changes) {
      if (!this.cursor.seen.has(row.seq)) this.apply(row, row.inserted);
      if (BigInt(row.xid) >= xmin) seen.add(row.seq);
    }
    this.cursor = { xmin, seen };
    const most = this.options.mostTuples ?? MOST_INDEXED_TUPLES;
    if (this.tuples > most) return this.tooMany(most);
    this.applied = Math.max(this.applied, generation);
  }

  private apply(row: TupleRow, inserted: boolean): void {
    if (!this.keeps(row.namespace)) return;
    const key = relationKey(row.namespace, row.object, row.relation);
    // As subjectText (held.ts) makes it from a subject.
    const text = row.subject_set_namespace === '' ? row.subject_id : relationKey(row.subject_set_namespace, row.subject_set_object, row.subject_set_relation);
    const held = this.relations.get(key);
    if (inserted === (held !== undefined && holds(held, text))) return;
    const changed = inserted ? withSubject(held, text) : withoutSubject(held!, text);
    if (changed === undefined) this.relations.delete(key);
    else this.relations.set(key, changed);
    this.tuples += inserted ? 1 : -1;
  }

  private reload(): void {
    this.options.log?.info('the relationships are loaded into memory again (emptied at once, or changes trimmed before they were read)');
    void this.start();
  }

  private tooMany(most: number): void {
    this.off();
    this.options.log?.warn({ most }, 'more relationships than are kept in memory: checks read the database');
  }

  private off(): void {
    this.loads += 1;
    this.state = 'off';
    this.relations = new Map();
    this.tuples = 0;
  }
}
