/**
 * The global administrators as the members of the identity platform's project, in Ory's
 * `ProjectMember` shape: the gateway's own calls behind `GET|DELETE /.ory/projects/{project}/members…`
 * (platform routes, route-table.ts), never the browser's. Each member is an `owner`: the
 * installation has no other project role today, and a global administrator holds every `admin:`
 * permission. Removing a member makes them an ordinary user; the last one stays (409), as
 * `PUT /api/admin/users/{userId}` keeps them.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { UUID } from '../../../shared/uuid.js';
import type { ApiContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { listAdmins, lockAdmins, setGlobalRole } from './store.js';

const ProjectMember = Type.Object({
  id: Type.String(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  name: Type.String(),
  role: Type.Literal('owner'),
  source: Type.Literal('project'),
});

export async function registerGlobalAdminRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/internal/global-admins', { schema: { hide: true, response: { 200: Type.Array(ProjectMember) } } }, async () => {
    const admins = await listAdmins(ctx.db);
    // Whether an address is verified is the identity service's to say; the API keeps no copy.
    const identities = await Promise.all(admins.map((admin) => ctx.identities.get(admin.id)));
    return admins.map((admin, i) => ({
      id: admin.id,
      email: admin.email,
      email_verified: identities[i]?.emailVerified ?? false,
      name: `${admin.firstName} ${admin.lastName}`.trim(),
      role: 'owner' as const,
      source: 'project' as const,
    }));
  });

  app.delete('/internal/global-admins/:userId', { schema: { hide: true, params: Type.Object({ userId: Type.String() }) } }, async (request, reply) => {
    const { userId } = request.params;
    const notMember = () => new ApiError(404, `No member ${userId}: the project's members are the installation's global administrators`);
    if (!UUID.test(userId)) throw notMember();
    const id = userId.toLowerCase();
    // Under lock: two administrators removing each other at once must not leave none.
    await ctx.db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      if (!admins.includes(id)) throw notMember();
      if (admins.length === 1) throw new ApiError(409, "This is the installation's last global administrator, the project's only owner: appoint another one first");
      await setGlobalRole(tx, id, 'user', ctx.now());
    });
    return reply.code(204).send();
  });
}
