/**
 * Expand: who is in `namespace:object#relation`, as a tree. A relation's tuples make a union of
 * their subjects, each subject set expanded in turn one level down; a relation with a rule makes
 * the rule's tree (union, intersection, exclusion for `!`), as Keto builds it with its
 * `expand_rewrites` flag — without it a rule's relation would expand to its own tuples, which a
 * rule's relation rarely has. Depth counts as in Keto: a relation expands only while more than
 * one level is left; a subject set already being expanded further up is not expanded again.
 */
import { relationOf, type Namespaces } from '../namespaces.js';
import type { RelationModel, Rewrite, RewriteChild, TupleToSubjectSet } from '../opl/ast.js';
import type { TupleKey, TupleStore } from '../store/tuple-store.js';
import type { Subject, SubjectSet } from '../tuple.js';
import { effectiveDepth, type EngineSettings } from './check.js';

/** Keto's default `limit.max_expand_size`: a tree stops growing at about this many subjects. */
export const EXPAND_MAX_NODES = 4000;
const PAGE_SIZE = 100;

export interface ExpandTree {
  type: 'union' | 'intersection' | 'exclusion' | 'leaf';
  /** Absent for an exclusion and for a group inside a rule, which stand for no one subject. */
  subject?: Subject;
  children: ExpandTree[];
}

/** Undefined only in strict mode, for a relation the model does not declare or gives neither types nor a rule. */
export async function expandSubjectSet(store: TupleStore, namespaces: Namespaces, settings: EngineSettings, root: SubjectSet, maxDepth?: number): Promise<ExpandTree | undefined> {
  if (settings.strictMode) {
    const declared = namespaces.get(root.namespace)?.relations.find((r) => r.name === root.relation);
    if (!declared || (declared.types.length === 0 && !declared.rewrite)) return undefined;
  }
  return new Expansion(store, namespaces, settings.strictMode).build(root, effectiveDepth(maxDepth, settings.maxReadDepth));
}

const leaf = (subject: Subject): ExpandTree => ({ type: 'leaf', subject, children: [] });

/** Cheaper operands first, as Keto orders them: named relations, traversals, groups, inversions. */
const COST: Record<RewriteChild['kind'], number> = { computed: 0, traverse: 1, rewrite: 2, not: 3 };

class Expansion {
  private nodes = 0;
  private readonly path = new Set<string>();

  constructor(
    private readonly store: TupleStore,
    private readonly namespaces: Namespaces,
    private readonly strict: boolean,
  ) {}

  private full(): boolean {
    return this.nodes >= EXPAND_MAX_NODES;
  }

  async build(set: SubjectSet, depth: number): Promise<ExpandTree | undefined> {
    if (set.relation === '') {
      this.nodes++;
      return leaf({ set });
    }
    const key = JSON.stringify([set.namespace, set.object, set.relation]);
    if (this.path.has(key)) return { type: 'union', subject: { set }, children: [] };
    this.path.add(key);
    try {
      let relation: RelationModel | undefined;
      try {
        relation = relationOf(this.namespaces, set.namespace, set.relation);
      } catch {
        // Keto expands a relation the model does not declare as plain tuples, outside strict mode.
        if (this.strict) return undefined;
      }
      if (relation?.rewrite) return await this.rewrite(set, relation.rewrite, depth);
      return await this.tuples(set, relation, depth);
    } finally {
      this.path.delete(key);
    }
  }

  /** The relation's own tuples: subject ids as leaves, subject sets expanded one level down. */
  private async tuples(set: SubjectSet, relation: RelationModel | undefined, depth: number): Promise<ExpandTree> {
    const tree: ExpandTree = { type: 'union', subject: { set }, children: [] };
    if (this.full() || depth <= 1) return tree;
    let after: TupleKey | undefined;
    do {
      const page = await this.store.list(set, PAGE_SIZE, after);
      after = page.next;
      const subjects = page.tuples
        .map((tuple) => tuple.subject)
        // Strict mode shows only the subject sets the model declares for the relation.
        .filter(
          (subject) => !this.strict || !relation || 'id' in subject || relation.types.some((t) => t.namespace === subject.set.namespace && t.relation === subject.set.relation),
        );
      this.nodes += subjects.length;
      for (const subject of subjects) {
        const child = 'set' in subject && subject.set.relation !== '' ? await this.build(subject.set, depth - 1) : leaf(subject);
        tree.children.push(child ?? { type: 'union', subject, children: [] });
      }
    } while (after && !this.full());
    return tree;
  }

  private async rewrite(set: SubjectSet, rewrite: Rewrite, depth: number): Promise<ExpandTree> {
    const tree: ExpandTree = { type: rewrite.operator === 'and' ? 'intersection' : 'union', subject: { set }, children: [] };
    const ordered = [...rewrite.children].sort((a, b) => COST[a.kind] - COST[b.kind]);
    for (const child of ordered) {
      const subtree = await this.operand(set, child, depth);
      if (subtree) tree.children.push(child.kind === 'rewrite' ? withoutSubject(subtree) : subtree);
    }
    return tree;
  }

  private async operand(set: SubjectSet, child: RewriteChild, depth: number): Promise<ExpandTree | undefined> {
    switch (child.kind) {
      case 'rewrite':
        return this.rewrite(set, child, depth);
      case 'computed':
        return this.build({ namespace: set.namespace, object: set.object, relation: child.relation }, depth - 1);
      case 'traverse':
        return this.traverse(set, child, depth);
      case 'not': {
        const inverted = await this.operand(set, child.child, depth);
        return { type: 'exclusion', children: inverted ? [child.child.kind === 'rewrite' ? withoutSubject(inverted) : inverted] : [] };
      }
    }
  }

  /** A union under `object#parents`, of `view` expanded on each parent. */
  private async traverse(set: SubjectSet, traverse: TupleToSubjectSet, depth: number): Promise<ExpandTree> {
    const through = { namespace: set.namespace, object: set.object, relation: traverse.relation };
    const tree: ExpandTree = { type: 'union', subject: { set: through }, children: [] };
    if (this.full() || depth <= 1) return tree;
    let after: TupleKey | undefined;
    do {
      const page = await this.store.list(through, PAGE_SIZE, after);
      after = page.next;
      for (const { subject } of page.tuples) {
        if (!('set' in subject)) continue;
        this.nodes++;
        const child = await this.build({ namespace: subject.set.namespace, object: subject.set.object, relation: traverse.computedRelation }, depth - 1);
        if (child) tree.children.push(child);
      }
    } while (after && !this.full());
    return tree;
  }
}

function withoutSubject(tree: ExpandTree): ExpandTree {
  const { subject: _subject, ...rest } = tree;
  return rest;
}
