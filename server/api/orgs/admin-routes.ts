/**
 * Global administration of organisations: every organisation (query by name), creating one for
 * a customer with its first owner, and joining one to support it.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isUniqueViolation } from '../../db/errors.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { badRequest, checkId, conflict, found } from '../http/api-error.js';
import { pageArgs } from '../http/list-query.js';
import { OrgSchema, PageOf } from '../http/response-schemas.js';
import { ObjectOrNull, OrgParams, Uuid } from '../http/schemas.js';
import { saveProfile } from '../users/store.js';
import { OrgMemberSchema, OrgRoleInput } from './member-schema.js';
import { addMember } from './members.js';
import { NewOrgFields, OrgListQuery } from './org-input.js';
import { duplicateOrgName } from './routes.js';
import { createOrg, getOrg, listOrgs } from './store.js';

const tags = ['organisations'];

const NewOrgWithOwner = Type.Object({ ...NewOrgFields, ownerId: Type.Optional(Uuid) }, { additionalProperties: false });

export async function registerAdminOrgRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/admin/orgs',
    { schema: { tags, summary: "Every organisation, with the caller's role where they belong", querystring: OrgListQuery, response: { 200: PageOf(OrgSchema) } } },
    async (request) => {
      const { q, sort } = request.query;
      return listOrgs(ctx.db, callerOf(request).id, { q, sort }, pageArgs(request.query));
    },
  );

  app.post(
    '/api/admin/orgs',
    {
      schema: { tags, summary: 'Create an organisation with its first owner (the caller unless ownerId names another user)', body: NewOrgWithOwner, response: { 201: OrgSchema } },
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
        return reply.code(201).send((await getOrg(ctx.db, id, caller.id))!);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateOrgName(input.name.trim());
        throw err;
      }
    },
  );

  app.post(
    '/api/admin/orgs/:orgId/join',
    {
      schema: {
        tags,
        summary: 'Join an organisation to support it (as admin unless another role is given)',
        params: OrgParams,
        body: ObjectOrNull(Type.Object({ role: Type.Optional(OrgRoleInput) }, { additionalProperties: false })),
        response: { 201: OrgMemberSchema },
      },
    },
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
