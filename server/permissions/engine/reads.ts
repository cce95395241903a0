/**
 * What a check reads, one statement per object it visits. Asked about one relation of an object,
 * it reads at once every relation of that object the relation's rule can reach there (the
 * relations it names, those it names in turn, the relations it traverses), so a rule like
 * `viewers || edit || parents.traverse(view)` costs one round trip per object, not one per
 * operand. Answers are kept for the rest of the check.
 */
import { relationOf, type Namespaces } from '../namespaces.js';
import type { RelationModel, RewriteChild } from '../opl/ast.js';
import type { Hop, HopRequest, TupleStore } from '../store/tuple-store.js';
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

export class CheckReads {
  private readonly known = new Map<string, Hop>();

  /**
   * `wholeObjects`: read every relation of an object the first time it is visited, for a caller
   * about to ask about many of them (a permission list): one statement per object in all.
   */
  constructor(
    private readonly store: TupleStore,
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
    const key = (relation: string, as: Use) => JSON.stringify([set.namespace, set.object, relation, as]);
    const known = this.known.get(key(set.relation, use));
    if (known) return known;
    const wanted = new Map<string, HopRequest>();
    const want = (relation: string, as: Use) => {
      if (wanted.has(key(relation, as)) || this.known.has(key(relation, as))) return;
      wanted.set(key(relation, as), this.request(set.namespace, relation, as));
      if (as === 'check') this.reachable(set.namespace, relation, want);
    };
    want(set.relation, use);
    if (this.wholeObjects) this.everyRelation(set.namespace, want);
    const hops = await this.store.hops(set.namespace, set.object, this.subject, [...wanted.values()], this.settings.maxReadWidth);
    [...wanted.keys()].forEach((k, i) => this.known.set(k, hops[i]!));
    return this.known.get(key(set.relation, use))!;
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
