/**
 * Answers computed from the database, kept until the database next changes. Sound only where
 * every change is seen:
 * - PGlite: one process holds the directory (directory-lock.ts) and every write goes through
 *   the watched handle, which ends what is kept at once.
 * - Answers about one schema that other handles write too (the permission service's
 *   relationships, which the API's triggers write on the API's handle): every change is heard
 *   through the schema's change triggers on PGlite as well (cacheUntilSchemaChanges).
 * - PostgreSQL: other instances, scripts and people write too. The watched handle still ends
 *   what is kept at once on this instance's own writes; every other change is heard through
 *   the schema's change triggers (change-triggers.ts) a moment after its commit, on a
 *   connection that hears its own heartbeat (postgres.ts: one that dies silently counts as lost
 *   within seconds). While that connection is not live, lists and statistics are computed every
 *   time, and the access check's answers are kept for KEPT_MAX_AGE_MS at most.
 */
import { LRUCache } from 'lru-cache';
import { CHANGE_CHANNEL, installChangeTriggers } from './change-triggers.js';
import type { Database } from './database.js';
import { anyWrite, watchWrites } from './write-watch.js';

/** On PostgreSQL, while changes are not heard, the longest the access check's answers are kept. */
export const KEPT_MAX_AGE_MS = 5_000;

export class UntilNextWrite {
  private generation = 0;
  private readonly answers = new LRUCache<string, { generation: number; value: unknown; at: number }>({ max: 10_000 });
  /**
   * Computations under way. When an answer ends (a change, or its age on PostgreSQL), every
   * request in flight for it misses at once: fifty connections computing the same list held
   * the thread for up to 240 ms, every five seconds. They share one computation instead.
   */
  private readonly computing = new Map<string, { generation: number; value: Promise<unknown> }>();

  /** `maxAgeMs`: also forget an answer this old (writes this process does not see), until hearing(true). */
  constructor(
    private enabled: boolean,
    private maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Called after each change (write-watch.ts): everything kept is out of date. */
  written(): void {
    this.generation += 1;
  }

  /** Keep answers from now on, or stop; either way what is kept now is out of date. */
  keep(on: boolean): void {
    this.enabled = on;
    this.generation += 1;
  }

  /**
   * Whether every change is heard from now on: then an answer is kept until the next one,
   * however old; if not, for `whileDeafMs` at most. Either way what is kept now may have missed
   * a change while nobody was listening.
   */
  hearing(on: boolean, whileDeafMs: number): void {
    this.maxAgeMs = on ? Number.POSITIVE_INFINITY : whileDeafMs;
    this.generation += 1;
  }

  /**
   * For another cache that must end exactly when these answers do (the permission service's
   * relationship rows): the generation kept answers belong to now, or undefined while an answer
   * may not be kept until the next change (not keeping, or on PostgreSQL not hearing changes).
   */
  keptUntilChange(): number | undefined {
    return this.enabled && this.maxAgeMs === Number.POSITIVE_INFINITY ? this.generation : undefined;
  }

  /** `compute`'s answer, or the one kept since the last write. Callers must not change it. */
  async get<V>(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.enabled) return compute();
    const generation = this.generation;
    const known = this.answers.get(key);
    if (known?.generation === generation && this.now() - known.at < this.maxAgeMs) return known.value as V;
    // Joined only from the generation it began in: after a change, a reader must see it.
    const joined = this.computing.get(key);
    if (joined?.generation === generation) return joined.value as Promise<V>;
    // Timed from before the read: the answer is no older than this.
    const at = this.now();
    const value = (async () => {
      const answer = await compute();
      // A write that began while computing may or may not be in the answer: do not keep it.
      if (this.generation === generation) this.answers.set(key, { generation, value: answer, at });
      return answer;
    })();
    const running = { generation, value };
    this.computing.set(key, running);
    const settled = () => {
      if (this.computing.get(key) === running) this.computing.delete(key);
    };
    value.then(settled, settled);
    return value;
  }
}

