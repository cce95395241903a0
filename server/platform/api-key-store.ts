/**
 * The project's API keys: made with a value shown once, listed without it, found by the hash of
 * a presented value, revoked by deleting the row. Last use is written at most once a minute per
 * key, so a busy key does not turn every request into a write.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { lastCharacters, looksLikeApiKey, newApiKeyValue, type ApiKeyHasher } from './api-key-secret.js';

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

  async create(input: { projectId: string; name: string; ownerId: string; expiresAt: Date | null }): Promise<NewApiKey> {
    const value = newApiKeyValue();
    const row = await this.db.query<Row>(
      `INSERT INTO api_keys (id, project_id, name, owner_id, value_hash, last_characters, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [randomUUID(), input.projectId, input.name, input.ownerId, this.hasher.hash(value), lastCharacters(value), input.expiresAt],
    );
    return { key: toRecord(row.rows[0]!), value };
  }

  async list(projectId: string): Promise<ApiKeyRecord[]> {
    return (await this.db.query<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE project_id = $1 ORDER BY created_at, id`, [projectId])).rows.map(toRecord);
  }

  /** Whether a key was deleted; false when there was none with that id. */
  async revoke(projectId: string, id: string): Promise<boolean> {
    return (await this.db.query('DELETE FROM api_keys WHERE project_id = $1 AND id = $2', [projectId, id])).rowCount > 0;
  }

  /** The live key a value belongs to, its use recorded; undefined for an unknown, revoked or expired value. */
  async verify(value: string, now: Date): Promise<ApiKeyRecord | undefined> {
    if (!looksLikeApiKey(value)) return undefined;
    const found = (await this.db.query<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE value_hash = $1`, [this.hasher.hash(value)])).rows[0];
    if (!found || (found.expires_at && found.expires_at <= now)) return undefined;
    await this.db.query("UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')", [found.id, now]);
    return toRecord(found);
  }
}
