/**
 * The three permission lists a client and the gateway load: the caller's own, an organisation's
 * and a project's. Each answers `[{ "id": "org:read" }, ...]`; a caller outside the organisation
 * or project gets an empty list, an unknown one a 404.
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { checkId, notFound } from '../http/api-error.js';
import { asEntries, orgPermissions, projectPermissions, userPermissions } from './lists.js';

export async function registerPermissionRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/api/permissions', async (request) => asEntries(await userPermissions(ctx.db, callerOf(request).id)));

  app.get<{ Params: { orgId: string } }>('/api/orgs/:orgId/permissions', async (request) => {
    const orgId = checkId('organisation', request.params.orgId);
    const list = await orgPermissions(ctx.db, orgId, callerOf(request).id);
    if (!list) throw notFound('organisation', orgId);
    return asEntries(list.permissions);
  });

  app.get<{ Params: { projectId: string } }>('/api/projects/:projectId/permissions', async (request) => {
    const projectId = checkId('project', request.params.projectId);
    const list = await projectPermissions(ctx.db, projectId, callerOf(request).id);
    if (!list) throw notFound('project', projectId);
    return asEntries(list.permissions);
  });
}
