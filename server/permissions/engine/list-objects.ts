/**
 * The reverse of a check (an extension; Keto has none): which objects of a namespace the subject
 * reaches through a relation or permit. A check walks down from one object; listing walks up from
 * the subject instead, so its cost follows what the subject is in, not the size of the namespace:
 *
 * 1. the relations the subject is stored in, and those holding them as subject sets, level by
 *    level up to the read depth (the subject index, one statement per level);
 * 2. the rule of the relation asked for, read backwards: a relation named by the rule adds its own
 *    objects, a `traverse` adds the objects whose traversed relation holds one of the parents that
 *    qualify, and a subject set naming a rule (`SubjectSet<Group, "view">`) those holding a
 *    qualifying one.
 *
 * Unions are exact this way. A rule with `&&` or `!` cannot be read backwards exactly, so its
 * objects are the candidates of its other operands, each then checked.
 */
import { relationOf, type Namespaces } from '../namespaces.js';
import type { Rewrite, RewriteChild } from '../opl/ast.js';
import type { TupleStore } from '../store/tuple-store.js';
import type { Subject, SubjectSet } from '../tuple.js';
import { PermissionError } from '../permission-error.js';
import { checkTuple, type EngineSettings } from './check.js';

/** `a || !b` lets in everyone not in b: no walk from the subject can list that. */
const unlistable = (namespace: string) =>
  new PermissionError(400, `relation: a rule of namespace ${JSON.stringify(namespace)} lets in whoever is not in a relation, so its objects cannot be listed`);

export async function listObjects(store: TupleStore, namespaces: Namespaces, settings: EngineSettings, namespace: string, relation: string, subject: Subject): Promise<string[]> {
  const listing = new Listing(store, namespaces, settings, subject);
  const { objects, exact } = await listing.run(namespace, relation);
  const sorted = [...objects].sort();
  if (exact) return sorted;
  const allowed: string[] = [];
  for (const object of sorted) {
    const outcome = await checkTuple(store, namespaces, settings, { namespace, object, relation, subject });
    if (outcome.membership === 'member') allowed.push(object);
  }
  return allowed;
}

interface Candidates {
  objects: Set<string>;
  /** False when `&&` or `!` was on the way: every candidate must be checked. */
  exact: boolean;
}

const key = (namespace: string, relation: string) => JSON.stringify([namespace, relation]);

/**
 * A rule that reaches itself (folders in folders) is read in passes: where the walk comes back
 * to a relation still being worked out, it takes what the previous pass found there, and passes
 * repeat while they find more, one level further each time, up to the read depth.
 */
class Listing {
  /** Objects by relation the subject is stored in, directly or through stored subject sets. */
  private stored?: Promise<Map<string, Set<string>>>;
  private known = new Map<string, Candidates>();
  private previous = new Map<string, Set<string>>();
  private readonly open = new Set<string>();
  private cut = false;

  constructor(
    private readonly store: TupleStore,
    private readonly namespaces: Namespaces,
    private readonly settings: EngineSettings,
    private readonly subject: Subject,
  ) {}

  async run(namespace: string, relation: string): Promise<Candidates> {
    for (let pass = 0; ; pass++) {
      this.known = new Map();
      this.cut = false;
      const found = await this.candidates(namespace, relation);
      if (!this.cut || pass >= this.settings.maxReadDepth) return found;
      const grew = [...this.known].some(([k, { objects }]) => objects.size > (this.previous.get(k)?.size ?? 0));
      if (!grew) return found;
      this.previous = new Map([...this.known].map(([k, { objects }]) => [k, objects]));
    }
  }

  private async candidates(namespace: string, relation: string): Promise<Candidates> {
    const k = key(namespace, relation);
    const known = this.known.get(k);
    if (known) return known;
    if (this.open.has(k)) {
      this.cut = true;
      return { objects: this.previous.get(k) ?? new Set(), exact: true };
    }
    this.open.add(k);
    try {
      const found = await this.work(namespace, relation);
      this.known.set(k, found);
      return found;
    } finally {
      this.open.delete(k);
    }
  }

