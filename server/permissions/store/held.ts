/**
 * What one relation (`ns:object#relation`) holds, and an object's hops worked out from that
 * exactly as check_hops answers them (tuple-store.ts). Both in-memory sources of hops share
 * them: the rows kept between checks (kept-rows.ts) and the whole index (tuple-index.ts).
 *
 * Held as few objects as can be, since the index holds a million relationships and the
 * collector walks every object it holds: a subject is one string (an id as it is, a subject
 * set as its relation key, which holds NUL, which no id does), a relation holding one subject
 * is that string, one holding a few an array (subject sets first, in key order, then ids),
 * and only one holding many a Set of its ids beside its subject sets. At a million
 * relationships that is about a third of the memory of an object per subject, and a collection
 * pause a third as long.
 */
import type { Subject, SubjectSet } from '../tuple.js';
import { relationKey, type FollowedSet, type Hop, type HopRequest, type SubjectSetTypes } from './tuple-store.js';

/** Past this many subjects a relation looks its ids up in a Set; below it a scan of the array is quicker and smaller. */
const SCANNED = 16;

class Many {
  constructor(
    /** Subject sets' keys, in key order. */
    readonly sets: string[],
    readonly ids: Set<string>,
  ) {}
}

/** What a relation holds: one subject, a few (subject sets first, in key order), or many; NOTHING for none. */
export type Held = string | readonly string[] | Many;

export const NOTHING: Held = Object.freeze([]);

/** A relation of more rows than are kept (kept-rows.ts): only whether it holds subject sets (they come first in key order). */
export interface TooLong {
  tooLong: true;
  hasSubjectSets: boolean;
}

/** What is known of a relation, by its key: what it holds, that it is too long to keep, or nothing (not read). */
export type Known = (key: string) => Held | TooLong | undefined;

/** A subject as one string: the id, or the subject set's relation key. */
export const subjectText = (subject: Subject): string => ('id' in subject ? subject.id : relationKey(subject.set.namespace, subject.set.object, subject.set.relation));

const isSet = (text: string) => text.includes('\u0000');

/**
 * PostgreSQL's "C" order (UTF-8 bytes), the primary key's: code point order. JavaScript's `<`
 * compares UTF-16 units, which order characters past U+FFFF differently. On relation keys it
 * is the key order of (namespace, object, relation): NUL sorts before every other character.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** Where `key` is, or would go, among subject set keys in key order. */
function place(sets: readonly string[], count: number, key: string): { found: boolean; at: number } {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    const order = compareText(key, sets[middle]!);
    if (order === 0) return { found: true, at: middle };
    if (order < 0) high = middle;
    else low = middle + 1;
  }
  return { found: false, at: low };
}

/** How many of a few subjects are subject sets (they come first). */
function setCount(few: readonly string[]): number {
  let count = 0;
  while (count < few.length && isSet(few[count]!)) count++;
  return count;
}

/** What `subjects` (in key order, as the store reads them: subject sets first) hold. */
export function heldOf(subjects: readonly Subject[]): Held {
  if (subjects.length === 0) return NOTHING;
  if (subjects.length === 1) return subjectText(subjects[0]!);
  const texts = subjects.map(subjectText);
  if (texts.length <= SCANNED) return texts;
  const count = setCount(texts);
  return new Many(texts.slice(0, count), new Set(texts.slice(count)));
}

export function holds(held: Held, text: string): boolean {
  if (typeof held === 'string') return held === text;
  if (held instanceof Many) return isSet(text) ? place(held.sets, held.sets.length, text).found : held.ids.has(text);
  return held.includes(text);
}

/** Its subject sets' keys, in key order. */
export function setKeysOf(held: Held): readonly string[] {
  if (typeof held === 'string') return isSet(held) ? [held] : [];
  if (held instanceof Many) return held.sets;
  const count = setCount(held);
  return count === held.length ? held : held.slice(0, count);
}

function hasSubjectSets(held: Held): boolean {
  if (typeof held === 'string') return isSet(held);
  return held instanceof Many ? held.sets.length > 0 : held.length > 0 && isSet(held[0]!);
}

