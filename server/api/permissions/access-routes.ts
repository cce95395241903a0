/**
 * Why a person may (or may not) do each thing in a project, as the permission engine finds it:
 * for the project's people page (whoever may see its people) and for a person's page in the
 * administration (global administrators, with the projects that person can read to choose from).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PERMISSION_IDS } from '../../../shared/permission-ids.js';
import type { ApiContext } from '../context.js';
import { checkId, notFound } from '../http/api-error.js';
import { projectAccess } from './access.js';

const tags = ['permissions'];
const Named = Type.Object({ namespace: Type.String(), object: Type.String(), relation: Type.String() });
const ProjectAccessSchema = Type.Object({
  projectId: Type.String(),
  identityId: Type.String(),
  permissions: Type.Array(
    Type.Object({
      id: Type.Enum(PERMISSION_IDS),
      allowed: Type.Boolean(),
      path: Type.Array(
        Type.Object({
          ...Named.properties,
          via: Type.Enum(['stored', 'subject-set', 'rule', 'traverse']),
          holds: Type.Optional(Type.Union([Type.Object({ id: Type.String() }), Named])),
        }),
        { description: 'From the permit down to the relationship that lets the person in; empty when not allowed.' },
      ),
    }),
  ),
  names: Type.Record(Type.String(), Type.String(), { description: 'Display names by "Namespace:id".' }),
});
const ReadableProjects = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), orgId: Type.String(), orgName: Type.String() })),
  total: Type.Integer(),
});

/** At most this many projects are offered to choose from on a person's page. */
const PROJECT_CHOICES = 200;

export async function registerAccessRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const explain = async (projectId: string, userId: string) => {
    const project = checkId('project', projectId);
    const identity = checkId('user', userId);
    if ((await ctx.db.query('SELECT 1 FROM projects WHERE id = $1', [project])).rowCount === 0) throw notFound('project', project);
    if ((await ctx.db.query('SELECT 1 FROM users WHERE identity_id = $1', [identity])).rowCount === 0) throw notFound('user', identity);
    return projectAccess(ctx.db, ctx.roles, project, identity);
  };

  app.get(
    '/api/projects/:projectId/users/:userId/access',
    {
      schema: {
        tags,
        summary: 'What a person may do in the project, and why',
        params: Type.Object({ projectId: Type.String(), userId: Type.String() }),
        response: { 200: ProjectAccessSchema },
      },
    },
    async (request) => explain(request.params.projectId, request.params.userId),
  );

  app.get(
    '/api/admin/users/:userId/access',
    {
      schema: {
        tags,
        summary: 'What a person may do in a project, and why',
        params: Type.Object({ userId: Type.String() }),
        querystring: Type.Object({ projectId: Type.String() }, { additionalProperties: false }),
        response: { 200: ProjectAccessSchema },
      },
    },
    async (request) => explain(request.query.projectId, request.params.userId),
  );

  app.get(
    '/api/admin/users/:userId/projects',
    {
      schema: {
        tags,
        summary: 'The projects a person may read, found by reverse lookup in the permission engine',
        params: Type.Object({ userId: Type.String() }),
        response: { 200: ReadableProjects },
      },
    },
    async (request) => {
      const identity = checkId('user', request.params.userId);
      const ids = await ctx.roles.projectsReadable(identity);
      const r = await ctx.db.query<{ id: string; name: string; orgId: string; orgName: string }>(
        `SELECT p.id, p.name, o.id AS "orgId", o.name AS "orgName" FROM projects p JOIN orgs o ON o.id = p.org_id
         WHERE p.id = ANY($1::uuid[]) ORDER BY lower(o.name), lower(p.name) LIMIT $2`,
        [ids, PROJECT_CHOICES],
      );
      return { items: r.rows, total: ids.length };
    },
  );
}
