/**
 * `GET /bff/permissions` (the caller's three lists for the selected organisation and project)
 * and `GET /bff/permissions/check` (`{allowed, missing}` for a list of ids), answered from the
 * same cache and with the same shared check the API proxy uses.
 */
import type { FastifyInstance } from 'fastify';
import { checkPermissions } from '../../../shared/permission-check.js';
import type { Session } from '../../../shared/identity-session.js';
import type { Authorizer } from '../authorize.js';
import type { PermissionLists } from '../permissions.js';

interface ScopeQuery {
  orgId?: string;
  projectId?: string;
}

const ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } as const;
const IDS = { type: 'string', pattern: '^[a-z:]{1,64}(,[a-z:]{1,64}){0,31}$' } as const;

export async function permissionRoutes(app: FastifyInstance, options: { authorizer: Authorizer; permissions: PermissionLists }): Promise<void> {
  const listsFor = async (session: Session, query: ScopeQuery) => {
    const [user, organization, project] = await Promise.all([
      options.permissions.list(session, { kind: 'user' }),
      query.orgId ? options.permissions.list(session, { kind: 'org', id: query.orgId }) : null,
      query.projectId ? options.permissions.list(session, { kind: 'project', id: query.projectId }) : null,
    ]);
    return { user, organization, project };
  };

  app.get<{ Querystring: ScopeQuery }>(
    '/bff/permissions',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { orgId: ID, projectId: ID } } } },
    async (request, reply) => {
      const { session } = await options.authorizer.authenticate(request.headers);
      const lists = await listsFor(session, request.query);
      reply.header('cache-control', 'no-store');
      return {
        user: [...lists.user],
        organization: lists.organization ? [...lists.organization] : null,
        project: lists.project ? [...lists.project] : null,
      };
    },
  );

  app.get<{ Querystring: ScopeQuery & { ids: string } }>(
    '/bff/permissions/check',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['ids'],
          properties: { ids: IDS, orgId: ID, projectId: ID },
        },
      },
    },
    async (request, reply) => {
      const { session } = await options.authorizer.authenticate(request.headers);
      const lists = await listsFor(session, request.query);
      reply.header('cache-control', 'no-store');
      return checkPermissions(lists, request.query.ids.split(','));
    },
  );
}
