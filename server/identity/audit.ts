/**
 * The identity service's audit trail: account events in its own schema (the same store as the
 * API's, server/audit/chain.ts), each in the transaction of the change it records — a session
 * issued, raised or revoked. A refused sign-in changes nothing, so its event stands alone.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../shared/audit-actions.js';
import { appendAuditEvent, type NewAuditEvent } from '../audit/chain.js';
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
