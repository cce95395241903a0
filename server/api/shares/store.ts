/**
 * Share link rows. A link's token is 32 random bytes, shown once when made; only its SHA-256 is
 * stored, so neither a database reader nor a backup can open a link. Revoking keeps the row.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { Share } from './share-schema.js';

export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ShareRow {
  id: string;
  project_id: string;
  label: string;
  floor_ids: string[] | null;
  expires_at: Date | null;
  created_by: string | null;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

interface ListedRow extends ShareRow {
  created_by_name: string | null;
}

const COLUMNS = 'id, project_id, label, floor_ids, expires_at, created_by, created_at, revoked_at, last_used_at';
/** A link with its maker's name as their profile gives it, else their e-mail. */
const LISTED = `SELECT s.id, s.project_id, s.label, s.floor_ids, s.expires_at, s.created_by, s.created_at, s.revoked_at, s.last_used_at,
  nullif(coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email), '') AS created_by_name
  FROM project_shares s LEFT JOIN users u ON u.identity_id = s.created_by`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toShare(r: ListedRow): Share {
  return {
    id: r.id,
    projectId: r.project_id,
    label: r.label,
    floorIds: r.floor_ids,
    expiresAt: iso(r.expires_at),
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    createdAt: r.created_at.toISOString(),
    revokedAt: iso(r.revoked_at),
    lastUsedAt: iso(r.last_used_at),
  };
}

export interface ShareInput {
  projectId: string;
  label: string;
  floorIds: string[] | null;
  expiresAt: Date | null;
  createdBy: string | null;
}

export async function createShare(db: Queryable, input: ShareInput, now: Date): Promise<{ share: Share; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await db.query(
    `INSERT INTO project_shares (id, project_id, token_hash, label, floor_ids, expires_at, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, input.projectId, hashShareToken(token), input.label, input.floorIds, input.expiresAt, input.createdBy, now],
  );
  return { share: (await getShare(db, input.projectId, id))!, token };
}

export async function listShares(db: Queryable, projectId: string, page: PageArgs): Promise<Page<Share>> {
  const params: unknown[] = [projectId];
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM project_shares WHERE project_id = $1', params);
  const rows = await db.query<ListedRow>(`${LISTED} WHERE s.project_id = $1 ORDER BY s.created_at DESC, s.id ${limitOffset(page, params)}`, params);
  return { items: rows.rows.map(toShare), total: total.rows[0]!.n, ...page };
}

export async function getShare(db: Queryable, projectId: string, shareId: string): Promise<Share | undefined> {
  const r = await db.query<ListedRow>(`${LISTED} WHERE s.id = $1 AND s.project_id = $2`, [shareId, projectId]);
  return r.rows[0] ? toShare(r.rows[0]) : undefined;
}

/** Revokes at once; a link revoked before keeps its first revocation time. Undefined when the project has no such link. */
export async function revokeShare(db: Queryable, projectId: string, shareId: string, now: Date): Promise<Share | undefined> {
  const r = await db.query('UPDATE project_shares SET revoked_at = coalesce(revoked_at, $3) WHERE id = $1 AND project_id = $2', [shareId, projectId, now]);
  return r.rowCount > 0 ? getShare(db, projectId, shareId) : undefined;
}

export async function shareByToken(db: Queryable, token: string): Promise<ShareRow | undefined> {
  return (await db.query<ShareRow>(`SELECT ${COLUMNS} FROM project_shares WHERE token_hash = $1`, [hashShareToken(token)])).rows[0];
}

/** Marks a link as used, at most once a minute: a viewer's page makes dozens of reads. */
export async function markShareUsed(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(`UPDATE project_shares SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`, [id, now]);
}
