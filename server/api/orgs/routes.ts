/**
 * Organisations as their members see them: the caller's list (query by name), one organisation,
 * its update and its deletion (which takes projects, devices and everything below them along).
 */
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { blobKeysOfProject } from '../survey/blob-keys.js';
import { checkId, conflict, found, notFound } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { ORG_BODY, ORG_LIST_QUERY, type OrgInput } from './org-input.js';
import { deleteOrg, getOrg, listOrgs, updateOrg, type OrgFilter } from './store.js';
import { OrgSchema, PageOf } from '../http/response-schemas.js';

export const duplicateOrgName = (name: string) => conflict(`An organisation named "${name}" already exists`);

type ListQuery = Pick<OrgFilter, 'q' | 'sort'> & { page?: number; per_page?: number };

export async function registerOrgRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get<{ Querystring: ListQuery }>(
    '/api/orgs',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { ...ORG_LIST_QUERY, ...PAGE_QUERY_SCHEMA } }, response: { 200: PageOf(OrgSchema) } } },
    async (request) => {
      const { q, sort } = request.query;
      return listOrgs(ctx.db, callerOf(request).id, { q, sort, memberOnly: true }, pageArgs(request.query));
    },
  );

  app.get<{ Params: { orgId: string } }>('/api/orgs/:orgId', { schema: { response: { 200: OrgSchema } } }, async (request) => {
    const id = checkId('organisation', request.params.orgId);
    return found(await getOrg(ctx.db, id, callerOf(request).id), 'organisation', id);
  });

  app.put<{ Params: { orgId: string }; Body: Partial<OrgInput> }>(
    '/api/orgs/:orgId',
    { schema: { body: { ...ORG_BODY, minProperties: 1 }, response: { 200: OrgSchema } } },
    async (request) => {
      const id = checkId('organisation', request.params.orgId);
      try {
        if (!(await updateOrg(ctx.db, id, request.body, ctx.now()))) throw notFound('organisation', id);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateOrgName(request.body.name?.trim() ?? '');
        throw err;
      }
      return (await getOrg(ctx.db, id, callerOf(request).id))!;
    },
  );

  app.delete<{ Params: { orgId: string } }>('/api/orgs/:orgId', async (request, reply) => {
    const id = checkId('organisation', request.params.orgId);
    const keys = await ctx.db.transaction(async (tx) => {
      const projects = await tx.query<{ id: string }>('SELECT id FROM projects WHERE org_id = $1', [id]);
      const collected: string[] = [];
      for (const project of projects.rows) collected.push(...(await blobKeysOfProject(tx, project.id)));
      if (!(await deleteOrg(tx, id))) throw notFound('organisation', id);
      return collected;
    });
    await Promise.all(keys.map((key) => ctx.blobs.delete(key)));
    return reply.code(204).send();
  });
}
