/**
 * The check: is `subject` in `namespace:object#relation`? As Keto answers it — directly stored,
 * through the subject sets stored there (`Group:admins#members`), and through the model's rule
 * for the relation (`includes`, `permits`, `traverse`, `!`, `&&`, `||`) — with the same depth
 * accounting, so a model and its tuples give the same answers here as on Ory Network:
 *
 * - following a subject set or a `traverse`, and an `||` operand naming another relation, costs
 *   one level; a subject found directly in a subject set costs none (one statement finds both);
 * - an `&&` or `!` operand naming another relation keeps the level (Keto plans those apart);
 * - at most `maxReadWidth` subject sets are followed from one place; the rest make the answer
 *   unknown rather than wrong.
 *
 * The subject never changes within a check, so what a relation of an object answers at a given
 * depth is remembered for the rest of the check: each is worked out once, and a cycle (a group
 * in itself, permits naming each other) ends where it comes back to one still being worked out.
 * Answers that depended on such a cut are not remembered, so the cut cannot spread. A subject
 * set holding no subject sets and without a rule is not followed: what it could add (the subject
 * stored in it directly) was read with the set that holds it. The subject sets followed from one
 * place, and the parents a traverse reaches, are read in one statement (reads.ts, readAhead)
 * before they are checked in turn: the order, and so the answer and its path, are unchanged.
 */
import type { PermissionSettings } from '../../platform/project-settings.js';
import { relationOf, type Namespaces } from '../namespaces.js';
import type { RelationModel, Rewrite, RewriteChild } from '../opl/ast.js';
import type { HopSource } from '../store/tuple-store.js';
import type { RelationTuple, Subject, SubjectSet } from '../tuple.js';
import { allowsDirectMember, CheckReads } from './reads.js';
import { DEPTH_EXCEEDED, intersection, invert, MEMBER, NOT_MEMBER, through, union, WIDTH_EXCEEDED, type Outcome, type Step } from './outcome.js';

export type EngineSettings = Pick<PermissionSettings, 'maxReadDepth' | 'maxReadWidth' | 'strictMode'>;

/** The request's `max-depth` where it is a tighter limit than the configured one, as Keto takes it. */
export function effectiveDepth(requested: number | undefined, maxReadDepth: number): number {
  return requested === undefined || requested <= 0 || requested > maxReadDepth ? maxReadDepth : requested;
}

export function checkTuple(store: HopSource, namespaces: Namespaces, settings: EngineSettings, tuple: RelationTuple, maxDepth?: number): Promise<Outcome> {
  const check = new Check(store, namespaces, settings, tuple.subject);
  return check.isAllowed({ namespace: tuple.namespace, object: tuple.object, relation: tuple.relation }, effectiveDepth(maxDepth, settings.maxReadDepth), false);
}

/**
 * Several relations of some objects checked for one subject, as one check would answer each: the
 * answers and reads of one are shared by the next, and every object visited is read whole, so a
 * permission list costs one statement per object on its paths, not one per relation.
 */
export async function checkRelations(
  store: HopSource,
  namespaces: Namespaces,
  settings: EngineSettings,
  subject: Subject,
  asked: readonly { target: Target; relations: readonly string[] }[],
): Promise<{ relation: string; outcome: Outcome }[]> {
  const check = new Check(store, namespaces, settings, subject, true);
  const answers: { relation: string; outcome: Outcome }[] = [];
  for (const { target, relations } of asked) {
    for (const relation of relations) answers.push({ relation, outcome: await check.isAllowed({ ...target, relation }, settings.maxReadDepth, false) });
  }
  return answers;
}

/** Where a rule is evaluated: the object whose relation is being checked. */
export interface Target {
  namespace: string;
  object: string;
}

class Check {
  /** Answers worked out, by relation of an object, depth and whether direct tuples were looked at. */
  private readonly answered = new Map<string, Outcome>();
  /** Relations of objects being worked out, with their place on the stack. */
  private readonly open = new Map<string, number>();
  /** The lowest place on the stack a cut in the current evaluation went back to. */
  private cutTo = Infinity;
  private readonly reads: CheckReads;

  constructor(
    store: HopSource,
    private readonly namespaces: Namespaces,
    private readonly settings: EngineSettings,
    private readonly subject: Subject,
    wholeObjects = false,
  ) {
    this.reads = new CheckReads(store, namespaces, settings, subject, wholeObjects);
  }

  /** `skipDirect`: the tuple itself was looked for already, one level up. */
  async isAllowed(set: SubjectSet, depth: number, skipDirect: boolean): Promise<Outcome> {
    if (depth <= 0) return DEPTH_EXCEEDED;
    // Names hold no NUL character (wire.ts refuses one): joined with it, they are one key.
    const relation = `${set.namespace}\u0000${set.object}\u0000${set.relation}`;
    const key = `${relation}/${depth}/${skipDirect}`;
    const known = this.answered.get(key);
    if (known) return known;
    // Coming back to a relation still being worked out, at any depth, finds nobody new.
    const place = this.open.get(relation);
    if (place !== undefined) {
      this.cutTo = Math.min(this.cutTo, place);
      return NOT_MEMBER;
    }
    const here = this.open.size;
    this.open.set(relation, here);
    const outer = this.cutTo;
    this.cutTo = Infinity;
    try {
      const outcome = await this.evaluate(set, depth, skipDirect);
      if (this.cutTo >= here) this.answered.set(key, outcome);
      return outcome;
    } finally {
      this.open.delete(relation);
      this.cutTo = Math.min(outer, this.cutTo >= here ? Infinity : this.cutTo);
    }
  }

