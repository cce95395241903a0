/**
 * Joining with a new account:
 *   `POST /api/register`     no account yet: creates one with the invite's address (verified, since
 *                            the invite reached it) and a password, and joins;
 *   `POST /api/registerjoin` just signed up through the identity service: sets the names, joins.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../../../shared/password-policy.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { PersonName } from '../http/schemas.js';
import { OrgMemberSchema } from '../orgs/member-schema.js';
import { acceptInvite, callerProfile, InviteToken, mustBeAddressedTo, pendingInvite, tags } from './invite-answer.js';

const NewAccount = Type.Object(
  {
    token: InviteToken,
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 256 }),
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
  },
  { additionalProperties: false },
);
const SignedUp = Type.Object({ token: InviteToken, firstName: Type.Optional(PersonName), lastName: Type.Optional(PersonName) }, { additionalProperties: false });

export async function registerInviteRegisterRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/register',
    { schema: { tags, summary: "Create an account for the invite's address and join with it", body: NewAccount, response: { 201: OrgMemberSchema } } },
    async (request, reply) => {
      const { token, password, firstName, lastName } = request.body;
      const invite = await pendingInvite(ctx, token);
      // The invite reached this address: it counts as verified.
      const profile = await ctx.identities.create({ email: invite.email, firstName, lastName, password, verified: true });
      const member = await acceptInvite(ctx, token, profile);
      return reply.code(201).send(member);
    },
  );

  app.post(
    '/api/registerjoin',
    { schema: { tags, summary: 'Just signed up with the invited address: set the names and join', body: SignedUp, response: { 201: OrgMemberSchema } } },
    async (request, reply) => {
      const { token, firstName, lastName } = request.body;
      const callerId = callerOf(request).id;
      const invite = await pendingInvite(ctx, token);
      let profile = await callerProfile(ctx, callerId);
      mustBeAddressedTo(invite, profile);
      if (firstName !== undefined || lastName !== undefined) {
        profile = (await ctx.identities.update(callerId, { firstName, lastName })) ?? profile;
      }
      return reply.code(201).send(await acceptInvite(ctx, token, profile));
    },
  );
}
