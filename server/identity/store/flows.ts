/**
 * Self-service flows. A row keeps the flow as the wire shows it, minus the CSRF value (masked
 * afresh for every answer), and what only the server may read (`internal`): the address a code
 * went to, the identity a registration waits to create, the OAuth2 challenge.
 */
import type { Queryable } from '../../db/database.js';
import type { FlowKind } from '../../../shared/identity-flow.js';
import { isUuid } from './identities.js';

export interface StoredFlow<Wire = Record<string, unknown>, Internal = Record<string, unknown>> {
  id: string;
  kind: FlowKind;
  type: 'browser' | 'api';
  /** The unmasked CSRF token of the browser that created the flow ('' for API flows). */
  csrf_token: string;
  wire: Wire;
  internal: Internal;
  expires_at: Date;
}

export async function insertFlow(q: Queryable, flow: StoredFlow, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO flows (id, kind, type, csrf_token, wire, internal, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [flow.id, flow.kind, flow.type, flow.csrf_token, JSON.stringify(flow.wire), JSON.stringify(flow.internal), flow.expires_at, now],
  );
}

export async function getFlow(q: Queryable, id: string, kind: FlowKind): Promise<StoredFlow | undefined> {
  if (!isUuid(id)) return undefined;
  return (await q.query<StoredFlow>('SELECT id, kind, type, csrf_token, wire, internal, expires_at FROM flows WHERE id = $1 AND kind = $2', [id, kind])).rows[0];
}

export async function saveFlow(q: Queryable, flow: StoredFlow, now: Date): Promise<void> {
  await q.query('UPDATE flows SET wire = $2, internal = $3, updated_at = $4 WHERE id = $1', [flow.id, JSON.stringify(flow.wire), JSON.stringify(flow.internal), now]);
}

/**
 * Removes one entry of a flow's internal state and returns what it held, once: of two
 * submissions racing for the same WebAuthn challenge, only one gets it.
 */
export async function takeFlowInternal(q: Queryable, id: string, key: string): Promise<unknown> {
  const rows = (
    await q.query<{ value: unknown }>(
      `UPDATE flows f SET internal = f.internal - $2::text
         FROM (SELECT id, internal -> $2::text AS value FROM flows WHERE id = $1 FOR UPDATE) old
        WHERE f.id = old.id AND old.value IS NOT NULL
        RETURNING old.value`,
      [id, key],
    )
  ).rows;
  return rows[0]?.value;
}

/** Flows older than a day past expiry help nobody: an expired flow is answered from its row for a while, then forgotten. */
export async function deleteFlowsExpiredBefore(q: Queryable, before: Date): Promise<number> {
  return (await q.query('DELETE FROM flows WHERE expires_at < $1', [before])).rowCount;
}
