/** Creating an identity, with a password given in clear or imported as a hash from elsewhere. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { createIdentity } from '../identities/create-identity.js';
import { getIdentity } from '../store/identities.js';
import { adminWire, conflictOr } from './identity-lookup.js';
import { identityBodySchema, prepareIdentity, type IdentityBody } from './identity-input.js';
import { recordAdminChange } from '../audit.js';

/** Identities and their credentials are written in one transaction, so a refused import leaves nothing half made. */
export function registerIdentityCreateRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.post<{ Body: IdentityBody }>('/admin/identities', { schema: { body: identityBodySchema } }, async (request, reply) => {
    const prepared = await prepareIdentity(ctx, request.body);
    let id: string;
    try {
      id = await ctx.db.transaction(async (tx) => {
        const created = await createIdentity(tx, prepared.schema, prepared.identity, prepared.password ? [prepared.password] : [], ctx.now(), prepared.verified);
        const details = { schema: prepared.identity.schema_id, state: prepared.identity.state, credentials: prepared.password ? ['password'] : [] };
        await recordAdminChange(tx, request, { action: 'user.created', identityId: created, details }, ctx.now());
        return created;
      });
    } catch (error) {
      throw conflictOr(error);
    }
    return reply.code(201).send(await adminWire(ctx, (await getIdentity(ctx.db, id))!));
  });
}