/** `compute`'s answer, kept where `answers` keeps answers at all. */
export function keptOrComputed<V>(answers: UntilNextWrite | undefined, key: string, compute: () => Promise<V>): Promise<V> {
  return answers ? answers.get(key, compute) : compute();
}

export interface KeptAnswers {
  /** The handle every write must go through. */
  db: Database;
  /** Lists and statistics. */
  answers: UntilNextWrite;
  /** The access check's answers, kept everywhere: on PostgreSQL a statement per call cost as much as the read it checked. */
  permissions: UntilNextWrite;
  /**
   * What is kept of the relationships in `relationshipsSchema` (the API's roles in memory): ended
   * by every change of this handle's schema, whose triggers write those relationships, and by
   * every change of that schema, whichever handle, instance or script makes it. Kept only while
   * those changes are heard.
   */
  relationships: UntilNextWrite;
  /** Stops hearing changes. */
  close(): Promise<void>;
}

/**
 * `answers` are kept where every change is heard (above); `permissions` everywhere, on
 * PostgreSQL for KEPT_MAX_AGE_MS at most while changes are not heard; `relationships` while the
 * changes of `relationshipsSchema` are heard, on both databases.
 */
export async function cacheUntilNextWrite(db: Database, now?: () => number, relationshipsSchema?: string): Promise<KeptAnswers> {
  const soleWriter = db.kind === 'pglite';
  const answers = new UntilNextWrite(soleWriter, undefined, now);
  const permissions = new UntilNextWrite(true, soleWriter ? undefined : KEPT_MAX_AGE_MS, now);
  const relationships = new UntilNextWrite(false, undefined, now);
  const changed = () => {
    answers.written();
    permissions.written();
    relationships.written();
  };
  const hearOthers = !soleWriter;
  let close: () => Promise<void> = async () => undefined;
  if (db.listen && (hearOthers || relationshipsSchema)) {
    if (hearOthers) await installChangeTriggers(db, db.schema);
    if (relationshipsSchema) await installChangeTriggers(db, relationshipsSchema);
    close = db.listen(CHANGE_CHANNEL, {
      notified: (schema) => {
        if (hearOthers && schema === db.schema) changed();
        else if (schema === relationshipsSchema) relationships.written();
      },
      live: (on) => {
        if (relationshipsSchema) relationships.keep(on);
        if (!hearOthers) return;
        answers.keep(on);
        permissions.hearing(on, KEPT_MAX_AGE_MS);
      },
    });
  }
  // Pollers (the processing queue, the outboxes, the settler) write all the time and change
  // nothing most of the time: only a change ends what is kept.
  const watched = watchWrites(db, anyWrite, changed, { changesOnly: true });
  return { db: watched, answers, permissions, relationships, close };
}

export interface KeptSchemaAnswers {
  /** The handle this service writes with: its own writes end what is kept at once. */
  db: Database;
  answers: UntilNextWrite;
  /** Stops hearing changes. */
  close(): Promise<void>;
}

/**
 * Answers about the handle's schema, kept until its rows change, whoever changes them: this
 * handle, another service's handle of the same PGlite instance (a trigger of the API writing the
 * permission service's relationships), another instance or a script on PostgreSQL. Every change
 * is heard through the schema's change triggers on both databases (PGlite delivers the
 * notification before the writing statement returns); nothing is kept while that is not live.
 * A handle that cannot listen keeps nothing.
 */
export async function cacheUntilSchemaChanges(db: Database, now?: () => number): Promise<KeptSchemaAnswers> {
  const answers = new UntilNextWrite(false, undefined, now);
  let close: () => Promise<void> = async () => undefined;
  if (db.listen) {
    await installChangeTriggers(db, db.schema);
    close = db.listen(CHANGE_CHANNEL, {
      notified: (schema) => {
        if (schema === db.schema) answers.written();
      },
      live: (on) => answers.keep(on),
    });
  }
  const watched = watchWrites(db, anyWrite, () => answers.written(), { changesOnly: true });
  return { db: watched, answers, close };
}