  private async evaluate(set: SubjectSet, depth: number, skipDirect: boolean): Promise<Outcome> {
    const relation = relationOf(this.namespaces, set.namespace, set.relation);
    const direct = !skipDirect && (!this.settings.strictMode || allowsDirectMember(relation, this.subject));
    const rewrite = relation?.rewrite;
    const hop = await this.reads.check(set);
    const steps: Step[] = [
      async () => {
        if (direct && hop.direct) return through({ set, via: 'stored', tuple: { ...set, subject: this.subject } }, MEMBER);
        return hop.inSubjectSet ? through({ set, via: 'subject-set' }, MEMBER) : NOT_MEMBER;
      },
    ];
    if (rewrite) steps.push(async () => through({ set, via: 'rule' }, await this.rewrite(rewrite, set, depth)));
    steps.push(async () => {
      if (hop.subjectSets.length === 0) return NOT_MEMBER;
      if (depth <= 1) return DEPTH_EXCEEDED;
      // A subject set with no subject sets in it and no rule adds nothing to "found directly in
      // it", which the hop already answered: following it would only cost a read.
      const worth = hop.subjectSets.filter((next) => next.hasSubjectSets || relationOf(this.namespaces, next.namespace, next.relation)?.rewrite);
      await this.reads.readAhead(worth, depth - 1);
      return this.follow(worth, hop.more, async (next) =>
        through(
          { set, via: 'subject-set', tuple: { ...set, subject: { set: { namespace: next.namespace, object: next.object, relation: next.relation } } } },
          await this.isAllowed(next, depth - 1, true),
        ),
      );
    });
    return union(steps);
  }

  /** Each subject set in turn; those beyond the width limit make a "no" unknown (reported before a depth limit met on the way, as Keto does). */
  private follow(subjectSets: SubjectSet[], more: boolean, each: (set: SubjectSet) => Promise<Outcome>): Promise<Outcome> {
    const steps: Step[] = subjectSets.map((set) => () => each(set));
    if (more) steps.unshift(async () => WIDTH_EXCEEDED);
    return union(steps);
  }

  private async rewrite(rewrite: Rewrite, target: Target, depth: number): Promise<Outcome> {
    if (depth <= 0) return DEPTH_EXCEEDED;
    if (rewrite.operator === 'and') return intersection(rewrite.children.map((child) => () => this.operand(child, target, depth)));
    // `||` looks for every named relation's own tuple at this level, and follows each relation
    // one level down.
    const named = rewrite.children.flatMap((child) => (child.kind === 'computed' ? [child.relation] : []));
    const steps: Step[] = [];
    const direct = this.settings.strictMode ? named.filter((relation) => allowsDirectMember(this.declaredOrNone(target, relation), this.subject)) : named;
    if (direct.length > 0) {
      steps.push(async () => {
        for (const relation of direct) {
          const set = { ...target, relation };
          if ((await this.reads.check(set)).direct) return through({ set, via: 'stored', tuple: { ...set, subject: this.subject } }, MEMBER);
        }
        return NOT_MEMBER;
      });
    }
    for (const relation of named) steps.push(() => this.isAllowed({ ...target, relation }, depth - 1, true));
    for (const child of rewrite.children) if (child.kind !== 'computed') steps.push(() => this.operand(child, target, depth));
    return union(steps);
  }

  /** An operand of `&&`, of `!`, or an `||` operand that is not a named relation. */
  private async operand(child: RewriteChild, target: Target, depth: number): Promise<Outcome> {
    switch (child.kind) {
      case 'computed':
        return this.isAllowed({ ...target, relation: child.relation }, depth, false);
      case 'rewrite':
        return this.rewrite(child, target, depth - 1);
      case 'traverse':
        return this.traverse(child.relation, child.computedRelation, target, depth);
      case 'not':
        return invert(await (child.child.kind === 'rewrite' ? this.rewrite(child.child, target, depth) : this.operand(child.child, target, depth)));
    }
  }

  /** `this.related.parents.traverse((p) => p.permits.view(ctx))`: `view` on each parent, one level down. */
  private async traverse(relation: string, computedRelation: string, target: Target, depth: number): Promise<Outcome> {
    if (depth <= 0) return DEPTH_EXCEEDED;
    const { subjectSets, more } = await this.reads.traverse({ ...target, relation });
    const set = { ...target, relation };
    if (depth > 1)
      await this.reads.readAhead(
        subjectSets.map((parent) => ({ namespace: parent.namespace, object: parent.object, relation: computedRelation })),
        depth - 1,
      );
    return this.follow(subjectSets, more, async (parent) =>
      through(
        { set, via: 'traverse', tuple: { ...set, subject: { set: { namespace: parent.namespace, object: parent.object, relation: parent.relation } } } },
        await this.isAllowed({ namespace: parent.namespace, object: parent.object, relation: computedRelation }, depth - 1, false),
      ),
    );
  }

  /** Keto's strict-mode filter ignores a relation the model does not declare rather than refusing the check. */
  private declaredOrNone(target: Target, relation: string): RelationModel | undefined {
    try {
      return relationOf(this.namespaces, target.namespace, relation);
    } catch {
      return undefined;
    }
  }
}