/** `held` with `text` added; the same `held` when it was there. */
export function withSubject(held: Held | undefined, text: string): Held {
  if (held === undefined) return text;
  if (holds(held, text)) return held;
  if (held instanceof Many) {
    if (isSet(text)) held.sets.splice(place(held.sets, held.sets.length, text).at, 0, text);
    else held.ids.add(text);
    return held;
  }
  const few = typeof held === 'string' ? [held] : [...held];
  const count = setCount(few);
  few.splice(isSet(text) ? place(few, count, text).at : few.length, 0, text);
  if (few.length <= SCANNED) return few;
  const sets = setCount(few);
  return new Many(few.slice(0, sets), new Set(few.slice(sets)));
}

/** `held` without `text`: undefined when nothing is left; the same `held` when it was not there. */
export function withoutSubject(held: Held, text: string): Held | undefined {
  if (!holds(held, text)) return held;
  if (typeof held === 'string') return undefined;
  if (held instanceof Many) {
    if (isSet(text)) held.sets.splice(place(held.sets, held.sets.length, text).at, 1);
    else held.ids.delete(text);
    return held.sets.length + held.ids.size > 0 ? held : undefined;
  }
  const few = held.filter((subject) => subject !== text);
  return few.length === 0 ? undefined : few.length === 1 ? few[0]! : few;
}

const typed = (types: SubjectSetTypes, set: SubjectSet) => types.some((type) => type.namespace === set.namespace && type.relation === set.relation);

export function subjectSetOf(key: string): SubjectSet {
  const [namespace, object, relation] = key.split('\u0000') as [string, string, string];
  return { namespace, object, relation };
}

export const tooLong = (known: Held | TooLong): known is TooLong => typeof known === 'object' && 'tooLong' in known;

/** An object's hops as check_hops answers them, from what its relations and their subject sets hold; undefined where one of those is not known whole. */
export function hopsFrom(namespace: string, object: string, subject: Subject, requests: readonly HopRequest[], limit: number, known: Known): Hop[] | undefined {
  const text = subjectText(subject);
  const hops: Hop[] = [];
  for (const request of requests) {
    const here = known(relationKey(namespace, object, request.relation));
    if (here === undefined || tooLong(here)) return undefined;
    const follow = request.follow;
    // As check_hops: only a strict-mode request (one with `follow`) filters where the subject is looked for.
    const findIn = follow ? (request.findIn ?? follow) : undefined;
    const keys = setKeysOf(here);
    // What each subject set holds, looked up once for both uses below: in a million relationships
    // a lookup is mostly a wait for memory. Most relations hold no subject set: no map for them.
    let looked: Map<string, Held | TooLong | undefined> | undefined;
    const inside = (key: string) => {
      looked ??= new Map();
      if (looked.has(key)) return looked.get(key);
      const inner = known(key);
      looked.set(key, inner);
      return inner;
    };
    let inSubjectSet = false;
    if (request.find) {
      for (const key of keys) {
        if (findIn && !typed(findIn, subjectSetOf(key))) continue;
        const inner = inside(key);
        if (inner === undefined || tooLong(inner)) return undefined;
        if (holds(inner, text)) {
          inSubjectSet = true;
          break;
        }
      }
    }
    const followed = follow ? keys.filter((key) => typed(follow, subjectSetOf(key))) : keys;
    const subjectSets: FollowedSet[] = [];
    for (const key of followed.slice(0, limit)) {
      const inner = inside(key);
      // Not read for a traverse's parents, which are followed whether they hold subject sets or
      // not; a check's must be known, or the engine would follow sets check_hops says not to.
      if (inner === undefined && request.find) return undefined;
      subjectSets.push({ ...subjectSetOf(key), hasSubjectSets: inner === undefined || (tooLong(inner) ? inner.hasSubjectSets : hasSubjectSets(inner)) });
    }
    hops.push({ direct: request.direct && holds(here, text), inSubjectSet, subjectSets, more: followed.length > limit });
  }
  return hops;
}
