/** Projects: list (query by name, status, membership), create, read, update, delete. */
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError, checkId, conflict, found, notFound } from '../http/api-error.js';
import type { SurveyContext } from '../survey/context.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { deleteSurveyBlobs, blobKeysOfProject } from '../survey/blob-keys.js';
import { createProject, deleteProject, getProject, listProjects, updateProject, type ProjectFilter, type ProjectInput, type ProjectStatus } from './store.js';
import { PageOf, ProjectSchema } from '../http/response-schemas.js';

const PROJECT_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    description: { type: 'string', maxLength: 5000 },
    status: { type: 'string', enum: ['running', 'halted'] },
    customer: { type: 'string', maxLength: 200 },
    address: { type: 'string', maxLength: 500 },
  },
} as const;

const duplicateName = (name: string) => conflict(`A project named "${name}" already exists in this organisation`);

export async function registerProjectRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  app.get<{ Params: { orgId: string }; Querystring: { q?: string; status?: ProjectStatus; mine?: boolean; sort?: ProjectFilter['sort']; page?: number; per_page?: number } }>(
    '/api/orgs/:orgId/projects',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            q: { type: 'string', maxLength: 200 },
            status: { type: 'string', enum: ['running', 'halted'] },
            mine: { type: 'boolean' },
            sort: { type: 'string', enum: ['name', 'created', 'updated'] },
            ...PAGE_QUERY_SCHEMA,
          },
        },
        response: { 200: PageOf(ProjectSchema) },
      },
    },
    async (request) => {
      const orgId = await existingOrg(ctx, request.params.orgId);
      const { q, status, mine, sort } = request.query;
      return listProjects(ctx.db, orgId, { q, status, sort, memberId: mine ? ctx.callerId(request) : undefined }, pageArgs(request.query));
    },
  );

  app.post<{ Params: { orgId: string }; Body: ProjectInput }>(
    '/api/orgs/:orgId/projects',
    { schema: { body: { ...PROJECT_BODY, required: ['name'] }, response: { 201: ProjectSchema } } },
    async (request, reply) => {
      const orgId = await existingOrg(ctx, request.params.orgId);
      const caller = ctx.callerId(request);
      const body = { ...request.body, name: request.body.name.trim() };
      try {
        const project = await ctx.db.transaction(async (tx) => {
          const created = await createProject(tx, orgId, body, caller, ctx.now());
          // The creator manages the project they made.
          await tx.query(`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ($1, $2, 'manager', $3, $3)`, [created.id, caller, ctx.now()]);
          return created;
        });
        return reply.code(201).send(project);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateName(body.name);
        throw err;
      }
    },
  );

  app.get<{ Params: { projectId: string } }>('/api/projects/:projectId', { schema: { response: { 200: ProjectSchema } } }, async (request) => {
    const id = checkId('project', request.params.projectId);
    return found(await getProject(ctx.db, id), 'project', id);
  });

  app.put<{ Params: { projectId: string }; Body: Partial<ProjectInput> }>(
    '/api/projects/:projectId',
    { schema: { body: { ...PROJECT_BODY, minProperties: 1 }, response: { 200: ProjectSchema } } },
    async (request) => {
      const id = checkId('project', request.params.projectId);
      const body = { ...request.body, name: request.body.name?.trim() };
      try {
        return found(await updateProject(ctx.db, id, body, ctx.now()), 'project', id);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateName(body.name ?? '');
        throw err;
      }
    },
  );

  app.delete<{ Params: { projectId: string } }>('/api/projects/:projectId', async (request, reply) => {
    const id = checkId('project', request.params.projectId);
    const keys = await ctx.db.transaction(async (tx) => {
      const k = await blobKeysOfProject(tx, id);
      if (!(await deleteProject(tx, id))) throw notFound('project', id);
      return k;
    });
    await deleteSurveyBlobs(ctx, keys);
    return reply.code(204).send();
  });
}

async function existingOrg(ctx: SurveyContext, orgId: string): Promise<string> {
  const id = checkId('organisation', orgId);
  const r = await ctx.db.query('SELECT 1 FROM orgs WHERE id = $1', [id]);
  if (r.rowCount === 0) throw new ApiError(404, `No organisation with id ${orgId}`);
  return id;
}
