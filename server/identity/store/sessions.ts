/**
 * Sessions. The database holds only SHA-256 hashes of session and logout tokens, so a leaked
 * backup signs nobody in.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { isUuid } from './identities.js';

export type Aal = 'aal0' | 'aal1' | 'aal2' | 'aal3';

export interface AuthenticationMethod {
  method: string;
  aal: Aal;
  completed_at: string;
}

export interface SessionDevice {
  id: string;
  ip_address: string;
  user_agent: string;
  location: string;
}

export interface StoredSession {
  id: string;
  identity_id: string;
  active: boolean;
  aal: Aal;
  authentication_methods: AuthenticationMethod[];
  devices: SessionDevice[];
  issued_at: Date;
  authenticated_at: Date;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, identity_id, active, aal, authentication_methods, devices, issued_at, authenticated_at, expires_at, created_at, updated_at';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function insertSession(
  q: Queryable,
  session: Omit<StoredSession, 'id' | 'created_at' | 'updated_at'>,
  tokens: { session: string; logout: string },
  now: Date,
): Promise<StoredSession> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO sessions (id, token_hash, logout_token_hash, identity_id, active, aal, authentication_methods, devices,
       issued_at, authenticated_at, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
    [
      id,
      hashToken(tokens.session),
      hashToken(tokens.logout),
      session.identity_id,
      session.active,
      session.aal,
      JSON.stringify(session.authentication_methods),
      JSON.stringify(session.devices),
      session.issued_at,
      session.authenticated_at,
      session.expires_at,
      now,
    ],
  );
  return { ...session, id, created_at: now, updated_at: now };
}

export async function findSessionByToken(q: Queryable, token: string): Promise<StoredSession | undefined> {
  return (await q.query<StoredSession>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = $1`, [hashToken(token)])).rows[0];
}

export async function findSessionByLogoutToken(q: Queryable, token: string): Promise<StoredSession | undefined> {
  return (await q.query<StoredSession>(`SELECT ${COLUMNS} FROM sessions WHERE logout_token_hash = $1`, [hashToken(token)])).rows[0];
}

export async function getSession(q: Queryable, id: string): Promise<StoredSession | undefined> {
  if (!isUuid(id)) return undefined;
  return (await q.query<StoredSession>(`SELECT ${COLUMNS} FROM sessions WHERE id = $1`, [id])).rows[0];
}

/** A second factor or a refresh raises the same session rather than issuing another. */
export async function updateSessionAuthentication(
  q: Queryable,
  id: string,
  changes: Pick<StoredSession, 'aal' | 'authentication_methods' | 'authenticated_at' | 'expires_at'>,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE sessions SET aal = $2, authentication_methods = $3, authenticated_at = $4, expires_at = $5, updated_at = $6 WHERE id = $1`,
    [id, changes.aal, JSON.stringify(changes.authentication_methods), changes.authenticated_at, changes.expires_at, now],
  );
}

export async function extendSession(q: Queryable, id: string, expiresAt: Date, now: Date): Promise<boolean> {
  return (await q.query('UPDATE sessions SET expires_at = $2, updated_at = $3 WHERE id = $1 AND active', [id, expiresAt, now])).rowCount > 0;
}

export async function revokeSession(q: Queryable, id: string, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await q.query('UPDATE sessions SET active = false, updated_at = $2 WHERE id = $1 AND active', [id, now])).rowCount > 0;
}

/** Revokes every active session of an identity, except one when given; answers how many. */
export async function revokeIdentitySessions(q: Queryable, identityId: string, now: Date, except?: string): Promise<number> {
  const result = await q.query(
    `UPDATE sessions SET active = false, updated_at = $2 WHERE identity_id = $1 AND active AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [identityId, now, except ?? null],
  );
  return result.rowCount;
}

export async function listIdentitySessions(
  q: Queryable,
  identityId: string,
  options: { offset: number; limit: number; active?: boolean; except?: string; now: Date },
): Promise<StoredSession[]> {
  return (
    await q.query<StoredSession>(
      `SELECT ${COLUMNS} FROM sessions
        WHERE identity_id = $1
          AND ($4::boolean IS NULL OR (active AND expires_at > $5) = $4::boolean)
          AND ($6::uuid IS NULL OR id <> $6::uuid)
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [identityId, options.limit, options.offset, options.active ?? null, options.now, options.except ?? null],
    )
  ).rows;
}

/** Keyset pagination over all sessions, oldest first: the cursor is the last row's (created_at, id). */
export async function listSessions(
  q: Queryable,
  options: { limit: number; after?: { created_at: Date; id: string }; active?: boolean; now: Date },
): Promise<StoredSession[]> {
  return (
    await q.query<StoredSession>(
      `SELECT ${COLUMNS} FROM sessions
        WHERE ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
          AND ($4::boolean IS NULL OR (active AND expires_at > $5) = $4::boolean)
        ORDER BY created_at, id LIMIT $1`,
      [options.limit, options.after?.created_at ?? null, options.after?.id ?? null, options.active ?? null, options.now],
    )
  ).rows;
}
