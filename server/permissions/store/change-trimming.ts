/**
 * The relationship changes (relation_tuple_changes, migration 7) are there for the in-memory
 * indexes to catch up with (tuple-index.ts); they are trimmed after CHANGES_KEPT_MS, noting the
 * newest transaction whose changes went (trimmed_through), so an index that had not read them
 * loads the table again. Only changes of transactions ended are trimmed (below the snapshot's
 * xmin): a load, whose place starts at that xmin or later, is never behind what was trimmed.
 *
 * Whoever writes relationships trims: the permission service, and the API, whose membership
 * triggers write sitewave's roles even when the permission service is a self-hosted Keto.
 * Several instances trimming at once is harmless.
 */
import type { Queryable } from '../../db/database.js';
import { quoteIdentifier } from '../../db/schema-name.js';
import { scheduleJob } from '../../scheduled-job.js';

/** How long changes are kept for an index to catch up with (one idle longer loads the table again). */
export const CHANGES_KEPT_MS = 60 * 60 * 1000;
const TRIM_EVERY_MS = 10 * 60 * 1000;

/** Deletes the changes older than `keptMs`; `schema`: where the tables are when not the handle's own. Answers how many went. */
export async function trimRelationChanges(db: Queryable, schema?: string, keptMs = CHANGES_KEPT_MS): Promise<number> {
  const prefix = schema ? `${quoteIdentifier(schema)}.` : '';
  const { rows } = await db.query<{ trimmed: number }>(
    `WITH gone AS (
       DELETE FROM ${prefix}relation_tuple_changes
        WHERE at < now() - make_interval(secs => $1) AND xid < pg_snapshot_xmin(pg_current_snapshot())
        RETURNING xid),
     noted AS (
       UPDATE ${prefix}relation_tuple_changes_trimmed SET trimmed_through = GREATEST(trimmed_through, (SELECT max(xid) FROM gone))
        WHERE EXISTS (SELECT FROM gone))
     SELECT count(*)::int AS trimmed FROM gone`,
    [keptMs / 1000],
  );
  return rows[0]!.trimmed;
}

/**
 * Trims a minute after start, then every ten minutes. Returns how to stop. Not at start: on
 * PGlite a trim run while the services start left every write after it slower (create project
 * p50 2.2 -> 2.9 ms over 1 500 writes, test/load/audit.mjs), which a later first run does not.
 */
export function scheduleChangeTrimming(db: Queryable, onError: (err: unknown) => void, schema?: string): () => void {
  return scheduleJob(() => void trimRelationChanges(db, schema).catch(onError), { firstAfterMs: 60_000, everyMs: TRIM_EVERY_MS });
}
