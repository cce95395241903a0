/**
 * The relationship rows checks read, kept between checks until the relationships change, so a
 * check for a new subject on objects read before touches the database once at most. Two kinds of
 * rows are kept, each answering for any subject:
 *
 * - of each relation read (`ns:object#relation`), its subject sets in key order, each with
 *   whether it holds subject sets itself: the structure checks walk (groups in groups, a
 *   traverse's parents), shared by every subject;
 * - of each subject asked about, the relations it is stored in directly (the subject index).
 *
 * From these a hop is answered exactly as check_hops answers it (tuple-store.ts): the tuple
 * itself is stored when the relation holds the subject; the subject is directly in one of the
 * relation's subject sets when one of them holds it; the subject sets to follow are the kept
 * ones, filtered as strict mode filters them. Rows are read only for what is not kept: an
 * object's relations in one plain range read, the subject's in another.
 *
 * Kept exactly as long as the check answers are (kept-answers.ts): until the next change heard
 * through the schema's change triggers, whoever wrote it, or this service's own write; nothing
 * while changes are not heard. Lists longer than LONGEST_KEPT (objects with thousands of subject
 * sets, a subject stored in thousands of relations) are not kept: a check meeting one reads those
 * objects' hops from the database as before.
 */
import { LRUCache } from 'lru-cache';
import type { UntilNextWrite } from '../../db/until-next-write.js';
import type { Subject, SubjectSet } from '../tuple.js';
import type { FollowedSet, Hop, HopRequest, HopSource, SubjectSetTypes, TupleStore } from './tuple-store.js';

/** The longest list of subject sets, or of a subject's relations, kept whole. */
export const LONGEST_KEPT = 1_000;
/** The most rows one read of objects' subject sets takes: more, and none of them is kept. */
const ROWS_READ_AT_ONCE = 4 * LONGEST_KEPT;
/** Kept rows in all (a relation or subject counts one more): about 30 MB at most. */
export const ROWS_KEPT = 200_000;

/** A list longer than LONGEST_KEPT (or read with others too long in all): its hops are read from the database. */
const TOO_LONG = 'too long';
type SetsOf = readonly FollowedSet[] | typeof TOO_LONG;
type Holding = ReadonlySet<string> | typeof TOO_LONG;

/** Database text holds no NUL character: the key of a relation is unambiguous. */
const relationKey = (namespace: string, object: string, relation: string) => `${namespace}\u0000${object}\u0000${relation}`;
const subjectKey = (subject: Subject) => ('id' in subject ? subject.id : `\u0000${relationKey(subject.set.namespace, subject.set.object, subject.set.relation)}`);
const sizeOf = (value: SetsOf | Holding) => 1 + (value === TOO_LONG ? 0 : 'size' in value ? value.size : value.length);
const typed = (types: SubjectSetTypes, set: SubjectSet) => types.some((type) => type.namespace === set.namespace && type.relation === set.relation);

export class KeptRows implements HopSource {
  /** The generation of the change signal what is kept belongs to. */
  private generation: number | undefined;
  private readonly sets = new LRUCache<string, SetsOf>({ maxSize: ROWS_KEPT, sizeCalculation: sizeOf });
  private readonly holding = new LRUCache<string, Holding>({ maxSize: ROWS_KEPT / 4, sizeCalculation: sizeOf });

  constructor(
    private readonly store: TupleStore,
    private readonly changes: UntilNextWrite,
  ) {}

  async hops(namespace: string, object: string, subject: Subject, requests: readonly HopRequest[], limit: number): Promise<Hop[]> {
    const [hops] = await this.answer(namespace, [object], subject, requests, limit);
    return hops ?? this.store.hops(namespace, object, subject, requests, limit);
  }

  async hopsOfObjects(namespace: string, objects: readonly string[], subject: Subject, requests: readonly HopRequest[], limit: number): Promise<Hop[][]> {
    const answered = await this.answer(namespace, objects, subject, requests, limit);
    const unanswered = objects.filter((_, i) => !answered[i]);
    if (unanswered.length === 0) return answered as Hop[][];
    const read = await this.store.hopsOfObjects(namespace, unanswered, subject, requests, limit);
    let next = 0;
    return answered.map((hops) => hops ?? read[next++]!);
  }

