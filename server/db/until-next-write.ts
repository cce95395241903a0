/**
 * Answers computed from the database, kept until this process next writes to it. Only sound
 * where this process is the database's only writer: PGlite, whose directory one process holds
 * (directory-lock.ts), with every write made through the watched handle. On PostgreSQL other
 * instances write too, so lists and statistics are computed every time there; the API's
 * permission answers are kept for at most PERMISSION_MAX_AGE_MS (see `cacheUntilNextWrite`).
 */
import { LRUCache } from 'lru-cache';
import type { Database } from './database.js';
import { anyWrite, watchWrites } from './write-watch.js';

/**
 * How long the API keeps a permission answer on PostgreSQL, where another instance may change a
 * role: that instance's gateway and API see the change at once, this one's gateway at once too
 * (evictions travel through Redis), and this API's own second check within this time.
 */
export const PERMISSION_MAX_AGE_MS = 5_000;

export class UntilNextWrite {
  private generation = 0;
  private readonly answers = new LRUCache<string, { generation: number; value: unknown; at: number }>({ max: 10_000 });

  /** `maxAgeMs`: also forget an answer this old (writes this process does not see). */
  constructor(
    readonly enabled: boolean,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Called after each change (write-watch.ts): everything kept is out of date. */
  written(): void {
    this.generation += 1;
  }

  /** `compute`'s answer, or the one kept since the last write. Callers must not change it. */
  async get<V>(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.enabled) return compute();
    const generation = this.generation;
    const known = this.answers.get(key);
    if (known?.generation === generation && this.now() - known.at < this.maxAgeMs) return known.value as V;
    // Timed from before the read: the answer is no older than this.
    const at = this.now();
    const value = await compute();
    // A write that began while computing may or may not be in the answer: do not keep it.
    if (this.generation === generation) this.answers.set(key, { generation, value, at });
    return value;
  }
}

/** `compute`'s answer, kept where `answers` keeps answers at all. */
export function keptOrComputed<V>(answers: UntilNextWrite | undefined, key: string, compute: () => Promise<V>): Promise<V> {
  return answers ? answers.get(key, compute) : compute();
}

/**
 * The handle every write must go through, and the caches it keeps honest: `answers` (lists and
 * statistics, PGlite only) and `permissions` (the access check's answers; on PostgreSQL for at
 * most PERMISSION_MAX_AGE_MS, since a statement per call cost as much as the read it checked).
 */
export function cacheUntilNextWrite(db: Database, now?: () => number): { db: Database; answers: UntilNextWrite; permissions: UntilNextWrite } {
  const soleWriter = db.kind === 'pglite';
  const answers = new UntilNextWrite(soleWriter);
  const permissions = new UntilNextWrite(true, soleWriter ? undefined : PERMISSION_MAX_AGE_MS, now);
  // Pollers (the processing queue, the outboxes, the settler) write all the time and change
  // nothing most of the time: only a change ends what is kept.
  const watched = watchWrites(
    db,
    anyWrite,
    () => {
      answers.written();
      permissions.written();
    },
    { changesOnly: true },
  );
  return { db: watched, answers, permissions };
}
