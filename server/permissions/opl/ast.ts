/**
 * A parsed Ory Permission Language model: what the check and expand engines read. A namespace
 * given by name only has no relations, and then every relation of it is a plain one (tuples only).
 */

export interface NamespaceModel {
  name: string;
  /** In declaration order; the first of two with one name is the one used, as Keto does. */
  relations: RelationModel[];
}

/** `related` entries have types; `permits` entries have a rewrite. */
export interface RelationModel {
  name: string;
  types: RelationType[];
  rewrite?: Rewrite;
}

/** `User` (relation ''), or `SubjectSet<Group, "members">`. */
export interface RelationType {
  namespace: string;
  relation: string;
}

export interface Rewrite {
  kind: 'rewrite';
  operator: 'or' | 'and';
  children: RewriteChild[];
}

/** `this.related.x.includes(ctx.subject)` and `this.permits.x(ctx)`: relation x of the same object. */
export interface ComputedSubjectSet {
  kind: 'computed';
  relation: string;
}

/** `this.related.parents.traverse((p) => p.permits.view(ctx))`: `view` on every subject set in `parents`. */
export interface TupleToSubjectSet {
  kind: 'traverse';
  relation: string;
  computedRelation: string;
}

export interface Inversion {
  kind: 'not';
  child: RewriteChild;
}

export type RewriteChild = Rewrite | ComputedSubjectSet | TupleToSubjectSet | Inversion;

export function asRewrite(child: RewriteChild): Rewrite {
  return child.kind === 'rewrite' ? child : { kind: 'rewrite', operator: 'or', children: [child] };
}
