/**
 * Organisations as their members see them: the caller's list (query by name), one organisation,
 * its update and its deletion (which takes projects, devices and everything below them along).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { blobKeysOfProject } from '../survey/blob-keys.js';
import { checkId, conflict, found, notFound } from '../http/api-error.js';
import { pageArgs } from '../http/list-query.js';
import { NoContent, OrgSchema, PageOf } from '../http/response-schemas.js';
import { OrgParams } from '../http/schemas.js';
import { OrgChange, OrgListQuery } from './org-input.js';
import { logoKey } from './logo.js';
import { deleteOrg, getOrg, listOrgs, updateOrg } from './store.js';

export const duplicateOrgName = (name: string) => conflict(`An organisation named "${name}" already exists`);

const tags = ['organisations'];

export async function registerOrgRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/orgs',
    { schema: { tags, summary: 'The organisations the caller belongs to, with their role in each', querystring: OrgListQuery, response: { 200: PageOf(OrgSchema) } } },
    async (request) => {
      const { q, sort } = request.query;
      return listOrgs(ctx.db, callerOf(request).id, { q, sort, memberOnly: true }, pageArgs(request.query));
    },
  );

  app.get('/api/orgs/:orgId', { schema: { tags, summary: 'An organisation', params: OrgParams, response: { 200: OrgSchema } } }, async (request) => {
    const id = checkId('organisation', request.params.orgId);
    return found(await getOrg(ctx.db, id, callerOf(request).id), 'organisation', id);
  });

  app.put(
    '/api/orgs/:orgId',
    { schema: { tags, summary: "Change an organisation's name, legal details, contact or address", params: OrgParams, body: OrgChange, response: { 200: OrgSchema } } },
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

  app.delete(
    '/api/orgs/:orgId',
    { schema: { tags, summary: 'Delete an organisation with its projects, devices and everything below them', params: OrgParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const id = checkId('organisation', request.params.orgId);
      const keys = await ctx.db.transaction(async (tx) => {
        const projects = await tx.query<{ id: string }>('SELECT id FROM projects WHERE org_id = $1', [id]);
        const collected: string[] = [];
        for (const project of projects.rows) collected.push(...(await blobKeysOfProject(tx, project.id)));
        if (!(await deleteOrg(tx, id))) throw notFound('organisation', id);
        return collected;
      });
      await Promise.all([...keys, logoKey(id)].map((key) => ctx.blobs.delete(key)));
      return reply.code(204).send();
    },
  );
}
