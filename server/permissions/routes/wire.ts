/**
 * Keto's REST forms of a relationship — the query string (`subject_set.namespace=…`) and the JSON
 * body (`subject_id`, or `subject_set: {namespace, object, relation}`) — read into tuples and
 * written back. Every refusal is a 400 that names the field; nothing reaches the store before
 * all of a request's tuples have passed.
 */
import { PermissionError, unknownNamespace } from '../permission-error.js';
import type { Namespaces } from '../namespaces.js';
import type { RelationQuery, RelationTuple, Subject, SubjectSet } from '../tuple.js';

const text = { type: 'string' };

/** The JSON body of a tuple; fields Keto does not know are ignored, as its decoder ignores them. */
export const TUPLE_BODY = {
  type: 'object',
  properties: {
    namespace: text,
    object: text,
    relation: text,
    subject_id: text,
    subject_set: { type: 'object', properties: { namespace: text, object: text, relation: text }, required: ['namespace', 'object', 'relation'] },
  },
  required: ['namespace', 'object', 'relation'],
};

export interface TupleBody {
  namespace: string;
  object: string;
  relation: string;
  subject_id?: string;
  subject_set?: SubjectSet;
}

/** Keto's query keys of a tuple, and `max-depth`. */
export const TUPLE_QUERY = {
  type: 'object',
  properties: {
    namespace: text,
    object: text,
    relation: text,
    subject_id: text,
    'subject_set.namespace': text,
    'subject_set.object': text,
    'subject_set.relation': text,
    'max-depth': { type: 'integer' },
  },
};

export type TupleQuery = Partial<Record<'namespace' | 'object' | 'relation' | 'subject_id' | 'subject_set.namespace' | 'subject_set.object' | 'subject_set.relation', string>> & {
  'max-depth'?: number;
  subject?: unknown;
};

export const TUPLE_QUERY_KEYS = ['namespace', 'object', 'relation', 'subject_id', 'subject_set.namespace', 'subject_set.object', 'subject_set.relation'] as const;
const SUBJECT_SET_KEYS = ['subject_set.namespace', 'subject_set.object', 'subject_set.relation'] as const;

/** Bytes a name (namespace, relation) and an id (object, subject id) may have: the primary key must fit an index entry. */
const NAME_BYTES = 128;
const ID_BYTES = 512;

const bad = (reason: string) => new PermissionError(400, reason);

/** Keto's `subject_id` or `subject_set.*` query keys; undefined when none is given. */
function subjectFromQuery(query: TupleQuery): Subject | undefined {
  if (query.subject !== undefined) throw bad('subject: provide "subject_id" or "subject_set.*"; support for "subject" was dropped');
  const setKeys = SUBJECT_SET_KEYS.filter((key) => query[key] !== undefined);
  if (query.subject_id !== undefined) {
    if (setKeys.length > 0) throw bad(`subject_id and ${setKeys.join(', ')}: exactly one of subject_set or subject_id has to be provided`);
    return { id: query.subject_id };
  }
  if (setKeys.length === 0) return undefined;
  const missing = SUBJECT_SET_KEYS.find((key) => query[key] === undefined);
  if (missing) throw bad(`${missing} is missing: incomplete subject, provide "subject_id" or a complete "subject_set.*"`);
  return { set: { namespace: query['subject_set.namespace']!, object: query['subject_set.object']!, relation: query['subject_set.relation']! } };
}

/** A filter (list, delete): every key optional. */
export function queryFromQuery(query: TupleQuery): RelationQuery {
  const subject = subjectFromQuery(query);
  const filter: RelationQuery = {};
  if (query.namespace !== undefined) filter.namespace = query.namespace;
  if (query.object !== undefined) filter.object = query.object;
  if (query.relation !== undefined) filter.relation = query.relation;
  if (subject) filter.subject = subject;
  checkValues(filter, false, queryKey);
  return filter;
}

/** A whole tuple (check): namespace, object, relation and a subject. */
export function tupleFromQuery(query: TupleQuery): RelationTuple {
  const subject = subjectFromQuery(query);
  const missing = (['namespace', 'object', 'relation'] as const).find((key) => query[key] === undefined);
  if (missing) throw bad(`${missing} is missing: incomplete tuple, provide "namespace", "object", "relation", and a subject`);
  if (!subject) throw bad('subject_id is missing: subject is not allowed to be nil; provide "subject_id" or a complete "subject_set.*"');
  const tuple = { namespace: query.namespace!, object: query.object!, relation: query.relation!, subject };
  checkValues(tuple, true, queryKey);
  return tuple;
}

