/**
 * Answers computed from the database, kept until this process next writes to it. Only sound
 * where this process is the database's only writer: PGlite, whose directory one process holds
 * (directory-lock.ts), with every write made through the watched handle. On PostgreSQL other
 * instances write too, so nothing is kept there and every answer is computed.
 */
import { LRUCache } from 'lru-cache';
import type { Database } from './database.js';
import { anyWrite, watchWrites } from './write-watch.js';

export class UntilNextWrite {
  private generation = 0;
  private readonly answers = new LRUCache<string, { generation: number; value: unknown }>({ max: 10_000 });

  constructor(readonly enabled: boolean) {}

  /** Called after each change (write-watch.ts): everything kept is out of date. */
  written(): void {
    this.generation += 1;
  }

  /** `compute`'s answer, or the one kept since the last write. Callers must not change it. */
  async get<V>(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.enabled) return compute();
    const generation = this.generation;
    const known = this.answers.get(key);
    if (known?.generation === generation) return known.value as V;
    const value = await compute();
    // A write that began while computing may or may not be in the answer: do not keep it.
    if (this.generation === generation) this.answers.set(key, { generation, value });
    return value;
  }
}

/** `compute`'s answer, kept where `answers` keeps answers at all. */
export function keptOrComputed<V>(answers: UntilNextWrite | undefined, key: string, compute: () => Promise<V>): Promise<V> {
  return answers ? answers.get(key, compute) : compute();
}

/** The handle every write must go through, and the cache it keeps honest. */
export function cacheUntilNextWrite(db: Database): { db: Database; answers: UntilNextWrite } {
  if (db.kind !== 'pglite') return { db, answers: new UntilNextWrite(false) };
  const answers = new UntilNextWrite(true);
  // Pollers (the processing queue, the outboxes, the settler) write all the time and change
  // nothing most of the time: only a change ends what is kept.
  return { db: watchWrites(db, anyWrite, () => answers.written(), { changesOnly: true }), answers };
}
