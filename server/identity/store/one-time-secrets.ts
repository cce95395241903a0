/**
 * One-time codes (six digits, typed by the user) and link tokens (in an e-mailed URL). Only
 * hashes are stored; a code is bound to its flow and counts wrong attempts, so guessing stops
 * after a few tries.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { AddressChannel } from '../traits/identity-schema.js';

export type SecretPurpose = 'login' | 'registration' | 'recovery' | 'verification';

export interface StoredSecret {
  id: string;
  flow_id: string;
  purpose: SecretPurpose;
  kind: 'code' | 'link';
  address: string;
  via: AddressChannel;
  identity_id: string | null;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = 'id, flow_id, purpose, kind, address, via, identity_id, attempts, expires_at, used_at';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export async function insertSecret(q: Queryable, secret: Omit<StoredSecret, 'id' | 'attempts' | 'used_at'>, plain: string, now: Date): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO one_time_secrets (id, flow_id, purpose, kind, secret_hash, address, via, identity_id, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, secret.flow_id, secret.purpose, secret.kind, hashSecret(plain), secret.address, secret.via, secret.identity_id, secret.expires_at, now],
  );
  return id;
}

/** The newest unused code of a flow: a resend replaces the one before. */
export async function latestCode(q: Queryable, flowId: string): Promise<(StoredSecret & { secret_hash: string }) | undefined> {
  return (
    await q.query<StoredSecret & { secret_hash: string }>(
      `SELECT ${COLUMNS}, secret_hash FROM one_time_secrets
        WHERE flow_id = $1 AND kind = 'code' AND used_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      [flowId],
    )
  ).rows[0];
}

export async function countAttempt(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE one_time_secrets SET attempts = attempts + 1 WHERE id = $1', [id]);
}

/** Marks a secret used, once: false when another request used it first. */
export async function useSecret(q: Queryable, id: string, now: Date): Promise<boolean> {
  return (await q.query('UPDATE one_time_secrets SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [id, now])).rowCount > 0;
}

export async function invalidateFlowCodes(q: Queryable, flowId: string, now: Date): Promise<void> {
  await q.query(`UPDATE one_time_secrets SET used_at = $2 WHERE flow_id = $1 AND kind = 'code' AND used_at IS NULL`, [flowId, now]);
}

export async function findLinkToken(q: Queryable, plain: string): Promise<StoredSecret | undefined> {
  return (await q.query<StoredSecret>(`SELECT ${COLUMNS} FROM one_time_secrets WHERE kind = 'link' AND secret_hash = $1`, [hashSecret(plain)])).rows[0];
}
