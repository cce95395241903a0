/**
 * The identity service's audit trail: account events in its own schema (the same store as the
 * API's, server/audit/chain.ts), each in the transaction of the change it records — a session
 * issued, raised or revoked. A refused sign-in changes nothing, so its event stands alone.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../shared/audit-actions.js';
import { appendAuditEvent, canonicalJson, type NewAuditEvent } from '../audit/chain.js';
import type { Queryable } from '../db/database.js';

export interface AccountEvent {
  action: AuditAction;
  /** The identity acting; none for a refused sign-in. */
  identityId?: string;
  outcome?: NewAuditEvent['outcome'];
  details?: Record<string, unknown>;
}

/** Where the request came from: the address the gateway forwarded, and the browser's own description. */
export function clientOf(request: FastifyRequest): { address: string; userAgent: string } {
  return { address: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) };
}

export async function recordAccountEvent(q: Queryable, request: FastifyRequest, event: AccountEvent, now: Date): Promise<void> {
  const { address, userAgent } = clientOf(request);
  const header = request.headers['x-request-id'];
  await appendAuditEvent(
    q,
    {
      actor: event.identityId ? { type: 'identity', id: event.identityId, address } : { type: 'anonymous', address },
      action: event.action,
      target: event.identityId ? { type: 'user', id: event.identityId } : null,
      outcome: event.outcome ?? 'success',
      requestId: typeof header === 'string' ? header.slice(0, 200) : String(request.id),
      details: { ...event.details, userAgent },
    },
    now,
  );
}

/** What a settings change did: the method (password, profile, totp, lookup_secret, webauthn, passkey, oidc) and how. */
export interface SettingsChange {
  method: string;
  change: 'changed' | 'added' | 'removed' | 'linked' | 'unlinked';
  /** Names only: traits changed, a provider linked — never a value typed as a credential. */
  [detail: string]: unknown;
}

/** `account.settings.changed`, in the transaction of the change: by the identity, about itself. */
export function recordSettingsChange(q: Queryable, request: FastifyRequest, identityId: string, change: SettingsChange, now: Date): Promise<void> {
  return recordAccountEvent(q, request, { action: 'account.settings.changed', identityId, details: { ...change } }, now);
}

export const ADMIN_ACTOR_NAME = 'identity admin API';

/**
 * An identity changed through the admin API, in the change's transaction. The API (or an
 * operator) calls it with the configuration's token: the actor is that token, from the caller's
 * address, under the request id it forwarded — the API's own record of the change shares it.
 */
export function recordAdminChange(
  q: Queryable,
  request: FastifyRequest,
  event: { action: AuditAction; identityId: string; details?: Record<string, unknown> },
  now: Date,
): Promise<unknown> {
  const header = request.headers['x-request-id'];
  return appendAuditEvent(
    q,
    {
      actor: { type: 'system', name: ADMIN_ACTOR_NAME, address: request.ip },
      action: event.action,
      target: { type: 'user', id: event.identityId },
      outcome: 'success',
      requestId: typeof header === 'string' ? header.slice(0, 200) : String(request.id),
      details: event.details ?? {},
    },
    now,
  );
}

/** The names of the top-level entries whose values differ (traits, metadata), whatever the key order: never the values. */
export function changedNames(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => canonicalJson(a[name]) !== canonicalJson(b[name])).sort();
}
