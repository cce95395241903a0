/**
 * The relationships, on PGlite or PostgreSQL. Reads are shaped for the engines: one statement per
 * hop of a check answers "is the subject here directly, or directly in one of the subject sets
 * here, and which subject sets are here to follow" — ranges of the primary key, whatever the
 * number of tuples stored.
 */
import type { Database } from '../../db/database.js';
import type { RelationQuery, RelationTuple, Subject, SubjectSet } from '../tuple.js';

/** The stored columns of a subject: an id with empty subject-set columns, or a subject set with an empty id. */
type SubjectColumns = [id: string, namespace: string, object: string, relation: string];

/** A row's sort key: the primary key, in order. Pages continue after the last one shown. */
export type TupleKey = [string, string, string, ...SubjectColumns];

interface TupleRow {
  namespace: string;
  object: string;
  relation: string;
  subject_id: string;
  subject_set_namespace: string;
  subject_set_object: string;
  subject_set_relation: string;
}

const KEY_COLUMNS = 'namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation';

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

/** Subject sets allowed as `(namespace, relation)` pairs; undefined allows every one. */
export type SubjectSetTypes = readonly { namespace: string; relation: string }[] | undefined;

export interface Hop {
  /** The tuple `set@subject` itself is stored. */
  direct: boolean;
  /** The subject is stored directly in one of the subject sets of `set`. */
  inSubjectSet: boolean;
  /** Subject sets of `set`, at most `limit` of them, to follow further. */
  subjectSets: SubjectSet[];
  /** There are more than `limit`. */
  more: boolean;
}

export interface HopOptions {
  /** Whether to look for the tuple itself. */
  direct: boolean;
  limit: number;
  /** Only these subject sets are followed at all. */
  follow?: SubjectSetTypes;
  /** Only in these may the subject be found directly. */
  findIn?: SubjectSetTypes;
}

export class TupleStore {
  constructor(private readonly db: Database) {}

  /**
   * One hop of a check, in one statement: whether `set@subject` is stored, whether the subject
   * is stored in a subject set that is in `set`, and the subject sets of `set` to follow.
   */
  async hop(set: SubjectSet, subject: Subject, options: HopOptions): Promise<Hop> {
    const params: unknown[] = [set.namespace, set.object, set.relation, ...subjectColumns(subject), options.direct, options.limit + 1];
    const among = (types: SubjectSetTypes, alias: string) => {
      if (!types) return '';
      params.push(
        types.map((t) => t.namespace),
        types.map((t) => t.relation),
      );
      return `AND (${alias}.subject_set_namespace, ${alias}.subject_set_relation) IN (SELECT * FROM unnest($${params.length - 1}::text[], $${params.length}::text[]))`;
    };
    const follow = among(options.follow, 'here');
    const findIn = among(options.findIn, 'here');
    const subjectSetsHere = `here.namespace = $1 AND here.object = $2 AND here.relation = $3 AND here.subject_id = '' AND here.subject_set_namespace > '' ${follow}`;
    const result = await this.db.query<{ step: number } & SubjectSet>(
      `SELECT 0 AS step, '' AS namespace, '' AS object, '' AS relation
        WHERE $8 AND EXISTS (
          SELECT 1 FROM relation_tuples
          WHERE namespace = $1 AND object = $2 AND relation = $3
            AND subject_id = $4 AND subject_set_namespace = $5 AND subject_set_object = $6 AND subject_set_relation = $7)
      UNION ALL
      (SELECT 1, '', '', '' FROM relation_tuples here
        WHERE ${subjectSetsHere} ${findIn} AND EXISTS (
          SELECT 1 FROM relation_tuples member
          WHERE member.namespace = here.subject_set_namespace AND member.object = here.subject_set_object AND member.relation = here.subject_set_relation
            AND member.subject_id = $4 AND member.subject_set_namespace = $5 AND member.subject_set_object = $6 AND member.subject_set_relation = $7)
        LIMIT 1)
      UNION ALL
      (SELECT 2, here.subject_set_namespace, here.subject_set_object, here.subject_set_relation FROM relation_tuples here
        WHERE ${subjectSetsHere}
        ORDER BY here.subject_set_namespace, here.subject_set_object, here.subject_set_relation
        LIMIT $9)`,
      params,
    );
    const subjectSets = result.rows.filter((row) => row.step === 2).map(({ namespace, object, relation }) => ({ namespace, object, relation }));
    return {
      direct: result.rows.some((row) => row.step === 0),
      inSubjectSet: result.rows.some((row) => row.step === 1),
      subjectSets: subjectSets.slice(0, options.limit),
      more: subjectSets.length > options.limit,
    };
  }

  /** Whether the subject is stored directly under any of the relations of ns:object. */
  async directInAny(namespace: string, object: string, relations: readonly string[], subject: Subject): Promise<boolean> {
    if (relations.length === 0) return false;
    const result = await this.db.query(
      `SELECT 1 FROM relation_tuples
        WHERE namespace = $1 AND object = $2 AND relation = ANY($3::text[])
          AND subject_id = $4 AND subject_set_namespace = $5 AND subject_set_object = $6 AND subject_set_relation = $7
        LIMIT 1`,
      [namespace, object, [...relations], ...subjectColumns(subject)],
    );
    return result.rows.length > 0;
  }

  /** The subject sets in `set` (for `traverse`), at most `limit` of them; `more` when there are more. */
  async subjectSets(set: SubjectSet, limit: number): Promise<{ subjectSets: SubjectSet[]; more: boolean }> {
    const result = await this.db.query<SubjectSet>(
      `SELECT subject_set_namespace AS namespace, subject_set_object AS object, subject_set_relation AS relation FROM relation_tuples
        WHERE namespace = $1 AND object = $2 AND relation = $3 AND subject_id = '' AND subject_set_namespace > ''
        ORDER BY subject_set_namespace, subject_set_object, subject_set_relation
        LIMIT $4`,
      [set.namespace, set.object, set.relation, limit + 1],
    );
    return { subjectSets: result.rows.slice(0, limit), more: result.rows.length > limit };
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
      `SELECT ${KEY_COLUMNS} FROM relation_tuples
        ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY ${KEY_COLUMNS}
        LIMIT $${values.length}`,
      values,
    );
    const rows = result.rows.slice(0, limit);
    const last = rows[rows.length - 1];
    return { tuples: rows.map(tupleOf), ...(result.rows.length > limit && last ? { next: keyOf(last) } : {}) };
  }

  /** Inserts, then deletes, in one transaction: all of it or none. A tuple already stored is not stored twice. */
  async write(insert: readonly RelationTuple[], remove: readonly RelationTuple[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (insert.length > 0) {
        await tx.query(`INSERT INTO relation_tuples (${KEY_COLUMNS}) SELECT * FROM ${unnestTuples()} ON CONFLICT DO NOTHING`, columnsOf(insert));
      }
      if (remove.length > 0) await tx.query(`DELETE FROM relation_tuples WHERE (${KEY_COLUMNS}) IN (SELECT * FROM ${unnestTuples()})`, columnsOf(remove));
    });
  }

  /** Deletes every tuple matching `query`. */
  async deleteAll(query: RelationQuery): Promise<void> {
    const { conditions, params } = whereQuery(query);
    await this.db.query(`DELETE FROM relation_tuples ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`, params);
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
