/**
 * Consent and login sessions in Hydra's shapes: `GET/DELETE /admin/oauth2/auth/sessions/consent`
 * (by subject, one client or all, or one login session; revoking takes the grant's tokens with
 * it) and `DELETE /admin/oauth2/auth/sessions/login?subject=` (the provider's sign-in sessions).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { adminActor, recordOAuth2Event } from '../audit.js';
import type { ProviderHost } from '../provider-host.js';
import { revokeGrants } from '../store/clients.js';
import { deleteConsents, listConsents } from '../store/consent-sessions.js';
import { findClientView } from './client-view.js';
import { invalidRequest } from './hydra-error.js';

const listQuery = {
  type: 'object',
  required: ['subject'],
  properties: {
    subject: { type: 'string', minLength: 1, maxLength: 256 },
    login_session_id: { type: 'string', maxLength: 256 },
    page_size: { type: 'integer', minimum: 1, maximum: 500 },
    page_token: { type: 'string', pattern: '^[0-9]+$' },
  },
} as const;

const revokeQuery = {
  type: 'object',
  properties: {
    subject: { type: 'string', minLength: 1, maxLength: 256 },
    client: { type: 'string', minLength: 1, maxLength: 256 },
    all: { type: 'boolean' },
    login_session_id: { type: 'string', minLength: 1, maxLength: 256 },
  },
} as const;

export async function sessionRoutes(app: FastifyInstance, deps: { host: ProviderHost; db: Database }): Promise<void> {
  const { host, db } = deps;

  app.get<{ Querystring: { subject: string; login_session_id?: string; page_size?: number; page_token?: string } }>(
    '/admin/oauth2/auth/sessions/consent',
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const limit = request.query.page_size ?? 250;
      const offset = Number(request.query.page_token ?? 0);
      const rows = await listConsents(db, { subject: request.query.subject, loginSessionId: request.query.login_session_id }, { limit: limit + 1, offset });
      if (rows.length > limit) reply.header('link', `</admin/oauth2/auth/sessions/consent?page_size=${limit}&page_token=${offset + limit}>; rel="next"`);
      return Promise.all(
        rows.slice(0, limit).map(async (row) => ({
          consent_request: {
            challenge: row.consent_challenge,
            subject: row.subject,
            client: (await findClientView(host.current, row.client_id)) ?? { client_id: row.client_id },
            login_session_id: row.login_session_id ?? '',
            requested_scope: row.granted_scope,
          },
          grant_scope: row.granted_scope,
          grant_access_token_audience: row.granted_audience,
          remember: row.remember,
          remember_for: row.remember_for,
          handled_at: row.handled_at,
          session: row.session_claims,
        })),
      );
    },
  );

  app.delete<{ Querystring: { subject?: string; client?: string; all?: boolean; login_session_id?: string } }>(
    '/admin/oauth2/auth/sessions/consent',
    { schema: { querystring: revokeQuery } },
    async (request, reply) => {
      const { subject, client, all, login_session_id: loginSessionId } = request.query;
      if (!subject) throw invalidRequest('subject is required');
      if (!client && !all && !loginSessionId) throw invalidRequest('Name a client, a login_session_id, or set all=true');
      const { actor, requestId } = adminActor(request);
      await db.transaction(async (tx) => {
        const { grantIds, clientIds } = await deleteConsents(tx, { subject, clientId: client, loginSessionId });
        await revokeGrants(tx, grantIds);
        // Nothing withdrawn, nothing to record.
        if (clientIds.length === 0) return;
        await recordOAuth2Event(tx, {
          action: 'oauth2.consent.revoked',
          actor,
          target: { type: 'user', id: subject },
          requestId,
          details: { clients: clientIds.slice(0, 50), ...(loginSessionId ? { loginSessionId } : {}) },
        });
      });
      return reply.code(204).send();
    },
  );

  app.delete<{ Querystring: { subject?: string; sid?: string } }>(
    '/admin/oauth2/auth/sessions/login',
    { schema: { querystring: { type: 'object', properties: { subject: { type: 'string', minLength: 1 }, sid: { type: 'string', minLength: 1 } } } } },
    async (request, reply) => {
      const { subject, sid } = request.query;
      if (!subject && !sid) throw invalidRequest('subject or sid is required');
      if (subject) await db.query("DELETE FROM models WHERE model = 'Session' AND payload->>'accountId' = $1", [subject]);
      if (sid) await db.query("DELETE FROM models WHERE model = 'Session' AND uid = $1", [sid]);
      return reply.code(204).send();
    },
  );
}
