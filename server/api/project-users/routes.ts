/**
 * Project users: who works on a project and as what (manager, surveyor, viewer). Only members of
 * the project's organisation can be added; a project keeps at least one manager.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, badRequest, checkId, conflict, found, notFound } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { NoContent, PageOf } from '../http/response-schemas.js';
import { ProjectMemberSchema, ProjectRoleSchema } from './member-schema.js';
import { addMember, countManagers, getMember, listMembers, removeMember, setMemberRole } from './store.js';
import { UUID_PATTERN as UUID } from '../../../shared/uuid.js';

const ProjectParams = Type.Object({ projectId: Type.String() });
const MemberParams = Type.Object({ projectId: Type.String(), userId: Type.String() });
const tags = ['project users'];
const lastManager = () => new ApiError(409, 'A project keeps at least one manager: make someone else manager first');

export async function registerProjectUserRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const project = async (id: string) => {
    const projectId = checkId('project', id);
    return found(await getProject(ctx.db, projectId), 'project', projectId);
  };

  app.get(
    '/api/projects/:projectId/users',
    {
      schema: {
        tags,
        summary: "A project's members and their roles, by name",
        params: ProjectParams,
        querystring: Type.Object({ role: Type.Optional(ProjectRoleSchema), ...PageQueryFields }, { additionalProperties: false }),
        response: { 200: PageOf(ProjectMemberSchema) },
      },
    },
    async (request) => {
      const p = await project(request.params.projectId);
      return listMembers(ctx.db, p.id, request.query.role, pageArgs(request.query));
    },
  );

  app.post(
    '/api/projects/:projectId/users',
    {
      schema: {
        tags,
        summary: "Add a member of the project's organisation to the project",
        params: ProjectParams,
        body: Type.Object({ userId: Type.String({ pattern: UUID }), role: ProjectRoleSchema }, { additionalProperties: false }),
        response: { 201: ProjectMemberSchema },
      },
    },
    async (request, reply) => {
      const p = await project(request.params.projectId);
      const userId = request.body.userId.toLowerCase();
      if (!(await ctx.isOrgMember(p.orgId, userId))) throw badRequest(`body/userId: ${userId} is not a member of the project's organisation`, { field: 'body/userId' });
      const added = await addMember(ctx.db, p.id, userId, request.body.role, ctx.now());
      if (!added) throw conflict(`${userId} is already a member of this project`);
      return reply.code(201).send(added);
    },
  );

  app.put(
    '/api/projects/:projectId/users/:userId',
    {
      schema: {
        tags,
        summary: "Change a member's role",
        params: MemberParams,
        body: Type.Object({ role: ProjectRoleSchema }, { additionalProperties: false }),
        response: { 200: ProjectMemberSchema },
      },
    },
    async (request) => {
      const p = await project(request.params.projectId);
      const userId = checkId('project user', request.params.userId);
      return ctx.db.transaction(async (tx) => {
        const current = found(await getMember(tx, p.id, userId), 'project user', userId);
        if (current.role === 'manager' && request.body.role !== 'manager' && (await countManagers(tx, p.id)) <= 1) throw lastManager();
        return (await setMemberRole(tx, p.id, userId, request.body.role, ctx.now()))!;
      });
    },
  );

  app.delete(
    '/api/projects/:projectId/users/:userId',
    { schema: { tags, summary: 'Remove a member from the project', params: MemberParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const p = await project(request.params.projectId);
      const userId = checkId('project user', request.params.userId);
      await ctx.db.transaction(async (tx) => {
        const current = await getMember(tx, p.id, userId);
        if (!current) throw notFound('project user', userId);
        if (current.role === 'manager' && (await countManagers(tx, p.id)) <= 1) throw lastManager();
        await removeMember(tx, p.id, userId);
      });
      return reply.code(204).send();
    },
  );
}
