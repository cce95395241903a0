/**
 * Global administration of users: the profiles the API knows (query by name or address, role,
 * state), creating a user (an identity in the identity service, then its profile), changing a
 * user's names, address, state or global role, and issuing a recovery link or code for them.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { EMAIL_SCHEMA } from '../http/schemas.js';
import type { ProfileChange } from '../identity/identity-admin.js';
import { GLOBAL_ROLES, type GlobalRole } from '../permissions/roles.js';
import { ApiError, checkId, found, notFound } from '../http/api-error.js';
import { PageOf } from '../http/response-schemas.js';
import { RecoveryGrantSchema, UserSchema } from './user-schema.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { countAdmins, getUser, listUsers, lockAdmins, saveProfile, setGlobalRole, type UserFilter } from './store.js';

const NAME = { type: 'string', maxLength: 100 } as const;
const STATE = { type: 'string', enum: ['active', 'inactive'] } as const;
const ROLE = { type: 'string', enum: GLOBAL_ROLES } as const;

interface CreateBody {
  email: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  globalRole?: GlobalRole;
  verified?: boolean;
}

type UpdateBody = ProfileChange & { globalRole?: GlobalRole };

const lastAdmin = () => new ApiError(409, 'There must be at least one global administrator: appoint another one first');

export async function registerAdminUserRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get<{ Querystring: UserFilter & { page?: number; per_page?: number } }>(
    '/api/admin/users',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { q: { type: 'string', maxLength: 200 }, globalRole: ROLE, state: STATE, ...PAGE_QUERY_SCHEMA } },
        response: { 200: PageOf(UserSchema) },
      },
    },
    async (request) => {
      const { q, globalRole, state } = request.query;
      return listUsers(ctx.db, { q, globalRole, state }, pageArgs(request.query));
    },
  );

  app.post<{ Body: CreateBody }>(
    '/api/admin/users',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email'],
          properties: { email: EMAIL_SCHEMA, firstName: NAME, lastName: NAME, password: { type: 'string', minLength: 12, maxLength: 256 }, globalRole: ROLE, verified: { type: 'boolean' } },
        },
        response: { 201: UserSchema },
      },
    },
    async (request, reply) => {
      const { globalRole = 'user', verified = false, ...identity } = request.body;
      const profile = await ctx.identities.create({ ...identity, email: identity.email.trim().toLowerCase(), verified });
      return reply.code(201).send(await saveProfile(ctx.db, profile, ctx.now(), globalRole));
    },
  );

  app.get<{ Params: { userId: string } }>('/api/admin/users/:userId', { schema: { response: { 200: UserSchema } } }, async (request) => {
    const id = checkId('user', request.params.userId);
    return found(await getUser(ctx.db, id), 'user', id);
  });

  app.put<{ Params: { userId: string }; Body: UpdateBody }>(
    '/api/admin/users/:userId',
    {
      schema: {
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { email: EMAIL_SCHEMA, firstName: NAME, lastName: NAME, state: STATE, globalRole: ROLE } },
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const id = checkId('user', request.params.userId);
      const { globalRole, ...change } = request.body;
      // Checked before the identity changes, so a refused demotion changes nothing.
      if (globalRole === 'user' && (await getUser(ctx.db, id))?.globalRole === 'admin' && (await countAdmins(ctx.db)) <= 1) throw lastAdmin();
      const profile = Object.keys(change).length > 0 ? await ctx.identities.update(id, { ...change, email: change.email?.trim().toLowerCase() }) : await ctx.identities.get(id);
      if (!profile) throw notFound('user', id);
      return ctx.db.transaction(async (tx) => {
        await saveProfile(tx, profile, ctx.now());
        // Again under lock: two administrators demoting each other at once must not both succeed.
        if (globalRole === 'user' && (await lockAdmins(tx)).length === 1 && (await getUser(tx, id))?.globalRole === 'admin') throw lastAdmin();
        if (globalRole) await setGlobalRole(tx, id, globalRole, ctx.now());
        return (await getUser(tx, id))!;
      });
    },
  );

  app.put<{ Params: { userId: string }; Body: { method?: 'link' | 'code'; expiresIn?: string } | undefined }>(
    '/api/admin/users/:userId/recovery',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { method: { type: 'string', enum: ['link', 'code'] }, expiresIn: { type: 'string', pattern: '^([0-9]+(m|h))+$' } },
        },
        response: { 200: RecoveryGrantSchema },
      },
    },
    async (request) => {
      const id = checkId('user', request.params.userId);
      return ctx.identities.recovery(id, request.body?.method ?? 'link', request.body?.expiresIn ?? '24h');
    },
  );
}
