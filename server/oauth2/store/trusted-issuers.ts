/** Trusted jwt-bearer issuers (Hydra's trust relationships), read by the grant and kept by the admin API. */
import { randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Queryable } from '../../db/database.js';

export interface TrustedIssuer {
  id: string;
  issuer: string;
  subject: string;
  allow_any_subject: boolean;
  scope: string[];
  key_id: string;
  jwk: JWK;
  expires_at: Date;
  created_at: Date;
}

export async function insertTrustedIssuer(db: Queryable, trust: Omit<TrustedIssuer, 'id' | 'created_at'>): Promise<TrustedIssuer | undefined> {
  const rows = await db.query<TrustedIssuer>(
    `INSERT INTO trusted_issuers (id, issuer, subject, allow_any_subject, scope, key_id, jwk, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (issuer, subject, key_id) DO NOTHING RETURNING *`,
    [randomUUID(), trust.issuer, trust.subject, trust.allow_any_subject, trust.scope, trust.key_id, JSON.stringify(trust.jwk), trust.expires_at],
  );
  return rows.rows[0];
}

export async function listTrustedIssuers(db: Queryable, filter: { issuer?: string; limit: number; offset: number }): Promise<TrustedIssuer[]> {
  const params: unknown[] = [];
  let where = '';
  if (filter.issuer) {
    params.push(filter.issuer);
    where = 'WHERE issuer = $1';
  }
  const rows = await db.query<TrustedIssuer>(`SELECT * FROM trusted_issuers ${where} ORDER BY created_at, id LIMIT ${filter.limit} OFFSET ${filter.offset}`, params);
  return rows.rows;
}

export async function getTrustedIssuer(db: Queryable, id: string): Promise<TrustedIssuer | undefined> {
  return (await db.query<TrustedIssuer>('SELECT * FROM trusted_issuers WHERE id = $1', [id])).rows[0];
}

export async function deleteTrustedIssuer(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM trusted_issuers WHERE id = $1', [id])).rowCount > 0;
}

/** The unexpired trusts that may vouch for this subject from this issuer. */
export async function trustsFor(db: Queryable, issuer: string, subject: string, now: Date): Promise<TrustedIssuer[]> {
  const rows = await db.query<TrustedIssuer>('SELECT * FROM trusted_issuers WHERE issuer = $1 AND (subject = $2 OR allow_any_subject) AND expires_at > $3', [issuer, subject, now]);
  return rows.rows;
}
