/**
 * Invites into an organisation. The token travels only in the e-mail (and once in the answer to
 * the inviter); the row keeps its SHA-256. States: pending → accepted | declined | expired |
 * cancelled (taken back, or a new invite to the same address replaces it) | removed (the member
 * it brought in was removed later). Expiry is applied when invites are read.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { OrgRole } from '../permissions/roles.js';
import { likePattern, limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import { INVITE_STATUSES, type Invite } from './invite-schema.js';

export { INVITE_STATUSES, type Invite };
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

interface Row {
  id: string;
  org_id: string;
  email: string;
  role: OrgRole;
  status: InviteStatus;
  invited_by: string | null;
  accepted_by: string | null;
  created_at: Date;
  expires_at: Date;
  updated_at: Date;
}

function toInvite(r: Row): Invite {
  return {
    id: r.id,
    orgId: r.org_id,
    email: r.email,
    role: r.role,
    status: r.status,
    invitedBy: r.invited_by,
    acceptedBy: r.accepted_by,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewInvite {
  orgId: string;
  email: string;
  role: OrgRole;
  invitedBy: string;
}

/** Replaces a pending invite to the same address; answers the new invite and its token. */
export async function createInvite(db: Queryable, input: NewInvite, now: Date): Promise<{ invite: Invite; token: string }> {
  await db.query(`UPDATE invites SET status = 'cancelled', updated_at = $3 WHERE org_id = $1 AND lower(email) = lower($2) AND status = 'pending'`, [input.orgId, input.email, now]);
  const token = randomBytes(32).toString('base64url');
  const r = await db.query<Row>(
    `INSERT INTO invites (id, org_id, email, role, status, token_hash, invited_by, created_at, expires_at, updated_at)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $7) RETURNING *`,
    [randomUUID(), input.orgId, input.email, input.role, hashToken(token), input.invitedBy, now, new Date(now.getTime() + INVITE_LIFETIME_MS)],
  );
  return { invite: toInvite(r.rows[0]!), token };
}

export async function expireInvites(db: Queryable, now: Date): Promise<void> {
  await db.query(`UPDATE invites SET status = 'expired', updated_at = $1 WHERE status = 'pending' AND expires_at <= $1`, [now]);
}

/** `lock` holds the row until the transaction ends, so one token is accepted once. */
export async function findByToken(db: Queryable, token: string, now: Date, lock = false): Promise<Invite | undefined> {
  const r = await db.query<Row>(`SELECT * FROM invites WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`, [hashToken(token)]);
  const row = r.rows[0];
  if (!row) return undefined;
  if (row.status === 'pending' && row.expires_at <= now) {
    await db.query(`UPDATE invites SET status = 'expired', updated_at = $2 WHERE id = $1`, [row.id, now]);
    return toInvite({ ...row, status: 'expired', updated_at: now });
  }
  return toInvite(row);
}

export async function closeInvite(db: Queryable, id: string, status: 'accepted' | 'declined', acceptedBy: string, now: Date): Promise<void> {
  await db.query('UPDATE invites SET status = $2, accepted_by = $3, updated_at = $4 WHERE id = $1', [id, status, acceptedBy, now]);
}

/**
 * Cancels a pending invite of the organisation in one statement, so an invite accepted at the
 * same moment is either accepted or cancelled, never both. Otherwise answers the status it has
 * (`undefined`: the organisation has no such invite). Expire invites first, or an expired one
 * still reads `pending`.
 */
export async function cancelInvite(db: Queryable, orgId: string, id: string, now: Date): Promise<{ cancelled: Invite } | { status: InviteStatus | undefined }> {
  const r = await db.query<Row>(`UPDATE invites SET status = 'cancelled', updated_at = $3 WHERE id = $1 AND org_id = $2 AND status = 'pending' RETURNING *`, [id, orgId, now]);
  if (r.rows[0]) return { cancelled: toInvite(r.rows[0]) };
  const current = await db.query<{ status: InviteStatus }>('SELECT status FROM invites WHERE id = $1 AND org_id = $2', [id, orgId]);
  return { status: current.rows[0]?.status };
}

export interface InviteFilter {
  status?: InviteStatus;
  q?: string;
}

export async function listInvites(db: Queryable, orgId: string, filter: InviteFilter, page: PageArgs): Promise<Page<Invite>> {
  const params: unknown[] = [orgId];
  const where = ['org_id = $1'];
  if (filter.status) {
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  if (filter.q) {
    params.push(likePattern(filter.q));
    where.push(`email ILIKE $${params.length}`);
  }
  const clause = `WHERE ${where.join(' AND ')}`;
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invites ${clause}`, params);
  const rows = await db.query<Row>(`SELECT * FROM invites ${clause} ORDER BY created_at DESC, id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toInvite), total: total.rows[0]!.n, ...page };
}
