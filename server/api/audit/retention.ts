/**
 * Retention by age: events older than the setting (AUDIT_RETENTION_DAYS, default 400) are removed
 * from the start of the chain by a daily job, which records its own run — how many went and where
 * the chain now starts — in the same transaction, so the cut is itself in the trail.
 */
import type { Database } from '../../db/database.js';
import { appendAuditEvent, pruneAuditEvents, sealPendingAuditEvents, type PendingAuditEvent } from '../../audit/chain.js';
import { scheduleJob } from '../../scheduled-job.js';

export const DEFAULT_AUDIT_RETENTION_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function runAuditRetention(db: Database, now: Date, days = DEFAULT_AUDIT_RETENTION_DAYS): Promise<{ removed: number; event: PendingAuditEvent }> {
  return db.transaction(async (tx) => {
    // What has committed but is not sealed yet is part of the chain the cut is made in.
    await sealPendingAuditEvents(tx);
    const before = new Date(now.getTime() - days * DAY_MS);
    const { removed, baseSeq } = await pruneAuditEvents(tx, before);
    const event = await appendAuditEvent(
      tx,
      {
        actor: { type: 'system', name: 'retention job' },
        action: 'audit.retention.ran',
        target: { type: 'audit' },
        details: { days, before: before.toISOString(), removed, baseSeq },
      },
      now,
    );
    return { removed, event };
  });
}

/** Runs the job a minute after start, then daily. Returns how to stop it. */
export function scheduleAuditRetention(db: Database, now: () => Date, days: number, onError: (err: unknown) => void): () => void {
  return scheduleJob(() => void runAuditRetention(db, now(), days).catch(onError), { firstAfterMs: 60_000, everyMs: DAY_MS });
}
