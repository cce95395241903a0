/**
 * The OAuth2 provider's audit trail, in its own schema (the same store as the API's and the
 * identity service's, server/audit/chain.ts): consents, tokens issued, clients and signing keys,
 * each in the transaction of the change it records where the provider's store allows it.
 *
 * Who acts: a consent is the signed-in subject's; a token is issued to a client (for its
 * subject, when there is one); the admin API is called with the configuration's bearer token by
 * the API or an operator, so its actor is that token, with the caller's address and the request
 * id it forwarded (which ties the event to the API's own record of the same change).
 */
import type { FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import type { AuditAction } from '../../shared/audit-actions.js';
import { appendAuditEvent, auditAppendParts, type AuditAppend, type NewAuditEvent } from '../audit/chain.js';
import type { Queryable } from '../db/database.js';

export const ADMIN_ACTOR_NAME = 'OAuth2 admin API';

type Actor = NewAuditEvent['actor'];

export interface OAuth2Event {
  action: AuditAction;
  actor: Actor;
  target: NonNullable<NewAuditEvent['target']>;
  requestId?: string | null;
  outcome?: NewAuditEvent['outcome'];
  details?: Record<string, unknown>;
}

export function recordOAuth2Event(q: Queryable, event: OAuth2Event, now: Date = new Date()): Promise<unknown> {
  return appendAuditEvent(q, { outcome: 'success', ...event }, now);
}

function requestIdOf(header: unknown, fallback?: string): string | null {
  return typeof header === 'string' && header ? header.slice(0, 200) : (fallback ?? null);
}

/** The admin API's caller: the holder of the admin token, from where, under which request id. */
export function adminActor(request: FastifyRequest): { actor: Actor; requestId: string | null } {
  return { actor: { type: 'system', name: ADMIN_ACTOR_NAME, address: request.ip }, requestId: requestIdOf(request.headers['x-request-id'], String(request.id)) };
}

/** The public listener's request being answered, when there is one (oidc-provider keeps it per async context). */
export function providerRequest(): { address: string | null; requestId: string | null } {
  const ctx = Provider.ctx;
  if (!ctx) return { address: null, requestId: null };
  return { address: ctx.ip ?? null, requestId: requestIdOf(ctx.get('x-request-id')) };
}

/** The models whose save is a token issued, and the grant type a save of each stands for when the request does not say. */
export const ISSUED_TOKEN_MODELS = { AccessToken: null, ClientCredentials: 'client_credentials' } as const;

/**
 * `oauth2.token.issued` for each access token saved: per client, grant type and subject, with the
 * scopes — never the token (an opaque token's id is its value) nor its grant's id. The client's
 * name comes from the request being answered, which holds the client already: no extra read.
 */
export function tokenIssuedRecorder(model: keyof typeof ISSUED_TOKEN_MODELS): (payload: Record<string, unknown>) => AuditAppend {
  return (payload) => {
    const ctx = Provider.ctx;
    const { address, requestId } = providerRequest();
    const clientId = typeof payload.clientId === 'string' ? payload.clientId : null;
    // The client's own property: metadata() maps every field of the client to snake case, for one name.
    const clientName = ctx?.oidc?.client?.clientId === clientId ? (ctx.oidc.client.clientName ?? '') : '';
    const requested = ctx?.oidc?.params?.grant_type;
    // A refreshed token's gty lists its history ("authorization_code refresh_token"): the last is this issue's.
    const grantType =
      typeof requested === 'string'
        ? requested
        : (ISSUED_TOKEN_MODELS[model] ??
          String(payload.gty ?? '')
            .split(' ')
            .at(-1) ??
          '');
    const subject = typeof payload.accountId === 'string' ? payload.accountId : null;
    const event: NewAuditEvent = {
      action: 'oauth2.token.issued',
      actor: { type: 'oauth2-client', id: clientId, name: clientName, address },
      target: { type: 'oauth2-client', id: clientId, name: clientName },
      requestId,
      outcome: 'success',
      details: { grantType, ...(subject ? { subject } : {}), scope: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [] },
    };
    return auditAppendParts(event, new Date());
  };
}
