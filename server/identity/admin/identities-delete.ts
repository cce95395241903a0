/** Removing things: an identity, one of its second-factor credentials, or all its sessions. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { KratosError } from '../http/kratos-error.js';
import { deleteCredential, deleteIdentity, type CredentialType } from '../store/identities.js';
import { revokeIdentitySessions } from '../store/sessions.js';
import { mustGetIdentity, type IdParams } from './identity-lookup.js';
import { recordAdminChange } from '../audit.js';

/** First factors cannot be removed here: an identity left without one could never sign in again. */
const REMOVABLE_CREDENTIALS: ReadonlySet<string> = new Set(['totp', 'lookup_secret', 'webauthn', 'passkey', 'oidc']);

/** Support removes a lost authenticator or signs someone out everywhere without deleting the person. */
export function registerIdentityDeleteRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.delete<{ Params: IdParams }>('/admin/identities/:id', async (request, reply) => {
    const deleted = await ctx.db.transaction(async (tx) => {
      if (!(await deleteIdentity(tx, request.params.id))) return false;
      await recordAdminChange(tx, request, { action: 'user.deleted', identityId: request.params.id }, ctx.now());
      return true;
    });
    if (!deleted) throw new KratosError(404, { reason: `No identity with id ${request.params.id}.` });
    return reply.code(204).send();
  });

  app.delete<{ Params: IdParams & { type: string } }>('/admin/identities/:id/credentials/:type', async (request, reply) => {
    const identity = await mustGetIdentity(ctx, request.params.id);
    const { type } = request.params;
    if (!REMOVABLE_CREDENTIALS.has(type)) {
      throw new KratosError(400, { reason: `Credentials of type ${type} cannot be removed: they are how the identity signs in.` });
    }
    const removed = await ctx.db.transaction(async (tx) => {
      if (!(await deleteCredential(tx, identity.id, type as CredentialType))) return false;
      await recordAdminChange(tx, request, { action: 'user.credential.removed', identityId: identity.id, details: { type } }, ctx.now());
      return true;
    });
    if (!removed) {
      throw new KratosError(404, { reason: `The identity holds no ${type} credential.` });
    }
    return reply.code(204).send();
  });

  app.delete<{ Params: IdParams }>('/admin/identities/:id/sessions', async (request, reply) => {
    const identity = await mustGetIdentity(ctx, request.params.id);
    await ctx.db.transaction(async (tx) => {
      const sessions = await revokeIdentitySessions(tx, identity.id, ctx.now());
      if (sessions > 0) await recordAdminChange(tx, request, { action: 'user.sessions.revoked', identityId: identity.id, details: { sessions } }, ctx.now());
    });
    return reply.code(204).send();
  });
}
