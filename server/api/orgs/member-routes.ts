/**
 * An organisation's users: list (query by name or address, role), one member, a role change and
 * removal. An organisation keeps at least one owner (409), and only an owner (or a global
 * administrator) may make or unmake one, so an admin cannot take the organisation over.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Queryable } from '../../db/database.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { ApiError, checkId, found } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { NoContent, PageOf } from '../http/response-schemas.js';
import { OrgParams } from '../http/schemas.js';
import { OrgMemberSchema, OrgRoleInput } from './member-schema.js';
import { countOwners, getMember, listMembers, removeMember, setMemberRole } from './members.js';

const tags = ['organisation users'];
const MemberParams = Type.Object({ ...OrgParams.properties, userId: Type.String() });
const ListQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), role: Type.Optional(OrgRoleInput), ...PageQueryFields }, { additionalProperties: false });
const RoleChange = Type.Object({ role: OrgRoleInput }, { additionalProperties: false });

const lastOwner = () => new ApiError(409, 'An organisation keeps at least one owner: make someone else owner first');

export async function registerOrgMemberRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ids = (params: Static<typeof MemberParams>) => ({ orgId: checkId('organisation', params.orgId), userId: checkId('user', params.userId) });

  /** Owners and global administrators decide who owns an organisation. */
  const mayChangeOwners = async (db: Queryable, request: FastifyRequest, orgId: string) => {
    const r = await db.query<{ owner: boolean; admin: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM org_members WHERE org_id = $1 AND user_id = $2 AND role = 'owner') AS owner,
              EXISTS (SELECT 1 FROM users WHERE identity_id = $2 AND global_role = 'admin') AS admin`,
      [orgId, callerOf(request).id],
    );
    const row = r.rows[0]!;
    if (!row.owner && !row.admin) throw new ApiError(403, 'Only an owner can make or unmake an owner', { missing: ['owner'] });
  };

  app.get(
    '/api/orgs/:orgId/users',
    { schema: { tags, summary: "An organisation's users and their roles", params: OrgParams, querystring: ListQuery, response: { 200: PageOf(OrgMemberSchema) } } },
    async (request) => {
      const orgId = checkId('organisation', request.params.orgId);
      const { q, role } = request.query;
      return listMembers(ctx.db, orgId, { q, role }, pageArgs(request.query));
    },
  );

  app.get(
    '/api/orgs/:orgId/users/:userId',
    { schema: { tags, summary: 'One user of the organisation with their role', params: MemberParams, response: { 200: OrgMemberSchema } } },
    async (request) => {
      const { orgId, userId } = ids(request.params);
      return found(await getMember(ctx.db, orgId, userId), 'user in this organisation', userId);
    },
  );

  app.put(
    '/api/orgs/:orgId/users/:userId',
    {
      schema: {
        tags,
        summary: "Change a user's role in the organisation; only an owner makes or unmakes an owner",
        params: MemberParams,
        body: RoleChange,
        response: { 200: OrgMemberSchema },
      },
    },
    async (request) => {
      const { orgId, userId } = ids(request.params);
      const role = request.body.role;
      return ctx.db.transaction(async (tx) => {
        const current = found(await getMember(tx, orgId, userId), 'user in this organisation', userId);
        if (current.role === role) return current;
        if (current.role === 'owner' || role === 'owner') await mayChangeOwners(tx, request, orgId);
        if (current.role === 'owner' && (await countOwners(tx, orgId)) <= 1) throw lastOwner();
        await setMemberRole(tx, orgId, userId, role, ctx.now());
        return (await getMember(tx, orgId, userId))!;
      });
    },
  );

  app.delete(
    '/api/orgs/:orgId/users/:userId',
    { schema: { tags, summary: 'Remove a user from the organisation and its projects', params: MemberParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const { orgId, userId } = ids(request.params);
      await ctx.db.transaction(async (tx) => {
        const current = found(await getMember(tx, orgId, userId), 'user in this organisation', userId);
        if (current.role === 'owner') {
          await mayChangeOwners(tx, request, orgId);
          if ((await countOwners(tx, orgId)) <= 1) throw lastOwner();
        }
        await removeMember(tx, orgId, userId);
        // The invite that brought them in is now history of a removed member.
        await tx.query(`UPDATE invites SET status = 'removed', updated_at = $3 WHERE org_id = $1 AND accepted_by = $2 AND status = 'accepted'`, [orgId, userId, ctx.now()]);
      });
      return reply.code(204).send();
    },
  );
}
