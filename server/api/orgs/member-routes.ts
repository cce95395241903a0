/**
 * An organisation's users: list (query by name or address, role), one member, a role change and
 * removal. An organisation keeps at least one owner (409), and only an owner (or a global
 * administrator) may make or unmake one, so an admin cannot take the organisation over.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { ORG_ROLES, type OrgRole } from '../permissions/roles.js';
import { ApiError, checkId, found } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { PageOf } from '../http/response-schemas.js';
import { OrgMemberSchema } from './member-schema.js';
import { countOwners, getMember, listMembers, removeMember, setMemberRole, type MemberFilter } from './members.js';

const ROLE = { type: 'string', enum: ORG_ROLES } as const;
const lastOwner = () => new ApiError(409, 'An organisation keeps at least one owner: make someone else owner first');

type Params = { orgId: string; userId: string };

export async function registerOrgMemberRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const ids = (params: Params) => ({ orgId: checkId('organisation', params.orgId), userId: checkId('user', params.userId) });

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

  app.get<{ Params: { orgId: string }; Querystring: MemberFilter & { page?: number; per_page?: number } }>(
    '/api/orgs/:orgId/users',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { q: { type: 'string', maxLength: 200 }, role: ROLE, ...PAGE_QUERY_SCHEMA } }, response: { 200: PageOf(OrgMemberSchema) } } },
    async (request) => {
      const orgId = checkId('organisation', request.params.orgId);
      const { q, role } = request.query;
      return listMembers(ctx.db, orgId, { q, role }, pageArgs(request.query));
    },
  );

  app.get<{ Params: Params }>('/api/orgs/:orgId/users/:userId', { schema: { response: { 200: OrgMemberSchema } } }, async (request) => {
    const { orgId, userId } = ids(request.params);
    return found(await getMember(ctx.db, orgId, userId), 'user in this organisation', userId);
  });

  app.put<{ Params: Params; Body: { role: OrgRole } }>(
    '/api/orgs/:orgId/users/:userId',
    { schema: { body: { type: 'object', additionalProperties: false, required: ['role'], properties: { role: ROLE } }, response: { 200: OrgMemberSchema } } },
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

  app.delete<{ Params: Params }>('/api/orgs/:orgId/users/:userId', async (request, reply) => {
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
  });
}
