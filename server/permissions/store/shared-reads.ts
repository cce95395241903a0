/**
 * What relations hold, read for checks at once: while two reads are under way, the reads other
 * checks ask for wait and go together in the next statement. Under load (50 checks at a time,
 * each on objects never read before) a statement's cost — its round trip, its plan, on PGlite
 * the executor's start in WebAssembly — is shared by every check in it instead of paid by each.
 * A lone check waits for nothing.
 */
import type { SubjectSet } from '../tuple.js';
import { relationKey, type RelationRead } from './tuple-store.js';

/** Reads under way at once: one being answered while the next gathers. */
const IN_FLIGHT = 2;

interface Waiting<T> {
  relations: readonly RelationRead[];
  resolve(read: ReadonlyMap<string, T>): void;
  reject(error: unknown): void;
}

export class SharedReads<T> {
  private readonly waiting: Waiting<T>[] = [];
  private inFlight = 0;

  /** `readAll`: one statement's reading, by relation key; `most`: the relations it reads at most, a bound on what goes together. */
  constructor(
    private readonly readAll: (relations: readonly RelationRead[]) => Promise<ReadonlyMap<string, T>>,
    private readonly most: number,
  ) {}

  /** What each relation asked for holds (and what their subject sets hold, where asked), among others read with them. */
  contentsOf(relations: readonly RelationRead[]): Promise<ReadonlyMap<string, T>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ relations, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      void this.read(batch).finally(() => {
        this.inFlight -= 1;
        this.next();
      });
    }
  }

  /** Whole reads, as many as the statement's bound takes (the first whatever its size: the store stops at the bound). */
  private take(): { readers: Waiting<T>[]; relations: RelationRead[] } {
    const merged = new Map<string, RelationRead>();
    const readers: Waiting<T>[] = [];
    while (this.waiting.length > 0) {
      const reader = this.waiting[0]!;
      const added = reader.relations.filter((relation) => !merged.has(key(relation.set))).length;
      if (readers.length > 0 && merged.size + added > this.most) break;
      this.waiting.shift();
      readers.push(reader);
      for (const relation of reader.relations) {
        const known = merged.get(key(relation.set));
        merged.set(key(relation.set), { set: relation.set, inside: relation.inside || (known?.inside ?? false) });
      }
    }
    return { readers, relations: [...merged.values()] };
  }

  private async read({ readers, relations }: { readers: Waiting<T>[]; relations: RelationRead[] }): Promise<void> {
    try {
      const read = await this.readAll(relations);
      for (const reader of readers) reader.resolve(read);
    } catch (error) {
      for (const reader of readers) reader.reject(error);
    }
  }
}

const key = (set: SubjectSet) => relationKey(set.namespace, set.object, set.relation);
