/**
 * The courier outbox: every e-mail the identity service sends is a row first (queued), so
 * nothing is lost when SMTP is down or the process stops; delivery moves it to sent or, after
 * repeated failures, abandoned.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable, Transaction } from '../../db/database.js';
import { isUuid } from './identities.js';

export type CourierStatus = 'queued' | 'processing' | 'sent' | 'abandoned';

export interface CourierMessage {
  id: string;
  type: 'email';
  status: CourierStatus;
  recipient: string;
  subject: string;
  body: string;
  template_type: string;
  send_count: number;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, type, status, recipient, subject, body, template_type, send_count, last_error, created_at, updated_at';

export async function enqueueMessage(q: Queryable, message: Pick<CourierMessage, 'recipient' | 'subject' | 'body' | 'template_type'>, now: Date): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO courier_messages (id, type, status, recipient, subject, body, template_type, created_at, updated_at)
     VALUES ($1, 'email', 'queued', $2, $3, $4, $5, $6, $6)`,
    [id, message.recipient, message.subject, message.body, message.template_type, now],
  );
  return id;
}

export async function getMessage(q: Queryable, id: string): Promise<CourierMessage | undefined> {
  if (!isUuid(id)) return undefined;
  return (await q.query<CourierMessage>(`SELECT ${COLUMNS} FROM courier_messages WHERE id = $1`, [id])).rows[0];
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listMessages(
  q: Queryable,
  options: { limit: number; before?: { created_at: Date; id: string }; status?: CourierStatus; recipient?: string },
): Promise<CourierMessage[]> {
  return (
    await q.query<CourierMessage>(
      `SELECT ${COLUMNS} FROM courier_messages
        WHERE ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
          AND ($4::text IS NULL OR status = $4::text)
          AND ($5::text IS NULL OR recipient = $5::text)
        ORDER BY created_at DESC, id DESC LIMIT $1`,
      [options.limit, options.before?.created_at ?? null, options.before?.id ?? null, options.status ?? null, options.recipient ?? null],
    )
  ).rows;
}

/** Claims up to `limit` queued messages for delivery; concurrent instances never claim the same one. */
export async function claimQueued(q: Queryable, limit: number, now: Date): Promise<CourierMessage[]> {
  return (
    await q.query<CourierMessage>(
      `UPDATE courier_messages SET status = 'processing', updated_at = $2
        WHERE id IN (SELECT id FROM courier_messages WHERE status = 'queued' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [limit, now],
    )
  ).rows;
}

/** Records one delivery attempt and the message's resulting status, together. */
export async function recordDelivery(tx: Transaction, id: string, outcome: { status: 'sent' | 'queued' | 'abandoned'; error?: string }, now: Date): Promise<void> {
  await tx.query(`UPDATE courier_messages SET status = $2, send_count = send_count + 1, last_error = $3, updated_at = $4 WHERE id = $1`, [
    id,
    outcome.status,
    outcome.error ?? null,
    now,
  ]);
  await tx.query(`INSERT INTO courier_message_dispatches (id, message_id, status, error, created_at) VALUES ($1, $2, $3, $4, $5)`, [
    randomUUID(),
    id,
    outcome.error === undefined ? 'success' : 'failed',
    outcome.error === undefined ? null : JSON.stringify({ message: outcome.error }),
    now,
  ]);
}

export interface CourierDispatch {
  id: string;
  message_id: string;
  status: 'failed' | 'success';
  error: { message: string } | null;
  created_at: Date;
}

export async function listDispatches(q: Queryable, messageId: string): Promise<CourierDispatch[]> {
  return (
    await q.query<CourierDispatch>('SELECT id, message_id, status, error, created_at FROM courier_message_dispatches WHERE message_id = $1 ORDER BY created_at, id', [messageId])
  ).rows;
}

/** Messages left `processing` by a stopped instance go back to the queue at start. */
export async function requeueStale(q: Queryable, olderThan: Date): Promise<number> {
  return (await q.query(`UPDATE courier_messages SET status = 'queued' WHERE status = 'processing' AND updated_at < $1`, [olderThan])).rowCount;
}
