/**
 * A user's granted applications for global administrators: the provider's consent sessions of
 * that identity, one row per application, and revoking one application's consent or all of them
 * (the provider revokes the tokens issued under them too).
 */
import type { OAuth2ConsentSession } from '@ory/client';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { checkId, found } from '../http/api-error.js';
import { NoContent } from '../http/response-schemas.js';
import type { ProviderAdmin } from './provider-admin.js';
import { GrantedApplicationsSchema, UserGrantClientParams, UserGrantParams } from './schemas.js';

const tags = ['oauth2'];
const BASE = '/api/admin/oauth2/users/:userId/applications';

interface Granted {
  application: { id: string; name: string };
  scopes: string[];
  remembered: boolean;
  lastGrantedAt: string | null;
}

/** A consent per authorization: the screen wants one row per application, scopes merged. */
function byApplication(sessions: OAuth2ConsentSession[]): Granted[] {
  const rows = new Map<string, Granted>();
  for (const session of sessions) {
    const client = session.consent_request?.client;
    const id = client?.client_id;
    if (!id) continue;
    const row = rows.get(id) ?? { application: { id, name: client.client_name ?? '' }, scopes: [], remembered: false, lastGrantedAt: null };
    for (const scope of session.grant_scope ?? []) if (!row.scopes.includes(scope)) row.scopes.push(scope);
    row.remembered ||= session.remember === true;
    const handled = session.handled_at ? new Date(session.handled_at).toISOString() : null;
    if (handled && (!row.lastGrantedAt || handled > row.lastGrantedAt)) row.lastGrantedAt = handled;
    rows.set(id, row);
  }
  return [...rows.values()];
}

export async function registerOAuth2GrantRoutes(fastify: FastifyInstance, ctx: ApiContext, provider: ProviderAdmin): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /** The identity must exist: an unknown user is a 404, not an empty list. */
  const subjectOf = async (userId: string) => {
    const id = checkId('user', userId);
    return found(await ctx.identities.get(id), 'user', id).id;
  };

  app.get(
    BASE,
    { schema: { tags, summary: 'The OAuth2 applications a user has granted access', params: UserGrantParams, response: { 200: GrantedApplicationsSchema } } },
    async (request) => ({ items: byApplication(await provider.listConsentSessions(await subjectOf(request.params.userId))) }),
  );

  app.delete(
    BASE,
    { schema: { tags, summary: "Revoke every application's access to a user, with the tokens issued under it", params: UserGrantParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await provider.revokeConsentSessions(await subjectOf(request.params.userId));
      return reply.code(204).send();
    },
  );

  app.delete(
    BASE + '/:clientId',
    { schema: { tags, summary: "Revoke one application's access to a user, with the tokens issued under it", params: UserGrantClientParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await provider.revokeConsentSessions(await subjectOf(request.params.userId), request.params.clientId);
      return reply.code(204).send();
    },
  );
}
