/**
 * The relationships, on PGlite or PostgreSQL. Reads are shaped for the engines: one statement per
 * object a check visits answers, for each relation it needs there, "is the subject here directly,
 * or directly in one of the subject sets here, and which subject sets are here to follow" —
 * ranges of the primary key, whatever the number of tuples stored.
 */
import type { Database } from '../../db/database.js';
import { quoteIdentifier } from '../../db/schema-name.js';
import type { RelationQuery, RelationTuple, Subject, SubjectSet } from '../tuple.js';
import { appendAuditEvent, type NewAuditEvent } from '../../audit/chain.js';
import type { Queryable } from '../../db/database.js';

/** The stored columns of a subject: an id with empty subject-set columns, or a subject set with an empty id. */
type SubjectColumns = [id: string, namespace: string, object: string, relation: string];

/** A row's sort key: the primary key, in order. Pages continue after the last one shown. */
export type TupleKey = [string, string, string, ...SubjectColumns];

/** A row of the table: its seven key columns. */
export interface TupleRow {
  namespace: string;
  object: string;
  relation: string;
  subject_id: string;
  subject_set_namespace: string;
  subject_set_object: string;
  subject_set_relation: string;
}

export const KEY_COLUMNS = 'namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation';

function subjectColumns(subject: Subject): SubjectColumns {
  return 'id' in subject ? [subject.id, '', '', ''] : ['', subject.set.namespace, subject.set.object, subject.set.relation];
}

function tupleOf(row: TupleRow): RelationTuple {
  const subject: Subject =
    row.subject_set_namespace === ''
      ? { id: row.subject_id }
      : { set: { namespace: row.subject_set_namespace, object: row.subject_set_object, relation: row.subject_set_relation } };
  return { namespace: row.namespace, object: row.object, relation: row.relation, subject };
}

const keyOf = (row: TupleRow): TupleKey => [row.namespace, row.object, row.relation, row.subject_id, row.subject_set_namespace, row.subject_set_object, row.subject_set_relation];

/** `WHERE` conditions for a query, numbered from `$first`. */
function whereQuery(query: RelationQuery, first = 1): { conditions: string[]; params: string[] } {
  const conditions: string[] = [];
  const params: string[] = [];
  const add = (column: string, value: string) => {
    params.push(value);
    conditions.push(`${column} = $${first + params.length - 1}`);
  };
  if (query.namespace !== undefined) add('namespace', query.namespace);
  if (query.object !== undefined) add('object', query.object);
  if (query.relation !== undefined) add('relation', query.relation);
  if (query.subject) {
    const [id, namespace, object, relation] = subjectColumns(query.subject);
    add('subject_id', id);
    add('subject_set_namespace', namespace);
    add('subject_set_object', object);
    add('subject_set_relation', relation);
  }
  return { conditions, params };
}

/** Subject sets allowed as `(namespace, relation)` pairs. */
export type SubjectSetTypes = readonly { namespace: string; relation: string }[];

/** What a check needs to know of one relation of the object being read. */
export interface HopRequest {
  relation: string;
  /** Look for `object#relation@subject` itself. */
  direct: boolean;
  /** Look for the subject directly in the relation's subject sets. */
  find: boolean;
  /**
   * Strict mode: only these subject sets are listed, and the subject is looked for only in those
   * of `findIn` (a part of `follow`). Undefined: every subject set, everywhere.
   */
  follow?: SubjectSetTypes;
  findIn?: SubjectSetTypes;
}

export interface FollowedSet extends SubjectSet {
  /**
   * The set holds subject sets itself: without them (and without a rule) following it finds
   * nobody new. Only a check's hops need it; a traverse's (no `find`) may say true unread.
   */
  hasSubjectSets: boolean;
}

export interface Hop {
  direct: boolean;
  /** The subject is stored directly in one of the relation's subject sets. */
  inSubjectSet: boolean;
  /** The relation's subject sets, at most the limit asked for, in key order. */
  subjectSets: FollowedSet[];
  /** There are more than the limit. */
  more: boolean;
}

/**
 * What the engine reads hops from: the store itself, what is kept of its rows (kept-rows.ts), or
 * every relationship in memory (tuple-index.ts). `inMemory`: a hop costs no statement now, so
 * reading what may be needed before it is (reads.ts) would only cost work.
 */
