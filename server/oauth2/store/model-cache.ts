/**
 * oidc-provider's rows, kept in memory where this process is the database's only writer (PGlite:
 * one process holds the directory). `/userinfo` reads four rows (access token, sign-in session,
 * client, grant) and the token endpoint one (the client) per request; on PGlite each read is a
 * statement through the WebAssembly database, several times the cost of the rest of the request.
 *
 * Sound because every change is seen before it is visible to anyone:
 * - the adapter's own writes end exactly the rows they change, before and after the statement
 *   (a read that overlapped the write is not kept);
 * - every other write to the service's handle (admin API, maintenance, logout, the jwt-bearer
 *   grant's own adapters) ends everything kept (app.ts wraps the handle);
 * - an expired row reads as absent, as the statement would have it.
 * So a revoked token is refused at the very next request. On PostgreSQL other instances write
 * too and their changes are heard only after they commit: nothing is kept there.
 */
import type { AdapterPayload } from 'oidc-provider';
import { LRUCache } from 'lru-cache';

export type LookupKind = 'id' | 'uid' | 'userCode';

interface Kept {
  /** The payload as JSON: parsing it again is the cheapest deep copy (structuredClone cost a tenth of a request). */
  json: string | undefined;
  /** Epoch milliseconds; null when the row never expires. */
  expiresAt: number | null;
}

export interface ReadRow {
  payload: AdapterPayload | undefined;
  expiresAt: number | null;
}

const MAX_ROWS = 20_000;

export class ModelCache {
  /** Rows by model and id. */
  private readonly byId = new LRUCache<string, Kept>({ max: MAX_ROWS });
  /** Rows found by uid or user code: any write that may move one ends them all (they are few and rarely written). */
  private readonly byOther = new LRUCache<string, Kept>({ max: MAX_ROWS });
  /** Reads under way, and whether a write touched their row meanwhile. */
  private readonly reading = new Map<string, { stale: boolean; answer: Promise<ReadRow> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The row `read` answers, or the one kept; a copy each time, as callers change what they get (payloads are JSON, as stored). */
  async find(model: string, kind: LookupKind, value: string, read: () => Promise<ReadRow>): Promise<AdapterPayload | undefined> {
    const key = `${model}\u0000${kind}\u0000${value}`;
    const store = kind === 'id' ? this.byId : this.byOther;
    const kept = store.get(key);
    if (kept) {
      if (kept.expiresAt === null || kept.expiresAt > this.now()) return parsed(kept.json);
      store.delete(key);
      return undefined;
    }
    const joined = this.reading.get(key);
    if (joined && !joined.stale) return parsed(json((await joined.answer).payload));
    const running = { stale: false, answer: read() };
    this.reading.set(key, running);
    try {
      const row = await running.answer;
      const text = json(row.payload);
      if (!running.stale) store.set(key, { json: text, expiresAt: row.expiresAt });
      return parsed(text);
    } finally {
      if (this.reading.get(key) === running) this.reading.delete(key);
    }
  }

  /** A write of one row, by id (called before and after the statement). */
  wrote(model: string, id: string, movesOtherLookups: boolean): void {
    const key = `${model}\u0000id\u0000${id}`;
    this.byId.delete(key);
    const running = this.reading.get(key);
    if (running) running.stale = true;
    if (movesOtherLookups) this.forget(this.byOther, 'id');
  }

  /** A write whose rows are not known: everything kept ends. */
  clear(): void {
    this.forget(this.byId, '');
    this.forget(this.byOther, '');
  }

  private forget(store: LRUCache<string, Kept>, exceptKind: string): void {
    store.clear();
    for (const [key, running] of this.reading) if (!exceptKind || !key.includes(`\u0000${exceptKind}\u0000`)) running.stale = true;
  }
}

function json(payload: AdapterPayload | undefined): string | undefined {
  return payload === undefined ? undefined : JSON.stringify(payload);
}

function parsed(text: string | undefined): AdapterPayload | undefined {
  return text === undefined ? undefined : (JSON.parse(text) as AdapterPayload);
}
