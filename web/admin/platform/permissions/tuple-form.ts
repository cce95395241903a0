/**
 * A relationship form's values, flat, and what they become: Keto's query parameters (a filter, a
 * check, an expand) or a relationship to write. Which fields are required depends on the subject's
 * kind, so the forms say what is missing once they were submitted, for every field at once.
 */
import { useState } from 'react';
import type { Translate } from '../../../lib/translator.js';
import type { FieldBinding } from '../../../ui/form/use-form-state.js';
import type { KetoParams } from './queries.js';
import { subjectParams, tupleBody, type RelationTuple, type SubjectInput } from './relation-tuples.js';
import type { SubjectBindings } from './TupleFields.js';

export type SubjectKind = SubjectInput['kind'];

export interface TupleValues {
  namespace: string | null;
  object: string;
  relation: string;
  subjectKind: SubjectKind | null;
  subjectId: string;
  setNamespace: string | null;
  setObject: string;
  setRelation: string;
  /** Empty for the service's own limit. */
  maxDepth: number;
}

export function emptyTuple(subjectKind: SubjectKind | null, namespace: string | null = null): TupleValues {
  return { namespace, object: '', relation: '', subjectKind, subjectId: '', setNamespace: null, setObject: '', setRelation: '', maxDepth: Number.NaN };
}

type Name = keyof TupleValues;

/** The fields a subject of this kind needs (a subject set's relation may be empty: `User:ana#`). */
function subjectRequired(values: TupleValues): Name[] {
  if (values.subjectKind === 'id') return ['subjectId'];
  if (values.subjectKind === 'set') return ['setNamespace', 'setObject'];
  return [];
}

export const NEEDS_TUPLE = (values: TupleValues): Name[] => ['namespace', 'object', 'relation', 'subjectKind', ...subjectRequired(values)];
export const NEEDS_SUBJECT_SET = (): Name[] => ['namespace', 'object', 'relation'];
export const NEEDS_FILTER = (values: TupleValues): Name[] => subjectRequired(values);

const blank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

export function useTupleForm(t: Translate, initial: TupleValues, required: (values: TupleValues) => Name[]) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const missing = new Set(required(values).filter((name) => blank(values[name])));

  function field<K extends Name>(name: K): FieldBinding<TupleValues[K]> {
    return {
      value: values[name],
      onChange: (value) => setValues((current) => ({ ...current, [name]: value })),
      onBlur: () => undefined,
      error: tried && missing.has(name) ? t('admin.fieldRequired') : undefined,
    };
  }

  const subject: SubjectBindings = {
    kind: field('subjectKind'),
    id: field('subjectId'),
    setNamespace: field('setNamespace'),
    setObject: field('setObject'),
    setRelation: field('setRelation'),
  };

  /** Marks what is missing; true when nothing is. */
  function validate(): boolean {
    setTried(true);
    return missing.size === 0;
  }

  function reset(next: TupleValues = initial) {
    setValues(next);
    setTried(false);
  }

  return { values, field, subject, validate, reset };
}

const given = (value: string | null) => (value === null || value.trim() === '' ? undefined : value.trim());

function subjectOfValues(values: TupleValues): SubjectInput {
  if (values.subjectKind === 'id') return { kind: 'id', id: values.subjectId.trim() };
  if (values.subjectKind === 'set') return { kind: 'set', set: { namespace: values.setNamespace ?? '', object: values.setObject.trim(), relation: values.setRelation.trim() } };
  return { kind: 'any' };
}

/** A filter's parameters: what was given, `anyNamespace` standing for no namespace. */
export function filterParams(values: TupleValues, anyNamespace: string): KetoParams {
  const namespace = values.namespace === anyNamespace ? undefined : given(values.namespace);
  return { namespace, object: given(values.object), relation: given(values.relation), ...subjectParams(subjectOfValues(values)) };
}

/** A check's parameters: the whole relationship, and the depth when one was given. */
export function checkParams(values: TupleValues): KetoParams {
  return { namespace: values.namespace ?? '', object: values.object.trim(), relation: values.relation.trim(), ...subjectParams(subjectOfValues(values)), ...depthOf(values) };
}

/** An expand's parameters: the subject set to expand, and the depth when one was given. */
export function expandParams(values: TupleValues): KetoParams {
  return { namespace: values.namespace ?? '', object: values.object.trim(), relation: values.relation.trim(), ...depthOf(values) };
}

function depthOf(values: TupleValues): KetoParams {
  return Number.isFinite(values.maxDepth) ? { 'max-depth': values.maxDepth } : {};
}

export function tupleOf(values: TupleValues): RelationTuple {
  const subject = subjectOfValues(values);
  if (subject.kind === 'any') throw new Error('A relationship needs a subject');
  return tupleBody(values.namespace ?? '', values.object.trim(), values.relation.trim(), subject);
}
