/**
 * Global administration of users: the profiles the API knows (query by name or address, role,
 * state), creating a user (an identity in the identity service, then its profile), changing a
 * user's names, address, state or global role, and issuing a recovery link or code for them.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../../../shared/password-policy.js';
import type { ApiContext } from '../context.js';
import { ApiError, checkId, found, notFound } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { PageOf } from '../http/response-schemas.js';
import { Email, ObjectOrNull, PersonName, TextEnum } from '../http/schemas.js';
import { GLOBAL_ROLES } from '../permissions/roles.js';
import { countAdmins, getUser, listUsers, lockAdmins, saveProfile, setGlobalRole } from './store.js';
import { RecoveryGrantSchema, UserSchema } from './user-schema.js';

const tags = ['users'];
const State = TextEnum(['active', 'inactive']);
const Role = TextEnum(GLOBAL_ROLES);
const UserParams = Type.Object({ userId: Type.String() });

const ListQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: 200 })), globalRole: Type.Optional(Role), state: Type.Optional(State), ...PageQueryFields },
  { additionalProperties: false },
);

const NewUser = Type.Object(
  {
    email: Email,
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
    password: Type.Optional(Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 256 })),
    globalRole: Type.Optional(Role),
    verified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const UserChange = Type.Partial(Type.Object({ email: Email, firstName: PersonName, lastName: PersonName, state: State, globalRole: Role }), {
  additionalProperties: false,
  minProperties: 1,
});

const RecoveryRequest = ObjectOrNull(
  Type.Object(
    {
      method: Type.Optional(TextEnum(['link', 'code'], { description: 'link (default), or code: a link and a code to type on the page it opens' })),
      expiresIn: Type.Optional(Type.String({ pattern: '^([0-9]+(m|h))+$', description: 'Such as 30m or 2h; 24h when left out' })),
    },
    { additionalProperties: false },
  ),
);

const lastAdmin = () => new ApiError(409, 'There must be at least one global administrator: appoint another one first');

export async function registerAdminUserRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/admin/users',
    { schema: { tags, summary: 'The users the API knows (query by name or address, global role, state)', querystring: ListQuery, response: { 200: PageOf(UserSchema) } } },
    async (request) => {
      const { q, globalRole, state } = request.query;
      return listUsers(ctx.db, { q, globalRole, state }, pageArgs(request.query));
    },
  );

  app.post(
    '/api/admin/users',
    { schema: { tags, summary: 'Create a user: an identity in the identity service (the password is optional), then its profile', body: NewUser, response: { 201: UserSchema } } },
    async (request, reply) => {
      const { globalRole = 'user', verified = false, ...identity } = request.body;
      const profile = await ctx.identities.create({ ...identity, email: identity.email.trim().toLowerCase(), verified });
      return reply.code(201).send(await saveProfile(ctx.db, profile, ctx.now(), globalRole));
    },
  );

  app.get('/api/admin/users/:userId', { schema: { tags, summary: "A user's profile", params: UserParams, response: { 200: UserSchema } } }, async (request) => {
    const id = checkId('user', request.params.userId);
    return found(await getUser(ctx.db, id), 'user', id);
  });

  app.put(
    '/api/admin/users/:userId',
    {
      schema: {
        tags,
        summary: "Change a user's names, address, state or global role; the last global administrator stays one",
        params: UserParams,
        body: UserChange,
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

  app.put(
    '/api/admin/users/:userId/recovery',
    {
      schema: {
        tags,
        summary: 'Issue a recovery link (or link and code) for a user, shown once',
        params: UserParams,
        body: RecoveryRequest,
        response: { 200: RecoveryGrantSchema },
      },
    },
    async (request) => {
      const id = checkId('user', request.params.userId);
      return ctx.identities.recovery(id, request.body?.method ?? 'link', request.body?.expiresIn ?? '24h');
    },
  );
}
