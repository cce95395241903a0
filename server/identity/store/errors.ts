/** Self-service errors a browser was redirected to, readable once more by the error UI. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { isUuid } from './identities.js';

export interface StoredError {
  id: string;
  error: Record<string, unknown>;
  created_at: Date;
}

export async function insertError(q: Queryable, error: Record<string, unknown>, now: Date): Promise<string> {
  const id = randomUUID();
  await q.query('INSERT INTO self_service_errors (id, error, created_at) VALUES ($1, $2, $3)', [id, JSON.stringify(error), now]);
  return id;
}

export async function getError(q: Queryable, id: string): Promise<StoredError | undefined> {
  if (!isUuid(id)) return undefined;
  return (await q.query<StoredError>('SELECT id, error, created_at FROM self_service_errors WHERE id = $1', [id])).rows[0];
}
