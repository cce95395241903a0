/** Projects: list (query by name, status, membership), create, read, update, delete. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isUniqueViolation } from '../../db/errors.js';
import { checkId, conflict, found, notFound } from '../http/api-error.js';
import { existingOrg } from '../fleet/orgs.js';
import { keptOrComputed } from '../../db/until-next-write.js';
import type { SurveyContext } from '../survey/context.js';
import { KnownTotalField, PageQueryFields, pageArgs } from '../http/list-query.js';
import { deleteSurveyBlobs, blobKeysOfProject } from '../survey/blob-keys.js';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './store.js';
import { NoContent, PageOf, ProjectSchema } from '../http/response-schemas.js';
import { OrgParams } from '../http/schemas.js';

// `type` beside `enum`: a value of the wrong type is answered "must be string", as for any text field.
const Status = Type.Enum(['running', 'halted'], { type: 'string' });
const ProjectFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  description: Type.String({ maxLength: 5000 }),
  status: Status,
  customer: Type.String({ maxLength: 200 }),
  address: Type.String({ maxLength: 500 }),
};
const { name, ...optional } = ProjectFields;
const NewProject = Type.Object({ name, ...Type.Partial(Type.Object(optional)).properties }, { additionalProperties: false });
const ProjectChange = Type.Partial(Type.Object(ProjectFields), { additionalProperties: false, minProperties: 1 });
const ListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(Status),
    mine: Type.Optional(Type.Boolean({ description: 'Only projects the caller is a member of.' })),
    sort: Type.Optional(Type.Enum(['name', 'created', 'updated'], { type: 'string', description: 'created (default): newest first; updated: last changed first.' })),
    ...PageQueryFields,
    ...KnownTotalField,
  },
  { additionalProperties: false },
);
const ProjectParams = Type.Object({ projectId: Type.String() });
const tags = ['projects'];

const duplicateName = (name: string) => conflict(`A project named "${name}" already exists in this organisation`);

export async function registerProjectRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/orgs/:orgId/projects',
    { schema: { tags, summary: "An organisation's projects", params: OrgParams, querystring: ListQuery, response: { 200: PageOf(ProjectSchema) } } },
    async (request) => {
      const caller = ctx.callerId(request);
      // Rows of the API's database and the caller (with mine) are all a page depends on.
      return keptOrComputed(ctx.answers, `projects ${caller} ${request.url}`, async () => {
        const orgId = await existingOrg(ctx.db, request.params.orgId, request);
        const { q, status, mine, sort, known_total: knownTotal } = request.query;
        return listProjects(ctx.db, orgId, { q, status, sort, knownTotal, projectIds: mine ? await ctx.roles.projectsWithRole(caller) : undefined }, pageArgs(request.query));
      });
    },
  );

  app.post(
    '/api/orgs/:orgId/projects',
    { schema: { tags, summary: 'Create a project; its creator becomes its manager', params: OrgParams, body: NewProject, response: { 201: ProjectSchema } } },
    async (request, reply) => {
      const orgId = await existingOrg(ctx.db, request.params.orgId, request);
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

  app.get('/api/projects/:projectId', { schema: { tags, summary: 'A project', params: ProjectParams, response: { 200: ProjectSchema } } }, async (request) => {
    const id = checkId('project', request.params.projectId);
    return found(await getProject(ctx.db, id), 'project', id);
  });

  app.put(
    '/api/projects/:projectId',
    {
      schema: {
        tags,
        summary: "Change a project's fields; halt or resume it with status",
        params: ProjectParams,
        body: ProjectChange,
        response: { 200: ProjectSchema },
      },
    },
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

  app.delete(
    '/api/projects/:projectId',
    { schema: { tags, summary: 'Delete a project with everything in it', params: ProjectParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const id = checkId('project', request.params.projectId);
      const keys = await ctx.db.transaction(async (tx) => {
        const k = await blobKeysOfProject(tx, id);
        if (!(await deleteProject(tx, id))) throw notFound('project', id);
        return k;
      });
      await deleteSurveyBlobs(ctx, keys);
      return reply.code(204).send();
    },
  );
}
