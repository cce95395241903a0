/**
 * The permission service's relationships as Keto's REST API gives and takes them, and the few
 * ways the screens write them: Keto's text form (`Group:field-team#members@ana`) and the query
 * parameters of a filter, a check or a deletion. The API is Keto's, not the /api contract, so
 * these shapes are written here rather than generated.
 */

export interface SubjectSet {
  namespace: string;
  object: string;
  relation: string;
}

export interface RelationTuple {
  namespace: string;
  object: string;
  relation: string;
  subject_id?: string;
  subject_set?: SubjectSet;
}

export interface TuplePage {
  relation_tuples: RelationTuple[];
  /** Empty on the last page. */
  next_page_token: string;
}

export type ExpandType = 'union' | 'exclusion' | 'intersection' | 'leaf';

/** Keto's expand tree: each node's subject in an otherwise empty `tuple`. */
export interface ExpandTree {
  type: ExpandType;
  tuple: RelationTuple;
  children?: ExpandTree[];
}

/** A subject as a form holds it: an id, a subject set, or (in a filter) nothing. */
export type SubjectInput = { kind: 'any' } | { kind: 'id'; id: string } | { kind: 'set'; set: SubjectSet };

/** `ana`, or `Group:field-team#members` (`User:ana#` for a set with the empty relation). */
export function subjectText(tuple: Pick<RelationTuple, 'subject_id' | 'subject_set'>): string {
  if (tuple.subject_set) return `${tuple.subject_set.namespace}:${tuple.subject_set.object}#${tuple.subject_set.relation}`;
  return tuple.subject_id ?? '';
}

/** Keto's text form of a relationship. */
export function tupleText(tuple: RelationTuple): string {
  return `${tuple.namespace}:${tuple.object}#${tuple.relation}@${subjectText(tuple)}`;
}

export function subjectParams(subject: SubjectInput): Record<string, string> {
  if (subject.kind === 'id') return { subject_id: subject.id };
  if (subject.kind === 'set') return { 'subject_set.namespace': subject.set.namespace, 'subject_set.object': subject.set.object, 'subject_set.relation': subject.set.relation };
  return {};
}

export function subjectOf(tuple: RelationTuple): SubjectInput {
  return tuple.subject_set ? { kind: 'set', set: tuple.subject_set } : { kind: 'id', id: tuple.subject_id ?? '' };
}

/** The query parameters naming exactly this relationship (a deletion's filter, a check). */
export function tupleParams(tuple: RelationTuple): Record<string, string> {
  return { namespace: tuple.namespace, object: tuple.object, relation: tuple.relation, ...subjectParams(subjectOf(tuple)) };
}

/** The JSON body of a relationship to write. */
export function tupleBody(namespace: string, object: string, relation: string, subject: Exclude<SubjectInput, { kind: 'any' }>): RelationTuple {
  return subject.kind === 'id' ? { namespace, object, relation, subject_id: subject.id } : { namespace, object, relation, subject_set: { ...subject.set } };
}
