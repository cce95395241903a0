/**
 * Handled consents (Hydra's consent sessions): which scopes a user gave a client, under which
 * login session, and whether the decision is remembered. A remembered one lets a later request
 * for no more than those scopes skip the question; revoking one revokes its grant's tokens.
 */
import type { Queryable } from '../../db/database.js';

export interface ConsentSession {
  consent_challenge: string;
  subject: string;
  client_id: string;
  login_session_id: string | null;
  grant_id: string;
  granted_scope: string[];
  granted_audience: string[];
  remember: boolean;
  /** Seconds; 0 means until revoked. */
  remember_for: number;
  session_claims: { access_token?: Record<string, unknown>; id_token?: Record<string, unknown> };
  handled_at: Date;
}

export interface ConsentFilter {
  subject: string;
  clientId?: string;
  loginSessionId?: string;
}

export async function recordConsent(db: Queryable, consent: Omit<ConsentSession, 'handled_at'>): Promise<void> {
  await db.query(
    `INSERT INTO consent_sessions (consent_challenge, subject, client_id, login_session_id, grant_id, granted_scope, granted_audience, remember, remember_for, session_claims)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      consent.consent_challenge,
      consent.subject,
      consent.client_id,
      consent.login_session_id,
      consent.grant_id,
      consent.granted_scope,
      consent.granted_audience,
      consent.remember,
      consent.remember_for,
      JSON.stringify(consent.session_claims),
    ],
  );
}

function where(filter: ConsentFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.subject];
  let sql = 'subject = $1';
  if (filter.clientId) {
    params.push(filter.clientId);
    sql += ` AND client_id = $${params.length}`;
  }
  if (filter.loginSessionId) {
    params.push(filter.loginSessionId);
    sql += ` AND login_session_id = $${params.length}`;
  }
  return { sql, params };
}

export async function listConsents(db: Queryable, filter: ConsentFilter, page: { limit: number; offset: number }): Promise<ConsentSession[]> {
  const { sql, params } = where(filter);
  const rows = await db.query<ConsentSession>(
    `SELECT * FROM consent_sessions WHERE ${sql} ORDER BY handled_at DESC, consent_challenge LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  return rows.rows;
}

/** Deletes the matching consents and answers the grants whose tokens must go with them, and their clients. */
export async function deleteConsents(db: Queryable, filter: ConsentFilter): Promise<{ grantIds: string[]; clientIds: string[] }> {
  const { sql, params } = where(filter);
  const rows = await db.query<{ grant_id: string; client_id: string }>(`DELETE FROM consent_sessions WHERE ${sql} RETURNING grant_id, client_id`, params);
  return { grantIds: [...new Set(rows.rows.map((row) => row.grant_id))], clientIds: [...new Set(rows.rows.map((row) => row.client_id))].sort() };
}

/** The scopes a still-valid remembered decision covers for this subject and client. */
export async function rememberedScopes(db: Queryable, subject: string, clientId: string, now: Date): Promise<Set<string>> {
  const rows = await db.query<{ granted_scope: string[] }>(
    `SELECT granted_scope FROM consent_sessions
     WHERE subject = $1 AND client_id = $2 AND remember
       AND (remember_for = 0 OR handled_at + make_interval(secs => remember_for) > $3)`,
    [subject, clientId, now],
  );
  return new Set(rows.rows.flatMap((row) => row.granted_scope));
}
