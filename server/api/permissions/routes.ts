/**
 * The three permission lists a client and the gateway load: the caller's own, an organisation's
 * and a project's. Each answers `[{ "id": "org:read" }, ...]`; a caller outside the organisation
 * or project gets an empty list, an unknown one a 404.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PERMISSION_IDS } from '../../../shared/permission-ids.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { checkId, notFound } from '../http/api-error.js';
import { OrgParams } from '../http/schemas.js';
import { asEntries } from './lists.js';

const tags = ['permissions'];
const PermissionList = Type.Array(Type.Object({ id: Type.Enum(PERMISSION_IDS) }));

export async function registerPermissionRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/permissions', { schema: { tags, summary: "The caller's own permissions (from their global role)", response: { 200: PermissionList } } }, async (request) =>
    asEntries(await ctx.roles.user(callerOf(request).id)),
  );

  app.get(
    '/api/orgs/:orgId/permissions',
    { schema: { tags, summary: "The caller's permissions in an organisation (empty outside it)", params: OrgParams, response: { 200: PermissionList } } },
    async (request) => {
      const orgId = checkId('organisation', request.params.orgId);
      const list = await ctx.roles.org(orgId, callerOf(request).id);
      if (!list) throw notFound('organisation', orgId);
      return asEntries(list.permissions);
    },
  );

  app.get(
    '/api/projects/:projectId/permissions',
    { schema: { tags, summary: "The caller's permissions in a project (empty outside it)", params: Type.Object({ projectId: Type.String() }), response: { 200: PermissionList } } },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      const list = await ctx.roles.project(projectId, callerOf(request).id);
      if (!list) throw notFound('project', projectId);
      return asEntries(list.permissions);
    },
  );
}