/** A tuple's JSON body, already shaped by TUPLE_BODY; `at` names it in messages (`body`, `body/2/relation_tuple`). */
export function tupleFromBody(body: TupleBody, at: string): RelationTuple {
  if ((body.subject_id === undefined) === (body.subject_set === undefined)) {
    throw bad(`${at}: exactly one of subject_set or subject_id has to be provided`);
  }
  const subject: Subject =
    body.subject_id !== undefined
      ? { id: body.subject_id }
      : { set: { namespace: body.subject_set!.namespace, object: body.subject_set!.object, relation: body.subject_set!.relation } };
  const tuple = { namespace: body.namespace, object: body.object, relation: body.relation, subject };
  checkValues(tuple, true, (key) => `${at}/${key.replace('.', '/')}`);
  return tuple;
}

/**
 * What PostgreSQL cannot store (a NUL character) or index (very long values), and, for a whole
 * tuple, empty parts: only a subject set's relation may be empty (`User:alice#`).
 */
function checkValues(tuple: RelationQuery, whole: boolean, nameOf: (key: string) => string): void {
  const field = (key: string, value: string | undefined, bytes: number) => {
    if (value === undefined) return;
    if (value.includes('\u0000')) throw bad(`${nameOf(key)} contains a NUL character`);
    if (Buffer.byteLength(value) > bytes) throw bad(`${nameOf(key)} is longer than ${bytes} bytes`);
    if (whole && value === '' && key !== 'subject_set.relation') throw bad(`${nameOf(key)} is empty`);
  };
  field('namespace', tuple.namespace, NAME_BYTES);
  field('object', tuple.object, ID_BYTES);
  field('relation', tuple.relation, NAME_BYTES);
  if (tuple.subject && 'id' in tuple.subject) field('subject_id', tuple.subject.id, ID_BYTES);
  if (tuple.subject && 'set' in tuple.subject) {
    field('subject_set.namespace', tuple.subject.set.namespace, NAME_BYTES);
    field('subject_set.object', tuple.subject.set.object, ID_BYTES);
    field('subject_set.relation', tuple.subject.set.relation, NAME_BYTES);
  }
}

const queryKey = (key: string) => key;

/** The first namespace the tuple or filter names that the settings do not declare. */
export function unknownNamespaceIn(namespaces: Namespaces, tuple: RelationQuery): string | undefined {
  if (tuple.namespace !== undefined && !namespaces.get(tuple.namespace)) return tuple.namespace;
  if (tuple.subject && 'set' in tuple.subject && !namespaces.get(tuple.subject.set.namespace)) return tuple.subject.set.namespace;
  return undefined;
}

/** Keto's 404 for a tuple or filter naming an undeclared namespace. */
export function requireKnownNamespaces(namespaces: Namespaces, tuple: RelationQuery): void {
  const unknown = unknownNamespaceIn(namespaces, tuple);
  if (unknown !== undefined) throw unknownNamespace(unknown);
}

export function subjectJson(subject: Subject): { subject_id: string } | { subject_set: SubjectSet } {
  return 'id' in subject ? { subject_id: subject.id } : { subject_set: { ...subject.set } };
}

export function tupleJson(tuple: RelationTuple) {
  return { namespace: tuple.namespace, object: tuple.object, relation: tuple.relation, ...subjectJson(tuple.subject) };
}

/** Where the tuple can be read back: Keto's list URL, keys in Go's order (sorted) and encoding. */
export function tupleLocation(tuple: RelationTuple): string {
  const params = new URLSearchParams({ namespace: tuple.namespace, object: tuple.object, relation: tuple.relation });
  if ('id' in tuple.subject) params.set('subject_id', tuple.subject.id);
  else {
    params.set('subject_set.namespace', tuple.subject.set.namespace);
    params.set('subject_set.object', tuple.subject.set.object);
    params.set('subject_set.relation', tuple.subject.set.relation);
  }
  params.sort();
  return `/relation-tuples?${params.toString()}`;
}
