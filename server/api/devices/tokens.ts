/**
 * Upload tokens of devices. The token is shown once, when issued; only its SHA-256 is stored,
 * so a database reader cannot upload as a device. A disabled device's tokens stop working.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { newDeviceToken, sha256Hex } from './secrets.js';

export async function issueDeviceToken(tx: Queryable, deviceId: string, now: Date): Promise<string> {
  const token = newDeviceToken();
  await tx.query('INSERT INTO device_tokens (id, device_id, token_hash, created_at) VALUES ($1, $2, $3, $4)', [randomUUID(), deviceId, sha256Hex(token), now]);
  return token;
}

export interface TokenDevice {
  deviceId: string;
  orgId: string;
}

/** The active device a bearer token belongs to, marking token and device as seen; undefined for anything else. */
export async function deviceForToken(db: Queryable, token: string, now: Date): Promise<TokenDevice | undefined> {
  const r = await db.query<{ device_id: string; org_id: string }>(
    `UPDATE device_tokens t SET last_used_at = $2 FROM devices d
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND d.id = t.device_id AND d.status = 'active'
      RETURNING t.device_id, d.org_id`,
    [sha256Hex(token), now],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  await db.query('UPDATE devices SET last_seen_at = $2 WHERE id = $1', [row.device_id, now]);
  return { deviceId: row.device_id, orgId: row.org_id };
}

/** Revokes every token of a device (a replaced device, a leaked token) and issues a new one. */
export async function rotateDeviceTokens(tx: Queryable, deviceId: string, now: Date): Promise<string> {
  await tx.query('UPDATE device_tokens SET revoked_at = $2 WHERE device_id = $1 AND revoked_at IS NULL', [deviceId, now]);
  return issueDeviceToken(tx, deviceId, now);
}