  private async work(namespace: string, relation: string): Promise<Candidates> {
    const objects = new Set((await this.storedIn()).get(key(namespace, relation)));
    let exact = true;
    const model = relationOf(this.namespaces, namespace, relation);
    // Subject sets naming a rule hold whoever the rule lets in, which no stored tuple says.
    for (const type of model?.types ?? []) {
      const rule = type.relation !== '' && this.namespaces.get(type.namespace)?.relations.find((r) => r.name === type.relation)?.rewrite;
      if (!rule) continue;
      const sets = await this.candidates(type.namespace, type.relation);
      exact &&= sets.exact;
      for (const object of await this.store.objectsHolding(namespace, relation, type.namespace, [...sets.objects], type.relation)) objects.add(object);
    }
    if (model?.rewrite) {
      const byRule = await this.rewrite(model.rewrite, namespace);
      exact &&= byRule.exact;
      for (const object of byRule.objects) objects.add(object);
    }
    return { objects, exact };
  }

  private async rewrite(rewrite: Rewrite, namespace: string): Promise<Candidates> {
    const parts: (Candidates | undefined)[] = [];
    for (const child of rewrite.children) parts.push(await this.child(child, namespace));
    const usable = parts.filter((part): part is Candidates => part !== undefined);
    if (rewrite.operator === 'or') {
      if (usable.length < parts.length) throw unlistable(namespace);
      return { objects: new Set(usable.flatMap((part) => [...part.objects])), exact: usable.every((part) => part.exact) };
    }
    // `&&`: an object must be in every operand's candidates (an inverted operand has none to offer).
    if (usable.length === 0) throw unlistable(namespace);
    const [first, ...rest] = usable;
    return { objects: new Set([...first!.objects].filter((object) => rest.every((part) => part.objects.has(object)))), exact: false };
  }

  /** `undefined`: an inversion, whose objects cannot be listed (everything but some). */
  private async child(child: RewriteChild, namespace: string): Promise<Candidates | undefined> {
    switch (child.kind) {
      case 'computed':
        return this.candidates(namespace, child.relation);
      case 'rewrite':
        return this.rewrite(child, namespace);
      case 'not':
        return undefined;
      case 'traverse': {
        const objects = new Set<string>();
        let exact = true;
        for (const parent of this.traversed(namespace, child.relation)) {
          const parents = await this.candidates(parent, child.computedRelation);
          exact &&= parents.exact;
          for (const object of await this.store.objectsHolding(namespace, child.relation, parent, [...parents.objects])) objects.add(object);
        }
        return { objects, exact };
      }
    }
  }

  /** The namespaces a traversed relation's subject sets may be in, by its declared types. */
  private traversed(namespace: string, relation: string): string[] {
    const types = relationOf(this.namespaces, namespace, relation)?.types ?? [];
    return [...new Set(types.map((type) => type.namespace))];
  }

  /** Step 1: where the subject is stored, and every relation holding those as subject sets, to the read depth. */
  private storedIn(): Promise<Map<string, Set<string>>> {
    this.stored ??= (async () => {
      const found = new Map<string, Set<string>>();
      const seen = new Set<string>();
      let frontier: Subject[] = [this.subject];
      for (let level = 0; level < this.settings.maxReadDepth && frontier.length > 0; level++) {
        const sets: SubjectSet[] = await this.store.containing(frontier);
        frontier = [];
        for (const set of sets) {
          const k = JSON.stringify([set.namespace, set.object, set.relation]);
          if (seen.has(k)) continue;
          seen.add(k);
          const objects = found.get(key(set.namespace, set.relation)) ?? new Set<string>();
          objects.add(set.object);
          found.set(key(set.namespace, set.relation), objects);
          frontier.push({ set });
        }
      }
      return found;
    })();
    return this.stored;
  }
}
