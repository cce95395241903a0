/**
 * The delivery side of `api_outbox` (rows are written by `invites/outbox.ts`). Several API
 * instances may deliver at once: a claim skips rows another instance holds, and holds its own
 * only for a lease, so a row an instance stopped with is sent by another one later.
 */
import type { Queryable } from '../../db/database.js';
import type { MailMessage } from '../../mail/transport.js';

export interface OutboxRow extends MailMessage {
  kind: string;
  attempts: number;
}

const COLUMNS = 'id, kind, recipient, subject, body, created_at, attempts';

/** Claims up to `limit` unsent rows, oldest first, until `leaseUntil`. */
export async function claimUnsent(q: Queryable, limit: number, now: Date, leaseUntil: Date): Promise<OutboxRow[]> {
  return (
    await q.query<OutboxRow>(
      `UPDATE api_outbox SET claimed_until = $3
        WHERE id IN (SELECT id FROM api_outbox
                      WHERE sent_at IS NULL AND abandoned_at IS NULL AND (claimed_until IS NULL OR claimed_until <= $2)
                      ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [limit, now, leaseUntil],
    )
  ).rows;
}

export async function markSent(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE api_outbox SET sent_at = $2, attempts = attempts + 1, last_error = NULL, claimed_until = NULL WHERE id = $1', [id, now]);
}

/** Records a failed attempt; the row is abandoned when it was the last one allowed. */
export async function markFailed(q: Queryable, id: string, error: string, abandon: boolean, now: Date): Promise<void> {
  await q.query('UPDATE api_outbox SET attempts = attempts + 1, last_error = $2, claimed_until = NULL, abandoned_at = $3 WHERE id = $1', [id, error, abandon ? now : null]);
}

/** Gives back the claims that expire before `expiringBefore`, so the next round may take the rows again. */
export async function releaseClaims(q: Queryable, expiringBefore: Date): Promise<number> {
  return (await q.query('UPDATE api_outbox SET claimed_until = NULL WHERE sent_at IS NULL AND claimed_until < $1', [expiringBefore])).rowCount;
}
