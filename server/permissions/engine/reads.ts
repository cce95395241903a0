/**
 * What a check reads. Asked about one relation of an object, it reads at once every relation of
 * that object the relation's rule can reach there (the relations it names, those it names in
 * turn, the relations it traverses), so a rule like `viewers || edit || parents.traverse(view)`
 * costs one round trip per object, not one per operand; and the objects a check is about to go
 * on to from one place (subject sets, a traverse's parents) are read together, a level of them
 * a statement (readAhead). Answers are kept for the rest of the check. From a source holding
 * every relationship in memory (tuple-index.ts) there is no round trip to save: each hop is
 * read when the check asks for it, and nothing ahead.
 */
import { relationOf, type Namespaces } from '../namespaces.js';
import type { RelationModel, Rewrite, RewriteChild } from '../opl/ast.js';
import type { Hop, HopRequest, HopSource } from '../store/tuple-store.js';
import type { Subject, SubjectSet } from '../tuple.js';
import type { EngineSettings } from './check.js';

/** A relation read for a check of it (its tuple, its subject sets), or only for its subject sets to traverse. */
type Use = 'check' | 'traverse';

/** Whether a tuple `…@subject` may stand for the relation by itself: Keto's strict-mode test. */
export function allowsDirectMember(relation: RelationModel | undefined, subject: Subject): boolean {
  if ('id' in subject) return !relation?.rewrite;
  if (!relation || relation.rewrite) return false;
  return relation.types.some((type) => type.namespace === subject.set.namespace && type.relation === subject.set.relation);
}

/** The most objects read ahead a level below the first: a bound on what a check reads that it may not need. */
export const READ_AHEAD_OBJECTS = 200;

/** An object a check may go on to, and the depth it would be checked at. */
interface Ahead {
  set: SubjectSet;
  depth: number;
}

/** Names hold no NUL character (wire.ts refuses one): joined with it, they are one key, cheaper to make than JSON. */
const keyOf = (namespace: string, object: string, relation: string, use: Use) => `${namespace}\u0000${object}\u0000${relation}\u0000${use}`;

export class CheckReads {
  private readonly known = new Map<string, Hop>();

  /**
   * `wholeObjects`: read every relation of an object the first time it is visited, for a caller
   * about to ask about many of them (a permission list): one statement per object in all.
   */
  constructor(
    private readonly store: HopSource,
    private readonly namespaces: Namespaces,
    private readonly settings: EngineSettings,
    private readonly subject: Subject,
    private readonly wholeObjects = false,
  ) {}

  /** The tuple `set@subject`, the subject directly in one of set's subject sets, and those subject sets (strict mode: the declared ones). */
  check(set: SubjectSet): Promise<Hop> {
    return this.read(set, 'check');
  }

  /** Every subject set in `set`, for `traverse`. */
  traverse(set: SubjectSet): Promise<Hop> {
    return this.read(set, 'traverse');
  }

  private async read(set: SubjectSet, use: Use): Promise<Hop> {
    const key = keyOf(set.namespace, set.object, set.relation, use);
    const known = this.known.get(key);
    if (known) return known;
    if (this.store.inMemory) {
      // Each hop when asked, and only it: no statement to share.
      const [hop] = await this.store.hops(set.namespace, set.object, this.subject, [this.request(set.namespace, set.relation, use)], this.settings.maxReadWidth);
      this.known.set(key, hop!);
      return hop!;
    }
    const wanted = this.wanted(set.namespace, set.relation, use, (relation, as) => this.known.has(keyOf(set.namespace, set.object, relation, as)));
    const hops = await this.store.hops(set.namespace, set.object, this.subject, [...wanted.values()], this.settings.maxReadWidth);
    [...wanted.keys()].forEach((k, i) => this.known.set(keyOf(set.namespace, set.object, ...k), hops[i]!));
    return this.known.get(keyOf(set.namespace, set.object, set.relation, use))!;
  }

