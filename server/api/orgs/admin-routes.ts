/**
 * Global administration of organisations: every organisation (query by name), creating one for
 * a customer with its first owner, and joining one to support it.
 */
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { UUID_PATTERN } from '../http/schemas.js';
import { ORG_ROLES, type OrgRole } from '../permissions/roles.js';
import { badRequest, checkId, conflict, found } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { saveProfile } from '../users/store.js';
import { OrgSchema, PageOf } from '../http/response-schemas.js';
import { OrgMemberSchema } from './member-schema.js';
import { addMember } from './members.js';
import { ORG_BODY, ORG_LIST_QUERY, type OrgInput } from './org-input.js';
import { duplicateOrgName } from './routes.js';
import { createOrg, getOrg, listOrgs, type OrgFilter } from './store.js';

export async function registerAdminOrgRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get<{ Querystring: Pick<OrgFilter, 'q' | 'sort'> & { page?: number; per_page?: number } }>(
    '/api/admin/orgs',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { ...ORG_LIST_QUERY, ...PAGE_QUERY_SCHEMA } }, response: { 200: PageOf(OrgSchema) } } },
    async (request) => {
      const { q, sort } = request.query;
      return listOrgs(ctx.db, callerOf(request).id, { q, sort }, pageArgs(request.query));
    },
  );

  app.post<{ Body: OrgInput & { ownerId?: string } }>(
    '/api/admin/orgs',
    {
      schema: {
        body: { ...ORG_BODY, required: ['name'], properties: { ...ORG_BODY.properties, ownerId: { type: 'string', pattern: UUID_PATTERN } } },
        response: { 201: OrgSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { ownerId: requested, ...input } = request.body;
      // Without a named owner, the administrator creating it owns it until they hand it over.
      const ownerId = requested?.toLowerCase() ?? caller.id;
      if (ownerId !== caller.id) {
        const profile = await ctx.identities.get(ownerId);
        if (!profile) throw badRequest(`body/ownerId: no user with id ${ownerId}`, { field: 'body/ownerId' });
        await saveProfile(ctx.db, profile, ctx.now());
      }
      try {
        const id = await ctx.db.transaction(async (tx) => {
          const created = await createOrg(tx, input, ctx.now());
          await addMember(tx, created, ownerId, 'owner', ctx.now());
          return created;
        });
        return reply.code(201).send(await getOrg(ctx.db, id, caller.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateOrgName(input.name.trim());
        throw err;
      }
    },
  );

  app.post<{ Params: { orgId: string }; Body: { role?: OrgRole } | undefined }>(
    '/api/admin/orgs/:orgId/join',
    { schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { role: { type: 'string', enum: ORG_ROLES } } }, response: { 201: OrgMemberSchema } } },
    async (request, reply) => {
      const orgId = checkId('organisation', request.params.orgId);
      const caller = callerOf(request);
      found(await getOrg(ctx.db, orgId, caller.id), 'organisation', orgId);
      const member = await addMember(ctx.db, orgId, caller.id, request.body?.role ?? 'admin', ctx.now());
      if (!member) throw conflict('You already belong to this organisation');
      return reply.code(201).send(member);
    },
  );
}
