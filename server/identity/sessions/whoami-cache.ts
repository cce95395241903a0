/**
 * `/sessions/whoami` answers, serialised, by SHA-256 of the session token: the gateway asks on
 * every cache miss of its own, and reading the session, its identity, addresses and credentials
 * from the database costs milliseconds where answering from memory costs microseconds.
 *
 * Exact within this process: every write that may change an answer (store/write-watch.ts)
 * empties the cache and voids the reads in flight, so logout, revocation, a settings change or
 * a new second factor show on the next request. Other processes sharing the database (several
 * identity services on one PostgreSQL, an operator's UPDATE) are not seen: for them an answer
 * is at most 2 × `ttlMs` old (fresh, then served while it is read again), and never outlives
 * the session's `expires_at`. Only active sessions
 * are kept; an unknown or revoked token always reaches the database.
 */
import { hashToken } from '../store/sessions.js';

export interface WhoamiAnswer {
  identityId: string;
  /** The identity has a second factor this session has not completed: whoami answers 403. */
  needsAal2: boolean;
  /** The Kratos `session` with its identity, as JSON. */
  body: string;
  /** The session's `expires_at`, epoch ms. */
  expiresAt: number;
}

export interface WhoamiCacheOptions {
  /** How long an answer may be served without reading the database again; 0 keeps none. */
  ttlMs: number;
  max: number;
  now: () => Date;
}

interface Entry {
  answer: WhoamiAnswer;
  freshUntil: number;
}

export class WhoamiCache {
  /** Bumped by every write that may change an answer; a read that spans a bump is not kept. */
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, { generation: number; answer: Promise<WhoamiAnswer | undefined> }>();

  constructor(private readonly options: WhoamiCacheOptions) {}

  static keyOf(token: string): string {
    return hashToken(token);
  }

  /** Something an answer is built from changed: forget every answer read before now. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * The answer for a token: from memory while fresh; for a second `ttlMs` from memory too while
   * one read in the background refreshes it (a busy session never waits on the database); else read.
   */
  lookup(key: string, load: () => Promise<WhoamiAnswer | undefined>): WhoamiAnswer | Promise<WhoamiAnswer | undefined> {
    const entry = this.entries.get(key);
    if (entry) {
      const now = this.options.now().getTime();
      if (now < entry.answer.expiresAt) {
        if (now < entry.freshUntil) return entry.answer;
        if (now < entry.freshUntil + this.options.ttlMs) {
          // A failed refresh is not this request's failure: once the grace ends, a request reads
          // in the foreground and answers the error.
          this.fill(key, load).catch(() => undefined);
          return entry.answer;
        }
      }
      this.entries.delete(key);
    }
    return this.fill(key, load);
  }

  /** Reads an answer with `load`; concurrent misses for one token since the last write share one read. */
  private fill(key: string, load: () => Promise<WhoamiAnswer | undefined>): Promise<WhoamiAnswer | undefined> {
    const generation = this.generation;
    const inFlight = this.pending.get(key);
    if (inFlight && inFlight.generation === generation) return inFlight.answer;
    const answer = load()
      .then((loaded) => {
        if (loaded && this.generation === generation) this.keep(key, loaded);
        return loaded;
      })
      .finally(() => {
        if (this.pending.get(key)?.answer === answer) this.pending.delete(key);
      });
    this.pending.set(key, { generation, answer });
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, answer: WhoamiAnswer): void {
    if (this.options.ttlMs <= 0) return;
    this.entries.delete(key);
    // Oldest first: with a TTL of seconds, the oldest entry is also the closest to leaving.
    if (this.entries.size >= this.options.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { answer, freshUntil: this.options.now().getTime() + this.options.ttlMs });
  }
}
