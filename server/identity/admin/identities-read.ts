/** Reading identities: the paged list, one identity, and an identity's sessions. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { identityToWire, sessionToWire } from '../sessions/wire.js';
import { getCredentials, listIdentities } from '../store/identities.js';
import { listSessions } from '../store/sessions.js';
import { adminWire, mustGetIdentity, type IdParams } from './identity-lookup.js';
import { linkPages, pageQuerySchema, readPage, type PageQuery } from './paging.js';

/** Lists page by Link headers, as Kratos does, so the official SDK pages through them unchanged. */
export function registerIdentityReadRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.get<{ Querystring: PageQuery & { credentials_identifier?: string; ids?: string | string[] } }>(
    '/admin/identities',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ...pageQuerySchema, credentials_identifier: { type: 'string' }, ids: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
        },
      },
    },
    async (request, reply) => {
      const { size, after } = readPage(request.query);
      const ids = request.query.ids === undefined ? undefined : [request.query.ids].flat();
      const rows = await listIdentities(ctx.db, { limit: size + 1, after, credentialsIdentifier: request.query.credentials_identifier, ids });
      const page = linkPages(request, reply, rows, size);
      return Promise.all(page.map((identity) => adminWire(ctx, identity)));
    },
  );

  app.get<{ Params: IdParams; Querystring: { include_credential?: string | string[] } }>('/admin/identities/:id', async (request) => {
    const identity = await mustGetIdentity(ctx, request.params.id);
    // Credential configuration (hashes, TOTP secrets) is shown only when asked for by type.
    const include = new Set([request.query.include_credential ?? []].flat());
    const credentials = await getCredentials(ctx.db, identity.id);
    return identityToWire(identity, ctx.options.publicUrl, {
      admin: true,
      credentials: credentials.map((c) => (include.has(c.type) ? c : { ...c, config: {} })),
      includeConfig: include.size > 0,
    });
  });

  app.get<{ Params: IdParams; Querystring: PageQuery & { active?: boolean } }>(
    '/admin/identities/:id/sessions',
    { schema: { querystring: { type: 'object', properties: { ...pageQuerySchema, active: { type: 'boolean' } } } } },
    async (request, reply) => {
      const identity = await mustGetIdentity(ctx, request.params.id);
      const { size, after } = readPage(request.query);
      const rows = await listSessions(ctx.db, { limit: size + 1, after, active: request.query.active, identityId: identity.id, now: ctx.now() });
      const identityWire = identityToWire(identity, ctx.options.publicUrl, { admin: true });
      return linkPages(request, reply, rows, size).map((session) => sessionToWire(session, identityWire));
    },
  );
}