  /**
   * Reads ahead what checks of each of `sets`, at `depth`, will read, one statement per namespace
   * and relation rather than one per object: the subject sets a check is about to follow from
   * one place, the parents a traverse reaches. Then the same for what those hops lead to (the
   * subject sets they hold worth following, the objects their traversed relations reach), as
   * far down as the check's depth accounting lets it go from there, at most READ_AHEAD_OBJECTS
   * objects a level: the tree a check walks depth-first is read breadth-first, a level a
   * statement. What is read of an object is exactly what `check` would read of it; objects read
   * already are left out, and an object alone at its place is left to `check`, which reads it
   * only if the check gets there.
   */
  async readAhead(sets: readonly SubjectSet[], depth: number): Promise<void> {
    if (this.store.inMemory) return;
    let level = sets.map((set) => ({ set, depth }));
    while (level.length > 0) level = this.nextLevel(await this.readLevel(level)).slice(0, READ_AHEAD_OBJECTS);
  }

  /** The hops of `level`'s objects, a statement per namespace and relation holding two or more; each with the depth the check reaches it at. */
  private async readLevel(level: readonly Ahead[]): Promise<{ namespace: string; key: [string, Use]; hop: Hop; depth: number | undefined }[]> {
    const groups = new Map<string, { namespace: string; relation: string; objects: Map<string, number> }>();
    for (const { set, depth } of level) {
      if (depth <= 0 || this.known.has(keyOf(set.namespace, set.object, set.relation, 'check'))) continue;
      const group = JSON.stringify([set.namespace, set.relation]);
      let entry = groups.get(group);
      if (!entry) groups.set(group, (entry = { namespace: set.namespace, relation: set.relation, objects: new Map() }));
      entry.objects.set(set.object, Math.max(depth, entry.objects.get(set.object) ?? 0));
    }
    const read: { namespace: string; key: [string, Use]; hop: Hop; depth: number | undefined }[] = [];
    for (const { namespace, relation, objects } of groups.values()) {
      if (objects.size < 2) continue;
      const wanted = this.wanted(namespace, relation, 'check', () => false);
      const list = [...objects.keys()];
      const hops = await this.store.hopsOfObjects(namespace, list, this.subject, [...wanted.values()], this.settings.maxReadWidth);
      list.forEach((object, o) => {
        const depths = this.depths(namespace, relation, objects.get(object)!);
        [...wanted.keys()].forEach((k, i) => {
          const key = keyOf(namespace, object, ...k);
          // Read meanwhile: the first answer stands for the rest of the check.
          if (this.known.has(key)) return;
          this.known.set(key, hops[o]![i]!);
          read.push({ namespace, key: k, hop: hops[o]![i]!, depth: depths.get(JSON.stringify(k)) });
        });
      });
    }
    return read;
  }

  /** Where the check goes from these hops, and at what depth: the subject sets worth following, and the objects traversed to. */
  private nextLevel(read: readonly { namespace: string; key: [string, Use]; hop: Hop; depth: number | undefined }[]): Ahead[] {
    const next: Ahead[] = [];
    for (const { namespace, key, hop, depth } of read) {
      // Following a subject set, or going to a traversed object, costs a level, and a check needs one left.
      if (depth === undefined || depth <= 1) continue;
      const [relation, use] = key;
      if (use === 'check') {
        for (const set of hop.subjectSets) {
          if (set.hasSubjectSets || this.model(set.namespace, set.relation)?.rewrite)
            next.push({ set: { namespace: set.namespace, object: set.object, relation: set.relation }, depth: depth - 1 });
        }
      } else {
        for (const computed of this.traversedTo(namespace, relation)) {
          for (const parent of hop.subjectSets) next.push({ set: { namespace: parent.namespace, object: parent.object, relation: computed }, depth: depth - 1 });
        }
      }
    }
    return next;
  }