export type HopSource = Pick<TupleStore, 'hops' | 'hopsOfObjects'> & { readonly inMemory?: boolean };

interface HopRow extends SubjectSet {
  request: number;
  step: number;
  has_subject_sets: boolean;
}

/**
 * Database text holds no NUL character: the key of a relation is unambiguous. Joined rather than
 * concatenated: a join is one flat string, where `+` makes a tree of parts that a million kept
 * keys (tuple-index.ts) would hold twice over.
 */
export const relationKey = (namespace: string, object: string, relation: string) => [namespace, object, relation].join('\u0000');

interface ContentsRow {
  level: number;
  namespace: string;
  object: string;
  relation: string;
  subject_ids: string[] | null;
  set_namespaces: string[] | null;
  set_objects: string[] | null;
  set_relations: string[] | null;
}

const PARAMS = Array.from({ length: 17 }, (_, i) => `$${i + 1}`).join(', ');

/** check_hops' parameters after the object: the subject, the requests (strict mode's types flattened) and the limit. */
function hopParams(subject: Subject, requests: readonly HopRequest[], limit: number): unknown[] {
  const follow: [number[], string[], string[]] = [[], [], []];
  const findIn: [number[], string[], string[]] = [[], [], []];
  requests.forEach((request, id) => {
    for (const [types, into] of [
      [request.follow, follow],
      [request.findIn ?? request.follow, findIn],
    ] as const) {
      for (const type of types ?? []) {
        into[0].push(id);
        into[1].push(type.namespace);
        into[2].push(type.relation);
      }
    }
  });
  return [
    ...subjectColumns(subject),
    requests.map((r) => r.relation),
    requests.map((r) => r.direct),
    requests.map((r) => r.find),
    requests.map((r) => r.follow !== undefined),
    ...follow,
    ...findIn,
    limit + 1,
  ];
}

/** One object's rows of check_hops (in its order) as the hop of each request. */
function hopsOf(rows: readonly HopRow[], requests: readonly HopRequest[], limit: number): Hop[] {
  const hops: Hop[] = requests.map(() => ({ direct: false, inSubjectSet: false, subjectSets: [], more: false }));
  for (const row of rows) {
    const hop = hops[row.request]!;
    if (row.step === 0) hop.direct = true;
    else if (row.step === 1) hop.inSubjectSet = true;
    else if (hop.subjectSets.length < limit) {
      hop.subjectSets.push({ namespace: row.namespace, object: row.object, relation: row.relation, hasSubjectSets: row.has_subject_sets });
    } else hop.more = true;
  }
  return hops;
}

/** A relation to read whole (TupleStore.contentsOf). */
export interface RelationRead {
  set: SubjectSet;
  /** Read what its subject sets hold too. */
  inside: boolean;
}

export class TupleStore {
  private readonly table: string;
  private readonly checkHops: string;
  private readonly checkHopsOfObjects: string;
  private readonly relationContents: string;

  /** `schema`: where the tables are when it is not the handle's own (the API reads sitewave's roles from its handle). */
  constructor(
    private readonly db: Database,
    schema?: string,
  ) {
    const prefix = schema ? `${quoteIdentifier(schema)}.` : '';
    this.table = `${prefix}relation_tuples`;
    this.checkHops = `${prefix}check_hops`;
    this.checkHopsOfObjects = `${prefix}check_hops_of_objects`;
    this.relationContents = `${prefix}relation_contents`;
  }

  /**
   * Everything a check needs of several relations of one object, in one statement: for each,
   * whether the tuple `object#relation@subject` is stored, whether the subject is stored
   * directly in one of the relation's subject sets, and those subject sets (at most `limit`) to
   * follow. Each part is a range of the primary key; the subject's own tuples are found by the
   * subject index.
   */
  async hops(namespace: string, object: string, subject: Subject, requests: readonly HopRequest[], limit: number): Promise<Hop[]> {
    // check_hops (migrations.ts) is one statement; as a PL/pgSQL function its plan is made once per
    // connection rather than at every call, which is most of the cost of so small a read.
    const result = await this.db.query<HopRow>(`SELECT * FROM ${this.checkHops}(${PARAMS})`, [namespace, object, ...hopParams(subject, requests, limit)]);
    return hopsOf(result.rows, requests, limit);
  }

