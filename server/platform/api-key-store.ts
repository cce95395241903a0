/**
 * The project's API keys: made with a value shown once, listed without it, found by the hash of
 * a presented value, revoked by deleting the row. Last use is written at most once a minute per
 * key, so a busy key does not turn every request into a write.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { lastCharacters, looksLikeApiKey, newApiKeyValue, type ApiKeyHasher } from './api-key-secret.js';
import { auditActor, recordPlatformEvent } from './audit.js';

export interface ApiKeyRecord {
  id: string;
  projectId: string;
  name: string;
  ownerId: string;
  lastCharacters: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewApiKey {
  key: ApiKeyRecord;
  /** The only time the value exists outside the caller's hands. */
  value: string;
}

interface Row {
  id: string;
  project_id: string;
  name: string;
  owner_id: string;
  last_characters: string;
  expires_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, project_id, name, owner_id, last_characters, expires_at, last_used_at, created_at, updated_at';

const toRecord = (row: Row): ApiKeyRecord => ({
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  ownerId: row.owner_id,
  lastCharacters: row.last_characters,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export class ApiKeyStore {
  constructor(
    private readonly db: Database,
    private readonly hasher: ApiKeyHasher,
  ) {}

  /** `actor` as the gateway named who asks (actor.ts): the key and its audit event commit together. */
  async create(input: { projectId: string; name: string; ownerId: string; expiresAt: Date | null }, actor: string): Promise<NewApiKey> {
    const value = newApiKeyValue();
    return this.db.transaction(async (tx) => {
      const row = await tx.query<Row>(
        `INSERT INTO api_keys (id, project_id, name, owner_id, value_hash, last_characters, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [randomUUID(), input.projectId, input.name, input.ownerId, this.hasher.hash(value), lastCharacters(value), input.expiresAt],
      );
      const key = toRecord(row.rows[0]!);
      const details = { lastCharacters: key.lastCharacters, expiresAt: key.expiresAt?.toISOString() ?? null };
      await recordPlatformEvent(tx, { action: 'platform.api_key.created', actor: auditActor(actor), target: { type: 'api-key', id: key.id, name: key.name }, details });
      return { key, value };
    });
  }

  async list(projectId: string): Promise<ApiKeyRecord[]> {
    return (await this.db.query<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE project_id = $1 ORDER BY created_at, id`, [projectId])).rows.map(toRecord);
  }

  /** Whether a key was deleted; false when there was none with that id. */
  async revoke(projectId: string, id: string, actor: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const gone = (await tx.query<{ name: string }>('DELETE FROM api_keys WHERE project_id = $1 AND id = $2 RETURNING name', [projectId, id])).rows[0];
      if (!gone) return false;
      await recordPlatformEvent(tx, { action: 'platform.api_key.revoked', actor: auditActor(actor), target: { type: 'api-key', id, name: gone.name } });
      return true;
    });
  }

  /** The live key a value belongs to, its use recorded; undefined for an unknown, revoked or expired value. */
  async verify(value: string, now: Date): Promise<ApiKeyRecord | undefined> {
    if (!looksLikeApiKey(value)) return undefined;
    const found = (await this.db.query<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE value_hash = $1`, [this.hasher.hash(value)])).rows[0];
    if (!found || (found.expires_at && found.expires_at <= now)) return undefined;
    if (found.last_used_at && sameUtcDay(found.last_used_at, now)) {
      await this.db.query("UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND last_used_at < $2::timestamptz - interval '1 minute'", [found.id, now]);
    } else {
      // The first use of the day is an event; the condition holds for one instance only when several race.
      await this.db.transaction(async (tx) => {
        const first = await tx.query(
          `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`,
          [found.id, now],
        );
        if (first.rowCount === 0) return;
        const key = { type: 'api-key' as const, id: found.id, name: found.name };
        await recordPlatformEvent(tx, { action: 'platform.api_key.used', actor: key, target: key, details: { day: now.toISOString().slice(0, 10) } }, now);
      });
    }
    return toRecord(found);
  }
}

function sameUtcDay(a: Date, b: Date): boolean {
  return a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
}
