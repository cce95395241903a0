/**
 * `POST /admin/oauth2/introspect` (RFC 7662 with Hydra's extra fields) and
 * `DELETE /admin/oauth2/tokens?client_id=` (every token of a client, the client stays).
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import type { ProviderHost } from '../provider-host.js';
import { deleteClientTokens } from '../store/clients.js';

interface IntrospectedToken {
  clientId?: string;
  accountId?: string;
  scope?: string;
  iat?: number;
  exp?: number;
  aud?: string | string[];
  isValid?: boolean;
  isExpired?: boolean;
  consumed?: unknown;
}

const introspectBody = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 4096 }, scope: { type: 'string', maxLength: 4096 } },
} as const;

const clientQuery = { type: 'object', required: ['client_id'], properties: { client_id: { type: 'string', minLength: 1, maxLength: 256 } } } as const;

export async function tokenRoutes(app: FastifyInstance, deps: { host: ProviderHost; db: Queryable; issuer: string }): Promise<void> {
  const { host, db, issuer } = deps;

  const find = async (token: string): Promise<{ found: IntrospectedToken; use: 'access_token' | 'refresh_token' } | undefined> => {
    const provider = host.current;
    const access = ((await provider.AccessToken.find(token)) ?? (await provider.ClientCredentials.find(token))) as IntrospectedToken | undefined;
    if (access) return { found: access, use: 'access_token' };
    const refresh = (await provider.RefreshToken.find(token)) as IntrospectedToken | undefined;
    return refresh ? { found: refresh, use: 'refresh_token' } : undefined;
  };

  app.post<{ Body: { token: string; scope?: string } }>('/admin/oauth2/introspect', { schema: { body: introspectBody } }, async (request) => {
    const hit = await find(request.body.token);
    if (!hit || hit.found.isExpired || hit.found.consumed) return { active: false };
    const scopes = (hit.found.scope ?? '').split(' ').filter(Boolean);
    const asked = (request.body.scope ?? '').split(' ').filter(Boolean);
    // Hydra: a token that lacks any scope the caller asks about is not active for it.
    if (!asked.every((scope) => scopes.includes(scope))) return { active: false };
    const aud = hit.found.aud === undefined ? [] : Array.isArray(hit.found.aud) ? hit.found.aud : [hit.found.aud];
    return {
      active: true,
      scope: scopes.join(' '),
      client_id: hit.found.clientId ?? '',
      sub: hit.found.accountId ?? hit.found.clientId ?? '',
      exp: hit.found.exp,
      iat: hit.found.iat,
      nbf: hit.found.iat,
      aud,
      iss: issuer,
      token_type: 'Bearer',
      token_use: hit.use,
    };
  });

  app.delete<{ Querystring: { client_id: string } }>('/admin/oauth2/tokens', { schema: { querystring: clientQuery } }, async (request, reply) => {
    await deleteClientTokens(db, request.query.client_id, false);
    return reply.code(204).send();
  });
}
