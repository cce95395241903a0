/**
 * Creates an organisation's notifications. Real events call this (an invite accepted, a
 * subscription started or cancelled, firmware released); pass the transaction of the change
 * that caused it, so a notification exists exactly when its event does. Whether a user has read
 * one is kept by the client (seenNotificationIds), not here.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { NotificationResponse } from '../http/response-schemas.js';

export interface NewNotification {
  orgId: string;
  /** A dotted event name, e.g. `invite.accepted`, `subscription.started`, `firmware.released`. */
  kind: string;
  title: string;
  body: string;
  /** Ids and values a client links to (deviceId, releaseId…). */
  data?: Record<string, unknown>;
  /** Defaults to the database clock. */
  createdAt?: Date;
}

/** The wire shape, derived from its response schema so the two cannot drift. */
export type Notification = NotificationResponse;

export interface NotificationRow {
  id: string;
  org_id: string;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  created_at: Date;
}

export function toNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    orgId: r.org_id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    data: r.data,
    createdAt: r.created_at.toISOString(),
  };
}

export async function notifyOrg(db: Queryable, n: NewNotification): Promise<Notification> {
  const r = await db.query<NotificationRow>(
    `INSERT INTO notifications (id, org_id, kind, title, body, data, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, COALESCE($7::timestamptz, now())) RETURNING *`,
    [randomUUID(), n.orgId, n.kind, n.title, n.body, JSON.stringify(n.data ?? {}), n.createdAt ?? null],
  );
  return toNotification(r.rows[0]!);
}

/** One notification to each of several organisations (firmware for a model they own). */
export async function notifyOrgs(db: Queryable, orgIds: readonly string[], n: Omit<NewNotification, 'orgId'>): Promise<number> {
  if (orgIds.length === 0) return 0;
  const r = await db.query(
    `INSERT INTO notifications (id, org_id, kind, title, body, data, created_at)
     SELECT gen_random_uuid(), o, $2, $3, $4, $5::jsonb, COALESCE($6::timestamptz, now()) FROM unnest($1::uuid[]) AS o`,
    [orgIds, n.kind, n.title, n.body, JSON.stringify(n.data ?? {}), n.createdAt ?? null],
  );
  return r.rowCount;
}