  /**
   * `hops` for several objects of one namespace, the same requests of each, in one statement:
   * the subject sets a check is about to follow from one place, or the parents a traverse
   * reaches, each answered as `hops` answers it alone. In the order of `objects`.
   */
  async hopsOfObjects(namespace: string, objects: readonly string[], subject: Subject, requests: readonly HopRequest[], limit: number): Promise<Hop[][]> {
    const result = await this.db.query<HopRow & { item: number }>(`SELECT * FROM ${this.checkHopsOfObjects}(${PARAMS})`, [
      namespace,
      objects,
      ...hopParams(subject, requests, limit),
    ]);
    const rows: HopRow[][] = objects.map(() => []);
    for (const row of result.rows) rows[row.item]!.push(row);
    return rows.map((ofObject) => hopsOf(ofObject, requests, limit));
  }

  /**
   * Everything stored in each of `relations` (its subject ids and subject sets, in key order, at
   * most `limit` rows of each), and for those asked with `inside`, everything stored in each of
   * the subject sets found there too: what hops are worked out from in memory (kept-rows.ts), two
   * levels in one statement. A relation holding nothing is answered too, as an empty list. Each
   * relation is a range of the primary key. At most `rows` relations are read in all: the
   * statement stops there, and those not read by then are left out of the answer.
   */
  async contentsOf(relations: readonly RelationRead[], limit: number, rows: number): Promise<Map<string, Subject[]>> {
    const columns: [string[], string[], string[], boolean[]] = [[], [], [], []];
    for (const { set, inside } of relations) {
      columns[0].push(set.namespace);
      columns[1].push(set.object);
      columns[2].push(set.relation);
      columns[3].push(inside);
    }
    // relation_contents (migrations.ts): one statement, its plan made once per connection.
    const result = await this.db.query<ContentsRow>(`SELECT * FROM ${this.relationContents}($1, $2, $3, $4, $5, $6)`, [...columns, limit, rows]);
    const contents = new Map<string, Subject[]>();
    for (const row of result.rows) {
      // A relation asked for and found inside another too comes twice, the same both times.
      const key = relationKey(row.namespace, row.object, row.relation);
      if (contents.has(key)) continue;
      const sets = row.set_namespaces ?? [];
      const held: Subject[] = sets.map((namespace, i) => ({ set: { namespace, object: row.set_objects![i]!, relation: row.set_relations![i]! } }));
      // In key order: a subject set's subject_id is empty, so subject sets come first.
      for (const id of row.subject_ids ?? []) held.push({ id });
      contents.set(key, held);
    }
    return contents;
  }

  /** A page of the tuples matching `query`, in key order after `after`; `next` when there are more. */
  async list(query: RelationQuery, limit: number, after?: TupleKey): Promise<{ tuples: RelationTuple[]; next?: TupleKey }> {
    const { conditions, params } = whereQuery(query);
    const values: unknown[] = [...params];
    if (after) {
      const first = values.length + 1;
      values.push(...after);
      conditions.push(`(${KEY_COLUMNS}) > (${after.map((_, i) => `$${first + i}`).join(', ')})`);
    }
    values.push(limit + 1);
    const result = await this.db.query<TupleRow>(
      `SELECT ${KEY_COLUMNS} FROM ${this.table}
        ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY ${KEY_COLUMNS}
        LIMIT $${values.length}`,
      values,
    );
    const rows = result.rows.slice(0, limit);
    const last = rows[rows.length - 1];
    return { tuples: rows.map(tupleOf), ...(result.rows.length > limit && last ? { next: keyOf(last) } : {}) };
  }

  /** The relations (`namespace:object#relation`) any of `subjects` is stored in directly: a step up, on the subject index. */
  async containing(subjects: readonly Subject[]): Promise<SubjectSet[]> {
    if (subjects.length === 0) return [];
    const columns: string[][] = [[], [], [], []];
    for (const subject of subjects) subjectColumns(subject).forEach((value, i) => columns[i]!.push(value));
    const result = await this.db.query<SubjectSet>(
      `SELECT DISTINCT t.namespace, t.object, t.relation
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS s(id, namespace, object, relation)
       JOIN ${this.table} t ON t.subject_set_namespace = s.namespace AND t.subject_set_object = s.object
         AND t.subject_set_relation = s.relation AND t.subject_id = s.id`,
      columns,
    );
    return result.rows;
  }

