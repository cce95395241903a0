/**
 * Issuing, finding and raising sessions. A session records every way its holder proved who
 * they are (method, AAL, when), which is what refresh and step-up decisions read.
 */
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { IdentityContext } from '../context.js';
import { getCredentials, type StoredIdentity } from '../store/identities.js';
import { findSessionWithIdentity, insertSession, updateSessionAuthentication, type Aal, type AuthenticationMethod, type StoredSession } from '../store/sessions.js';
import { sessionTokenOf } from './session-cookie.js';
import { newLogoutToken, newSessionToken } from './tokens.js';

export interface ActiveSession {
  session: StoredSession;
  identity: StoredIdentity;
  token: string;
  /** Whether aal2 is the highest level this identity can reach (it has a second factor). */
  hasSecondFactor: boolean;
}

/** Second factors count only as the credentials that exist for them. */
const SECOND_FACTORS = new Set(['totp', 'lookup_secret', 'webauthn']);

export async function issueSession(
  ctx: IdentityContext,
  q: Queryable,
  identityId: string,
  method: AuthenticationMethod['method'],
  request: FastifyRequest,
): Promise<{ session: StoredSession; token: string }> {
  const now = ctx.now();
  const token = newSessionToken();
  const session = await insertSession(
    q,
    {
      identity_id: identityId,
      active: true,
      aal: 'aal1',
      authentication_methods: [{ method, aal: 'aal1', completed_at: now.toISOString() }],
      devices: [
        {
          id: randomUUID(),
          ip_address: request.ip,
          user_agent: String(request.headers['user-agent'] ?? ''),
          location: '',
        },
      ],
      issued_at: now,
      authenticated_at: now,
      expires_at: new Date(now.getTime() + ctx.settings().sessionLifespanMs),
    },
    { session: token, logout: newLogoutToken() },
    now,
  );
  return { session, token };
}

/** Adds a completed method to a session: a second factor raises it to aal2; any method refreshes it. */
export async function addAuthentication(ctx: IdentityContext, q: Queryable, session: StoredSession, method: string, aal: Aal): Promise<StoredSession> {
  const now = ctx.now();
  const methods = [...session.authentication_methods, { method, aal, completed_at: now.toISOString() }];
  const raised: Aal = aal === 'aal2' || session.aal === 'aal2' ? 'aal2' : 'aal1';
  const changes = {
    aal: raised,
    authentication_methods: methods,
    authenticated_at: now,
    expires_at: new Date(now.getTime() + ctx.settings().sessionLifespanMs),
  };
  await updateSessionAuthentication(q, session.id, changes, now);
  return { ...session, ...changes, updated_at: now };
}

/** The request's session when it is active and unexpired. */
export async function currentSession(ctx: IdentityContext, request: FastifyRequest): Promise<ActiveSession | undefined> {
  const token = sessionTokenOf(request);
  if (!token) return undefined;
  return sessionByToken(ctx, token);
}

export async function sessionByToken(ctx: IdentityContext, token: string): Promise<ActiveSession | undefined> {
  const found = await findSessionWithIdentity(ctx.db, token);
  if (!found || !found.session.active || found.session.expires_at <= ctx.now() || found.identity.state !== 'active') return undefined;
  return { ...found, token };
}

/** Whether the identity has a second factor, making aal2 its highest available level. */
export async function hasSecondFactor(q: Queryable, identityId: string): Promise<boolean> {
  return (await getCredentials(q, identityId)).some((c) => SECOND_FACTORS.has(c.type) && credentialIsUsable(c.type, c.config));
}

function credentialIsUsable(type: string, config: Record<string, unknown>): boolean {
  if (type === 'lookup_secret') return Array.isArray(config.recovery_codes) && config.recovery_codes.length > 0;
  return true;
}

export function isPrivileged(ctx: IdentityContext, session: StoredSession): boolean {
  return ctx.now().getTime() - session.authenticated_at.getTime() < ctx.options.lifespans.privilegedMs;
}
