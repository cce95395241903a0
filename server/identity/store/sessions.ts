/**
 * Sessions. The database holds only SHA-256 hashes of session and logout tokens, so a leaked
 * backup signs nobody in.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { isUuid, type StoredIdentity } from './identities.js';

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

const COLUMNS = 'id, identity_id, active, aal, authentication_methods, devices, issued_at, authenticated_at, expires_at, created_at, updated_at';

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
  await q.query(`UPDATE sessions SET aal = $2, authentication_methods = $3, authenticated_at = $4, expires_at = $5, updated_at = $6 WHERE id = $1`, [
    id,
    changes.aal,
    JSON.stringify(changes.authentication_methods),
    changes.authenticated_at,
    changes.expires_at,
    now,
  ]);
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
  const result = await q.query(`UPDATE sessions SET active = false, updated_at = $2 WHERE identity_id = $1 AND active AND ($3::uuid IS NULL OR id <> $3::uuid)`, [
    identityId,
    now,
    except ?? null,
  ]);
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
  options: { limit: number; after?: { created_at: Date; id: string }; active?: boolean; identityId?: string; now: Date },
): Promise<StoredSession[]> {
  return (
    await q.query<StoredSession>(
      `SELECT ${COLUMNS} FROM sessions
        WHERE ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
          AND ($4::boolean IS NULL OR (active AND expires_at > $5) = $4::boolean)
          AND ($6::uuid IS NULL OR identity_id = $6::uuid)
        ORDER BY created_at, id LIMIT $1`,
      [options.limit, options.after?.created_at ?? null, options.after?.id ?? null, options.active ?? null, options.now, options.identityId ?? null],
    )
  ).rows;
}

export interface SessionWithIdentity {
  session: StoredSession;
  identity: StoredIdentity;
  /** Whether the identity holds a usable second factor (TOTP, WebAuthn, unused-or-not backup codes). */
  hasSecondFactor: boolean;
}

type Timestamped = Record<string, unknown>;
const toDate = (value: unknown): Date => new Date(value as string);
const maybeDate = (value: unknown): Date | null => (value ? new Date(value as string) : null);

/**
 * Everything `whoami` needs in one round trip: the session by token hash, its identity with
 * addresses, and whether a second factor exists. Every request with a new session goes
 * through here, so it is one statement rather than five.
 */
export async function findSessionWithIdentity(q: Queryable, token: string): Promise<SessionWithIdentity | undefined> {
  const row = (
    await q.query<StoredSession & { identity: Timestamped; verifiable: Timestamped[]; recovery: Timestamped[]; has_second_factor: boolean }>(
      `SELECT s.id, s.identity_id, s.active, s.aal, s.authentication_methods, s.devices, s.issued_at, s.authenticated_at,
              s.expires_at, s.created_at, s.updated_at,
              to_jsonb(i) AS identity,
              COALESCE((SELECT jsonb_agg(to_jsonb(v) ORDER BY v.created_at, v.value) FROM verifiable_addresses v WHERE v.identity_id = i.id), '[]') AS verifiable,
              COALESCE((SELECT jsonb_agg(to_jsonb(r) ORDER BY r.created_at, r.value) FROM recovery_addresses r WHERE r.identity_id = i.id), '[]') AS recovery,
              EXISTS (SELECT 1 FROM credentials c WHERE c.identity_id = i.id
                        AND (c.type IN ('totp', 'webauthn')
                             OR (c.type = 'lookup_secret' AND jsonb_array_length(COALESCE(c.config->'recovery_codes', '[]')) > 0))) AS has_second_factor
         FROM sessions s JOIN identities i ON i.id = s.identity_id
        WHERE s.token_hash = $1`,
      [hashToken(token)],
    )
  ).rows[0];
  if (!row) return undefined;
  const { identity: raw, verifiable, recovery, has_second_factor, ...session } = row;
  const identity: StoredIdentity = {
    id: raw.id as string,
    schema_id: raw.schema_id as string,
    state: raw.state as StoredIdentity['state'],
    state_changed_at: maybeDate(raw.state_changed_at),
    traits: raw.traits as Record<string, unknown>,
    metadata_public: raw.metadata_public,
    metadata_admin: raw.metadata_admin,
    external_id: (raw.external_id as string | null) ?? null,
    created_at: toDate(raw.created_at),
    updated_at: toDate(raw.updated_at),
    verifiable_addresses: verifiable.map((a) => ({
      id: a.id as string,
      value: a.value as string,
      via: a.via as 'email' | 'sms',
      verified: a.verified as boolean,
      status: a.status as 'pending' | 'sent' | 'completed',
      verified_at: maybeDate(a.verified_at),
      created_at: toDate(a.created_at),
      updated_at: toDate(a.updated_at),
    })),
    recovery_addresses: recovery.map((a) => ({
      id: a.id as string,
      value: a.value as string,
      via: a.via as 'email' | 'sms',
      created_at: toDate(a.created_at),
      updated_at: toDate(a.updated_at),
    })),
  };
  return { session, identity, hasSecondFactor: has_second_factor };
}