  /**
   * Objects of `namespace` whose `relation` holds a subject set of one of `setObjects` in
   * `setNamespace` (of `setRelation`, or of any relation): where a traverse, or a subject set
   * naming a rule, reaches them from. On the subject index; an object may come more than once.
   */
  async objectsHolding(namespace: string, relation: string, setNamespace: string, setObjects: readonly string[], setRelation?: string): Promise<string[]> {
    if (setObjects.length === 0) return [];
    const params: unknown[] = [setNamespace, setObjects, namespace, relation];
    if (setRelation !== undefined) params.push(setRelation);
    // One row of JSON rather than a row per object: ten thousand rows cost more to hand over than to find.
    const result = await this.db.query<{ objects: string[] | null }>(
      `SELECT json_agg(object) AS objects FROM ${this.table}
       WHERE subject_set_namespace = $1 AND subject_set_object = ANY($2::text[]) AND namespace = $3 AND relation = $4
         ${setRelation === undefined ? '' : 'AND subject_set_relation = $5'}`,
      params,
    );
    return result.rows[0]?.objects ?? [];
  }

  /** Inserts, then deletes, in one transaction: all of it or none. A tuple already stored is not stored twice. */
  /** `by`: who writes, for the audit event that commits with a write that changed something. */
  async write(insert: readonly RelationTuple[], remove: readonly RelationTuple[], by: WrittenBy): Promise<void> {
    await this.db.transaction(async (tx) => {
      let inserted = 0;
      let deleted = 0;
      if (insert.length > 0) {
        inserted = (await tx.query(`INSERT INTO ${this.table} (${KEY_COLUMNS}) SELECT * FROM ${unnestTuples()} ON CONFLICT DO NOTHING`, columnsOf(insert))).rowCount;
      }
      if (remove.length > 0) deleted = (await tx.query(`DELETE FROM ${this.table} WHERE (${KEY_COLUMNS}) IN (SELECT * FROM ${unnestTuples()})`, columnsOf(remove))).rowCount;
      if (inserted + deleted > 0) await recordWrite(tx, by, { inserted, deleted, namespaces: namespacesOf([...insert, ...remove]) });
    });
  }

  /** Deletes every tuple matching `query`. */
  async deleteAll(query: RelationQuery, by: WrittenBy): Promise<void> {
    const { conditions, params } = whereQuery(query);
    await this.db.transaction(async (tx) => {
      const deleted = (await tx.query(`DELETE FROM ${this.table} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`, params)).rowCount;
      if (deleted > 0) await recordWrite(tx, by, { inserted: 0, deleted, namespaces: query.namespace ? [query.namespace] : [], filter: true });
    });
  }
}

/** Many tuples as one statement's rows: a text array per key column. */
const unnestTuples = () => `unnest(${Array.from({ length: 7 }, (_, i) => `$${i + 1}::text[]`).join(', ')})`;

function columnsOf(tuples: readonly RelationTuple[]): string[][] {
  const columns: string[][] = Array.from({ length: 7 }, () => []);
  for (const tuple of tuples) {
    [tuple.namespace, tuple.object, tuple.relation, ...subjectColumns(tuple.subject)].forEach((value, i) => columns[i]!.push(value));
  }
  return columns;
}

/** Who writes relationships: the admin API's caller (its token), from where, under which request id. */
export interface WrittenBy {
  actor: NewAuditEvent['actor'];
  requestId?: string | null;
}

function namespacesOf(tuples: readonly RelationTuple[]): string[] {
  return [...new Set(tuples.map((tuple) => tuple.namespace))].sort().slice(0, 50);
}

/** `platform.relationships.written`: counts and namespaces, in the write's transaction — not the tuples, which name people. */
function recordWrite(tx: Queryable, by: WrittenBy, details: Record<string, unknown>): Promise<unknown> {
  return appendAuditEvent(tx, { actor: by.actor, action: 'platform.relationships.written', requestId: by.requestId ?? null, details });
}
