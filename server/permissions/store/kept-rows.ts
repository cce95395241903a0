/**
 * The relationship rows checks read, kept between checks until the relationships change, so a
 * check never asked before, of a subject never seen before, on objects read before, touches the
 * database not at all. What is kept is, for each relation read (`ns:object#relation`),
 * everything stored in it: its subject ids and its subject sets in key order, or that it holds
 * nothing (most relations a rule names hold nothing on most objects). These rows answer for
 * every subject.
 *
 * A hop is answered from them exactly as check_hops answers it (tuple-store.ts): the tuple
 * itself is stored when the relation holds the subject; the subject is directly in one of the
 * relation's subject sets when what one of them holds names it; the subject sets to follow are
 * the relation's, filtered as strict mode filters them, each holding subject sets itself when
 * what it holds does. So a hop needs a relation and the relations of its subject sets: both
 * levels are read in one statement, for every object a check reads at once (a level of
 * readAhead's), and only what is not kept.
 *
 * Kept exactly as long as the check answers are (kept-answers.ts): until the next change heard
 * through the schema's change triggers, whoever wrote it, or this service's own write; nothing
 * while changes are not heard. A relation holding more than LONGEST_KEPT rows is not kept whole:
 * a check meeting it (or a subject set of it) reads that object's hops from the database.
 */
import { LRUCache } from 'lru-cache';
import type { UntilNextWrite } from '../../db/until-next-write.js';
import type { Subject } from '../tuple.js';
import { heldOf, hopsFrom, setKeysOf, subjectSetOf, tooLong, type Held, type TooLong } from './held.js';
import { SharedReads } from './shared-reads.js';
import { relationKey, type RelationRead, type Hop, type HopRequest, type HopSource, type TupleStore } from './tuple-store.js';

/** The most rows of one relation kept whole. */
export const LONGEST_KEPT = 1_000;
/**
 * The most relations one statement reads (it stops there), each of at most LONGEST_KEPT + 1 rows.
 * A relation left unread is read by the next check that needs it; this one reads its object's
 * hops from the database.
 */
const RELATIONS_READ_AT_ONCE = 2_000;
/** About the memory kept, estimated from the rows' lengths (keptOf). */
export const BYTES_KEPT = 64 * 1024 * 1024;

type Kept = Held | TooLong;

/**
 * What a relation's rows (in key order) hold, with its rough bytes in the heap for the budget:
 * strings are two bytes a character, plus what holds them.
 */
function keptOf(key: string, rows: readonly Subject[]): { value: Kept; size: number } {
  let size = 160 + 2 * key.length;
  // The store reads one row more than is kept: more means too long.
  if (rows.length > LONGEST_KEPT) return { value: { tooLong: true, hasSubjectSets: 'set' in rows[0]! }, size };
  for (const row of rows) size += 'id' in row ? 48 + 2 * row.id.length : 64 + 2 * (row.set.namespace.length + row.set.object.length + row.set.relation.length);
  return { value: heldOf(rows), size };
}

export class KeptRows implements HopSource {
  /** The generation of the change signal what is kept belongs to. */
  private generation: number | undefined;
  private readonly kept = new LRUCache<string, Kept>({ maxSize: BYTES_KEPT });
  private readonly reads = new SharedReads<Kept>((relations) => this.readAndKeep(relations), RELATIONS_READ_AT_ONCE);

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

  /** Each object's hops from kept rows, reading what is not kept; undefined for an object they cannot answer (or all, while nothing is kept). */
  private async answer(namespace: string, objects: readonly string[], subject: Subject, requests: readonly HopRequest[], limit: number): Promise<(Hop[] | undefined)[]> {
    const generation = this.current();
    if (generation === undefined) return objects.map(() => undefined);
    // What this answer uses, held apart from the LRU, which may drop some of it meanwhile.
    const found = new Map<string, Kept>();
    let read: ReadonlyMap<string, Kept> | undefined;
    const lookUp = (key: string): Kept | undefined => {
      let value = found.get(key) ?? read?.get(key);
      if (!value) {
        value = this.kept.get(key);
        if (value) found.set(key, value);
      }
      return value;
    };
    const unread = this.unread(namespace, objects, requests, lookUp);
    // With what other checks read meanwhile (shared-reads.ts): more than this one asked for, all of it whole.
    if (unread.length > 0) read = await this.reads.contentsOf(unread.slice(0, RELATIONS_READ_AT_ONCE));
    return objects.map((object) => hopsFrom(namespace, object, subject, requests, limit, lookUp));
  }

  /** One statement's reading, kept unless a change was heard while it read (it may or may not hold the change). */
  private async readAndKeep(relations: readonly RelationRead[]): Promise<ReadonlyMap<string, Kept>> {
    const generation = this.current();
    const rows = await this.store.contentsOf(relations, LONGEST_KEPT + 1, RELATIONS_READ_AT_ONCE);
    const keep = generation !== undefined && this.changes.keptUntilChange() === generation;
    const read = new Map<string, Kept>();
    for (const [key, held] of rows) {
      const { value, size } = keptOf(key, held);
      read.set(key, value);
      if (keep) this.kept.set(key, value, { size });
    }
    return read;
  }

  /**
   * The relations the hops need that are not kept: the requests' relations of each object (with
   * what their subject sets hold, for a request looking for the subject in them), and what the
   * subject sets of kept ones hold.
   */
  private unread(namespace: string, objects: readonly string[], requests: readonly HopRequest[], lookUp: (key: string) => Kept | undefined): RelationRead[] {
    const inside = new Map<string, boolean>();
    for (const request of requests) inside.set(request.relation, (inside.get(request.relation) ?? false) || request.find);
    const unread = new Map<string, RelationRead>();
    for (const object of objects) {
      for (const [relation, needsInside] of inside) {
        const key = relationKey(namespace, object, relation);
        const here = lookUp(key);
        if (here === undefined) unread.set(key, { set: { namespace, object, relation }, inside: needsInside || (unread.get(key)?.inside ?? false) });
        else if (needsInside && !tooLong(here)) {
          for (const key of setKeysOf(here)) if (lookUp(key) === undefined && !unread.has(key)) unread.set(key, { set: subjectSetOf(key), inside: false });
        }
      }
    }
    return [...unread.values()];
  }

  /** The signal's generation, with what was kept under another one dropped. */
  private current(): number | undefined {
    const generation = this.changes.keptUntilChange();
    if (generation !== this.generation) {
      this.kept.clear();
      this.generation = generation;
    }
    return generation;
  }
}
