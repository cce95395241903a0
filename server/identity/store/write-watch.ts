/**
 * The identity database as the service's handlers see it: the same handle, plus a signal on every
 * statement that may change what `/sessions/whoami` answers. The whoami cache trusts its entries
 * only while no such write has happened since they were read, so a logout, a revocation or a
 * settings change is visible to the very next request of this process.
 */
import type { Database } from '../../db/database.js';
import { anyWrite, watchWrites } from '../../db/write-watch.js';

/** Tables a whoami answer is built from (store/sessions.ts, findSessionWithIdentity). */
const WHOAMI_TABLES = /\b(sessions|identities|verifiable_addresses|recovery_addresses|credentials)\b/i;
/**
 * A new identity or a new session changes no answer already given: every other statement on
 * those tables might (sign-in and registration insert one of these, so they keep the cache).
 */
const INSERT_OF_NEW_ROW = /^\s*INSERT\s+INTO\s+(sessions|identities)\s*\(/i;

/** Whether a statement may change a whoami answer; unsure means yes. */
export function changesWhoami(sql: string): boolean {
  if (!anyWrite(sql)) return false;
  if (!WHOAMI_TABLES.test(sql)) return false;
  return !(INSERT_OF_NEW_ROW.test(sql) && !/\bON\s+CONFLICT\b/i.test(sql));
}

/** The identity database as its handlers see it: every statement that `changesWhoami` is signalled. */
export function watchWhoamiWrites(db: Database, changed: () => void): Database {
  return watchWrites(db, changesWhoami, changed);
}