  /** Each object's hops from kept rows, reading what is not kept; undefined for an object whose rows are too long to keep (or all, while nothing is kept). */
  private async answer(namespace: string, objects: readonly string[], subject: Subject, requests: readonly HopRequest[], limit: number): Promise<(Hop[] | undefined)[]> {
    const generation = this.current();
    if (generation === undefined) return objects.map(() => undefined);
    const who = subjectKey(subject);
    const relations = [...new Set(requests.map((request) => request.relation))];
    const found = new Map<string, SetsOf>();
    const unread = new Set<string>();
    for (const object of objects) {
      for (const relation of relations) {
        const key = relationKey(namespace, object, relation);
        const kept = this.sets.get(key);
        if (kept) found.set(key, kept);
        else unread.add(object);
      }
    }
    const keptHolding = this.holding.get(who);
    if (unread.size > 0 || !keptHolding) {
      // Two plain reads at once (on PostgreSQL, on two connections of the pool).
      const [read, holds] = await Promise.all([
        unread.size > 0 ? this.store.subjectSetsOf(namespace, [...unread], relations, ROWS_READ_AT_ONCE) : undefined,
        keptHolding ? undefined : this.store.holding(subject, LONGEST_KEPT),
      ]);
      // A change heard while reading may or may not be in what was read: use it, keep none of it.
      const keep = this.changes.keptUntilChange() === generation;
      if (unread.size > 0) {
        const lists = new Map<string, FollowedSet[]>();
        for (const object of unread) for (const relation of relations) lists.set(relationKey(namespace, object, relation), []);
        for (const row of read ?? []) lists.get(relationKey(namespace, row.object, row.relation))!.push(row.set);
        for (const [key, sets] of lists) {
          // Too many rows in all: which lists were cut is not known, so none of them is used.
          const value: SetsOf = read && sets.length <= LONGEST_KEPT ? sets : TOO_LONG;
          found.set(key, value);
          if (keep && read) this.sets.set(key, value);
        }
      }
      if (!keptHolding) {
        const value: Holding = holds ? new Set(holds.map((set) => relationKey(set.namespace, set.object, set.relation))) : TOO_LONG;
        if (keep) this.holding.set(who, value);
        return this.hopsOf(namespace, objects, found, value, requests, limit);
      }
    }
    return this.hopsOf(namespace, objects, found, keptHolding, requests, limit);
  }

  private hopsOf(
    namespace: string,
    objects: readonly string[],
    found: Map<string, SetsOf>,
    holding: Holding,
    requests: readonly HopRequest[],
    limit: number,
  ): (Hop[] | undefined)[] {
    if (holding === TOO_LONG) return objects.map(() => undefined);
    return objects.map((object) => {
      const hops: Hop[] = [];
      for (const request of requests) {
        const key = relationKey(namespace, object, request.relation);
        const sets = found.get(key)!;
        if (sets === TOO_LONG) return undefined;
        hops.push(hopOf(key, sets, holding, request, limit));
      }
      return hops;
    });
  }

  /** The signal's generation, with what was kept under another one dropped. */
  private current(): number | undefined {
    const generation = this.changes.keptUntilChange();
    if (generation !== this.generation) {
      this.sets.clear();
      this.holding.clear();
      this.generation = generation;
    }
    return generation;
  }
}

/** A hop as check_hops answers it, from the relation's subject sets and the relations holding the subject. */
function hopOf(key: string, sets: readonly FollowedSet[], holding: ReadonlySet<string>, request: HopRequest, limit: number): Hop {
  const follow = request.follow;
  // As check_hops: only a strict-mode request (one with `follow`) filters where the subject is looked for.
  const findIn = follow ? (request.findIn ?? follow) : undefined;
  const direct = request.direct && holding.has(key);
  let inSubjectSet = false;
  if (request.find && holding.size > 0) {
    inSubjectSet = sets.some((set) => (!findIn || typed(findIn, set)) && holding.has(relationKey(set.namespace, set.object, set.relation)));
  }
  const followed = follow ? sets.filter((set) => typed(follow, set)) : sets;
  return { direct, inSubjectSet, subjectSets: followed.length > limit ? followed.slice(0, limit) : [...followed], more: followed.length > limit };
}
