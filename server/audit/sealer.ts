/**
 * Seals a store's appended audit events into its chain soon after they commit (chain.ts): once
 * this process has made BATCH appends since its last sealing, or WAIT_MS after that sealing while
 * it has been appending within the last second, and every 5 s besides, for appends of other
 * instances or a transaction that committed late. Reads of the trail seal first (seal()), so
 * nothing committed is missing from a page, an export or a chain check.
 *
 * Sealed events go to the SIEM logger, when there is one, each once: whoever seals an event logs
 * it, with the seq and hash the chain gave it.
 */
import type { Logger } from 'pino';
import type { AuditEvent } from '../../shared/audit-actions.js';
import type { Database } from '../db/database.js';
import { auditAppendsMade, sealAuditEvents } from './chain.js';

/** How often the sealer looks at this process's count of appends (no statement). */
const TICK_MS = 25;
/**
 * Appends worth a sealing at once. A sealing costs two round trips and a commit whatever its
 * size; sealing every tick took a handful of events each time from a process writing a few
 * hundred a second. Not more: on PGlite a sealing holds the one connection, and a batch of 100 ms
 * of tokens held it long enough to show in their p99 (past BATCH a tick takes what has come, as
 * before).
 */
const BATCH = 32;
/** The longest an append made here waits for its sealing when fewer than BATCH come. */
const WAIT_MS = 250;
/** How long after this process's last append the sealer keeps looking (a late commit). */
const BUSY_MS = 1_000;
/** How often it looks when this process has appended nothing. */
const IDLE_MS = 5_000;

export interface AuditSealer {
  /** Seals what has committed so far; answers the events sealed by this call. */
  seal(): Promise<AuditEvent[]>;
  /** Stops the timer and seals what is left (before the database closes). */
  close(): Promise<void>;
}

export function startAuditSealer(db: Database, options: { onError: (err: unknown) => void; log?: Logger }): AuditSealer {
  let running: Promise<AuditEvent[]> | undefined;
  let lastSealAt = 0;
  let appendsSeen = auditAppendsMade();
  let appendsSealed = appendsSeen;
  let lastAppendAt = 0;
  let closed = false;

  // The count is the process's, and several services' stores may share it (the embedded
  // services run on one thread): appends to another store made a sealing here find nothing.
  // After that, this store looks first, until a look finds something again.
  let countIsOurs = true;
  const sealOnce = async (): Promise<AuditEvent[]> => {
    lastSealAt = Date.now();
    // Appends made here since the last sealing: it will find something, no need to look first.
    const made = auditAppendsMade();
    const expected = countIsOurs && made !== appendsSealed;
    appendsSealed = made;
    const sealed = await sealAuditEvents(db, undefined, expected);
    countIsOurs = sealed.length > 0 || (!expected && countIsOurs);
    for (const event of sealed) options.log?.info({ audit: event }, event.action);
    return sealed;
  };
  // One at a time: a read's seal waits for the timer's, then looks again for what came since.
  const seal = (): Promise<AuditEvent[]> => {
    const after = running ? running.catch(() => []) : Promise.resolve([]);
    const next = after.then(sealOnce);
    running = next;
    void next
      .finally(() => {
        if (running === next) running = undefined;
      })
      .catch(() => undefined);
    return next;
  };

  const timer = setInterval(() => {
    const made = auditAppendsMade();
    const now = Date.now();
    if (made !== appendsSeen) {
      appendsSeen = made;
      lastAppendAt = now;
    }
    const pending = made - appendsSealed;
    const waited = now - lastSealAt;
    const due = pending >= BATCH || (waited >= WAIT_MS && (pending > 0 || now - lastAppendAt < BUSY_MS)) || waited >= IDLE_MS;
    if (running || !due) return;
    seal().catch(options.onError);
  }, TICK_MS);
  timer.unref();

  return {
    seal,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await seal().catch(options.onError);
    },
  };
}
