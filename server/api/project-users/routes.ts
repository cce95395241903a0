/**
 * Project users: who works on a project and as what (manager, surveyor, viewer). Only members of
 * the project's organisation can be added; a project keeps at least one manager.
 */
import type { FastifyInstance } from 'fastify';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, badRequest, checkId, conflict, found, notFound } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { addMember, countManagers, getMember, listMembers, PROJECT_ROLES, removeMember, setMemberRole, type ProjectRole } from './store.js';
import { UUID_PATTERN as UUID } from '../../../shared/uuid.js';

const ROLE = { type: 'string', enum: PROJECT_ROLES } as const;

export async function registerProjectUserRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const project = async (id: string) => {
    const projectId = checkId('project', id);
    return found(await getProject(ctx.db, projectId), 'project', projectId);
  };

  app.get<{ Params: { projectId: string }; Querystring: { role?: ProjectRole; page?: number; per_page?: number } }>(
    '/api/projects/:projectId/users',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { role: ROLE, ...PAGE_QUERY_SCHEMA } } } },
    async (request) => {
      const p = await project(request.params.projectId);
      return listMembers(ctx.db, p.id, request.query.role, pageArgs(request.query));
    },
  );

  app.post<{ Params: { projectId: string }; Body: { userId: string; role: ProjectRole } }>(
    '/api/projects/:projectId/users',
    {
      schema: {
        body: { type: 'object', additionalProperties: false, required: ['userId', 'role'], properties: { userId: { type: 'string', pattern: UUID }, role: ROLE } },
      },
    },
    async (request, reply) => {
      const p = await project(request.params.projectId);
      const userId = request.body.userId.toLowerCase();
      if (!(await ctx.isOrgMember(p.orgId, userId))) throw badRequest(`userId: ${userId} is not a member of the project's organisation`);
      const added = await addMember(ctx.db, p.id, userId, request.body.role, ctx.now());
      if (!added) throw conflict(`${userId} is already a member of this project`);
      return reply.code(201).send(added);
    },
  );

  app.put<{ Params: { projectId: string; userId: string }; Body: { role: ProjectRole } }>(
    '/api/projects/:projectId/users/:userId',
    { schema: { body: { type: 'object', additionalProperties: false, required: ['role'], properties: { role: ROLE } } } },
    async (request) => {
      const p = await project(request.params.projectId);
      const userId = checkId('project user', request.params.userId);
      return ctx.db.transaction(async (tx) => {
        const current = found(await getMember(tx, p.id, userId), 'project user', userId);
        if (current.role === 'manager' && request.body.role !== 'manager' && (await countManagers(tx, p.id)) <= 1) {
          throw new ApiError(409, 'A project keeps at least one manager: make someone else manager first');
        }
        return (await setMemberRole(tx, p.id, userId, request.body.role, ctx.now()))!;
      });
    },
  );

  app.delete<{ Params: { projectId: string; userId: string } }>('/api/projects/:projectId/users/:userId', async (request, reply) => {
    const p = await project(request.params.projectId);
    const userId = checkId('project user', request.params.userId);
    await ctx.db.transaction(async (tx) => {
      const current = await getMember(tx, p.id, userId);
      if (!current) throw notFound('project user', userId);
      if (current.role === 'manager' && (await countManagers(tx, p.id)) <= 1) {
        throw new ApiError(409, 'A project keeps at least one manager: make someone else manager first');
      }
      await removeMember(tx, p.id, userId);
    });
    return reply.code(204).send();
  });
}
