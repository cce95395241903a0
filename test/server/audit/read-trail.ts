/**
 * A store's audit events as the trail's screens read them: what has committed is sealed into the
 * chain first (server/audit/sealer.ts does it within moments; a test reads at once).
 */
import { sealAuditEvents } from '../../../server/audit/chain.js';
import type { Database } from '../../../server/db/database.js';

export async function readTrail<T>(db: Database, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  await sealAuditEvents(db);
  return (await db.query<T>(sql, params)).rows;
}
