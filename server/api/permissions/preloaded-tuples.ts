/**
 * The relationships a permission list needs, read in one statement with the call's scope, for
 * the engine to evaluate the model on. A list in a project visits three objects (the installation,
 * the project, its organisation); read one by one they cost three round trips more than the one
 * statement the role table took. What sitewave's model asks of an object is small and known: in
 * strict mode each role holds people directly, so a hop is "is the person stored here", plus the
 * subject sets of the relations a rule traverses (a project's organisation). Hops answer from
 * those rows; anything else goes to the store as usual.
 */
import type { Database } from '../../db/database.js';
import type { Hop, HopRequest } from '../../permissions/store/tuple-store.js';
import { TupleStore } from '../../permissions/store/tuple-store.js';
import type { Subject } from '../../permissions/tuple.js';

export interface PreloadedTuple {
  namespace: string;
  object: string;
  relation: string;
  /** Empty for the person asked about; a subject set's namespace otherwise. */
  set_namespace: string;
  set_object: string;
  set_relation: string;
}

export class PreloadedTuples extends TupleStore {
  private readonly byObject = new Map<string, PreloadedTuple[]>();
  private readonly traversed: ReadonlySet<string>;
  /** Whether a hop had to read the store: the answer then depends on more than these rows. */
  private readRest = false;

  /**
   * `objects`: every object whose tuples `rows` holds in full for the person (those of no tuple
   * too); `traversed`: the relations whose subject sets `rows` holds in full, on those objects.
   */
  constructor(
    handle: Database,
    schema: string,
    objects: readonly { namespace: string; object: string }[],
    traversed: readonly { namespace: string; relation: string }[],
    private readonly rows: readonly PreloadedTuple[],
    private readonly person: Subject,
  ) {
    super(handle, schema);
    this.traversed = new Set(traversed.map(({ namespace, relation }) => JSON.stringify([namespace, relation])));
    for (const { namespace, object } of objects) this.byObject.set(JSON.stringify([namespace, object]), []);
    for (const row of rows) this.byObject.get(JSON.stringify([row.namespace, row.object]))?.push(row);
  }

  override async hops(namespace: string, object: string, subject: Subject, requests: readonly HopRequest[], limit: number): Promise<Hop[]> {
    const rows = this.byObject.get(JSON.stringify([namespace, object]));
    const answerable = (request: HopRequest) =>
      // A strict-mode read of a relation without subject-set types, or a traverse's read of subject sets loaded in full.
      !request.direct && !request.find
        ? this.traversed.has(JSON.stringify([namespace, request.relation]))
        : request.follow !== undefined && request.follow.length === 0 && (request.findIn ?? []).length === 0;
    if (!rows || JSON.stringify(subject) !== JSON.stringify(this.person) || !requests.every(answerable)) {
      this.readRest = true;
      return super.hops(namespace, object, subject, requests, limit);
    }
    return requests.map((request) => {
      const here = rows.filter((row) => row.relation === request.relation);
      if (request.direct) return { direct: here.some((row) => row.set_namespace === ''), inSubjectSet: false, subjectSets: [], more: false };
      const sets = here.filter((row) => row.set_namespace !== '');
      return {
        direct: false,
        inSubjectSet: false,
        subjectSets: sets.slice(0, limit).map((row) => ({ namespace: row.set_namespace, object: row.set_object, relation: row.set_relation, hasSubjectSets: true })),
        more: sets.length > limit,
      };
    });
  }

  /** Whether every answer so far came from the preloaded rows alone. */
  get answeredFromRows(): boolean {
    return !this.readRest;
  }

  /**
   * The rows with each object named by its place in the call instead of its id (`names` maps an id
   * to its place, e.g. the project's organisation to "org"): two people whose rows have the same
   * shape hold the same permissions, as long as every answer came from the rows. Null when a row
   * names an object outside the call, whose shape would say nothing.
   */
  shape(names: ReadonlyMap<string, string>): string | null {
    const parts: string[] = [];
    for (const row of this.rows) {
      const place = names.get(`${row.namespace}:${row.object}`);
      const set = row.set_namespace === '' ? 'person' : names.get(`${row.set_namespace}:${row.set_object}`);
      if (!place || !set) return null;
      parts.push(`${place}.${row.relation}<${set}${row.set_namespace === '' ? '' : `#${row.set_relation}`}`);
    }
    return parts.sort().join(' ');
  }
}
