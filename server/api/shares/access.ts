/**
 * What a share link opens, checked on every request: the token must name a link (else 404
 * `share_not_found`) that is neither revoked nor expired (else 410 `share_revoked` or
 * `share_expired`), and whatever the request names — a floor, a track, a plan, a photo — must lie
 * on one of the link's floors of its project. Anything else is answered as unknown (404), so a
 * link does not reveal what exists elsewhere. Nothing is cached: a revocation holds at once.
 */
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../http/api-error.js';
import { UUID } from '../../../shared/uuid.js';
import { markShareUsed, shareByToken } from './store.js';

export interface ShareGrant {
  shareId: string;
  projectId: string;
  /** null: every floor of the project. */
  floorIds: readonly string[] | null;
  expiresAt: Date | null;
}

/** Tokens are 32 bytes in base64url; anything else names no link and is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function openShare(db: Queryable, token: string, now: Date): Promise<ShareGrant> {
  const row = TOKEN.test(token) ? await shareByToken(db, token) : undefined;
  if (!row) throw new ApiError(404, 'This share link does not exist', undefined, 'share_not_found');
  if (row.revoked_at) throw new ApiError(410, 'This share link was revoked by its owner', { revokedAt: row.revoked_at.toISOString() }, 'share_revoked');
  if (row.expires_at && row.expires_at <= now) {
    throw new ApiError(410, 'This share link has expired', { expiresAt: row.expires_at.toISOString() }, 'share_expired');
  }
  await markShareUsed(db, row.id, now);
  return { shareId: row.id, projectId: row.project_id, floorIds: row.floor_ids, expiresAt: row.expires_at };
}

/** The SQL `floor_id IN (…)` the link allows, as a clause on `alias.id` of `floors`, with its parameters appended. */
export function allowedFloors(grant: ShareGrant, alias: string, params: unknown[]): string {
  params.push(grant.projectId);
  let clause = `${alias}.project_id = $${params.length}`;
  if (grant.floorIds) {
    params.push(grant.floorIds);
    clause += ` AND ${alias}.id = ANY($${params.length}::uuid[])`;
  }
  return clause;
}

type Kind = 'floor' | 'track' | 'floorplan' | 'photo';

/** How each kind reaches its floor. */
const FLOOR_OF: Record<Kind, string> = {
  floor: 'SELECT f.id FROM floors f WHERE f.id = $1',
  track: 'SELECT f.id FROM tracks x JOIN floors f ON f.id = x.floor_id WHERE x.id = $1',
  floorplan: 'SELECT f.id FROM floorplans x JOIN floors f ON f.id = x.floor_id WHERE x.id = $1',
  photo: 'SELECT f.id FROM photos x JOIN floors f ON f.id = x.floor_id WHERE x.id = $1',
};

const NAMES: Record<Kind, string> = { floor: 'floor', track: 'track', floorplan: 'floor plan', photo: 'photo' };

/** The id, lower-cased, when the link opens it; 404 as for an unknown id otherwise. */
export async function sharedId(db: Queryable, grant: ShareGrant, kind: Kind, id: string): Promise<string> {
  const unknown = new ApiError(404, `No ${NAMES[kind]} with id ${id}`);
  if (!UUID.test(id)) throw unknown;
  const params: unknown[] = [id.toLowerCase()];
  const where = allowedFloors(grant, 'f', params);
  const r = await db.query(`${FLOOR_OF[kind]} AND ${where}`, params);
  if (r.rowCount === 0) throw unknown;
  return id.toLowerCase();
}