  /**
   * The depth each relation of an object read for `relation` is worked out at, when the check
   * asks about `relation` there at `depth`, by check.ts's accounting: an `||` operand naming a
   * relation and a group a level down, `&&` and `!` operands at the same level, a traverse's
   * parents a level down from where it is.
   */
  private depths(namespace: string, relation: string, depth: number): Map<string, number> {
    const at = new Map<string, number>();
    const record = (name: string, as: Use, d: number) => {
      const id = JSON.stringify([name, as]);
      if ((at.get(id) ?? -Infinity) >= d) return false;
      at.set(id, d);
      return true;
    };
    const check = (name: string, d: number): void => {
      if (!record(name, 'check', d)) return;
      const rewrite = this.model(namespace, name)?.rewrite;
      if (rewrite) walk(rewrite, d);
    };
    const walk = (rewrite: Rewrite, d: number): void => {
      if (d <= 0) return;
      for (const child of rewrite.children) operand(child, d, rewrite.operator === 'or');
    };
    const operand = (child: RewriteChild, d: number, union: boolean): void => {
      if (child.kind === 'computed') check(child.relation, union ? d - 1 : d);
      else if (child.kind === 'traverse') record(child.relation, 'traverse', d);
      else if (child.kind === 'rewrite') walk(child, d - 1);
      else if (child.child.kind === 'rewrite') walk(child.child, d);
      else operand(child.child, d, false);
    };
    check(relation, depth);
    return at;
  }

  /** The relations a rule of the namespace checks on the objects `relation` holds (`relation.traverse((p) => p.permits.<it>(ctx))`). */
  private traversedTo(namespace: string, relation: string): Set<string> {
    const found = new Set<string>();
    const visit = (child: RewriteChild): void => {
      if (child.kind === 'traverse') {
        if (child.relation === relation) found.add(child.computedRelation);
      } else if (child.kind === 'not') visit(child.child);
      else if (child.kind === 'rewrite') child.children.forEach(visit);
    };
    for (const model of this.namespaces.get(namespace)?.relations ?? []) if (model.rewrite) visit(model.rewrite);
    return found;
  }

  /** What to read of an object for a relation: it and what its rule reaches there, `skip` left out; the same for every object of the namespace. */
  private wanted(namespace: string, relation: string, use: Use, skip: (relation: string, as: Use) => boolean): Map<[string, Use], HopRequest> {
    const wanted = new Map<string, { key: [string, Use]; request: HopRequest }>();
    const want = (name: string, as: Use) => {
      const id = JSON.stringify([name, as]);
      if (wanted.has(id) || skip(name, as)) return;
      wanted.set(id, { key: [name, as], request: this.request(namespace, name, as) });
      if (as === 'check') this.reachable(namespace, name, want);
    };
    want(relation, use);
    if (this.wholeObjects) this.everyRelation(namespace, want);
    return new Map([...wanted.values()].map(({ key, request }) => [key, request]));
  }

  /** Every relation of the namespace's model, and every relation its rules traverse. */
  private everyRelation(namespace: string, want: (relation: string, as: Use) => void): void {
    for (const relation of this.namespaces.get(namespace)?.relations ?? []) {
      want(relation.name, 'check');
      this.reachable(namespace, relation.name, (name, as) => as === 'traverse' && want(name, as));
    }
  }

  /** The relations of the same object the relation's rule names or traverses. */
  private reachable(namespace: string, relation: string, want: (relation: string, as: Use) => void): void {
    const visit = (child: RewriteChild): void => {
      if (child.kind === 'computed') want(child.relation, 'check');
      else if (child.kind === 'traverse') want(child.relation, 'traverse');
      else if (child.kind === 'not') visit(child.child);
      else child.children.forEach(visit);
    };
    const rewrite = this.model(namespace, relation)?.rewrite;
    if (rewrite) visit(rewrite);
  }

  private request(namespace: string, relation: string, use: Use): HopRequest {
    if (use === 'traverse') return { relation, direct: false, find: false };
    if (!this.settings.strictMode) return { relation, direct: true, find: true };
    // Strict mode follows only the declared subject sets, and finds the subject directly only in
    // those whose relation may hold it directly.
    const follow = (this.model(namespace, relation)?.types ?? []).filter((type) => type.relation !== '');
    const findIn = follow.filter((type) => allowsDirectMember(this.model(type.namespace, type.relation), this.subject));
    return { relation, direct: true, find: true, follow, findIn };
  }

  /** The model's relation, if any: reading ahead never refuses; the check refuses when it gets there. */
  private model(namespace: string, relation: string): RelationModel | undefined {
    try {
      return relationOf(this.namespaces, namespace, relation);
    } catch {
      return undefined;
    }
  }
}
