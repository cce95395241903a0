/** Changing an identity: replacing it whole (PUT) or by a JSON Patch applied to the same shape. */
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context.js';
import { KratosError } from '../http/kratos-error.js';
import { getIdentity, updateIdentity, upsertCredential, type StoredIdentity } from '../store/identities.js';
import { extractTraitAddresses } from '../traits/trait-addresses.js';
import { adminWire, conflictOr, mustGetIdentity, type IdParams } from './identity-lookup.js';
import { identityBodySchema, prepareIdentity, type IdentityBody } from './identity-input.js';
import { changedNames, recordAdminChange } from '../audit.js';

/** Paths a JSON Patch may touch: the identity's own data, never its ids or timestamps. */
const PATCHABLE = /^\/(traits|state|metadata_public|metadata_admin|schema_id|external_id|credentials\/password\/config\/password)(\/|$)/;

/** A patch is applied to the body a PUT would send, so both go through the same validation and write. */
export function registerIdentityUpdateRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.put<{ Params: IdParams; Body: IdentityBody }>(
    '/admin/identities/:id',
    { schema: { body: { ...identityBodySchema, required: ['schema_id', 'traits', 'state'] } } },
    async (request) => {
      const existing = await mustGetIdentity(ctx, request.params.id);
      return replaceIdentity(ctx, request, existing, request.body);
    },
  );

  app.patch<{ Params: IdParams; Body: Operation[] }>(
    '/admin/identities/:id',
    {
      schema: {
        body: {
          type: 'array',
          items: {
            type: 'object',
            required: ['op', 'path'],
            properties: { op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] }, path: { type: 'string' }, from: { type: 'string' }, value: {} },
          },
        },
      },
    },
    async (request) => {
      const existing = await mustGetIdentity(ctx, request.params.id);
      for (const operation of request.body) {
        for (const path of [operation.path, 'from' in operation ? operation.from : undefined]) {
          if (path !== undefined && !PATCHABLE.test(path)) throw new KratosError(400, { reason: `The patch may not change ${path}.` });
        }
      }
      const document: IdentityBody = {
        schema_id: existing.schema_id,
        traits: existing.traits,
        state: existing.state,
        metadata_public: existing.metadata_public ?? null,
        metadata_admin: existing.metadata_admin ?? null,
        ...(existing.external_id ? { external_id: existing.external_id } : {}),
      };
      let patched: IdentityBody;
      try {
        patched = jsonPatch.applyPatch(structuredClone(document), request.body, true, false).newDocument;
      } catch (error) {
        throw new KratosError(400, { reason: `The patch cannot be applied: ${(error as Error).message.split('\n')[0]}` });
      }
      return replaceIdentity(ctx, request, existing, patched);
    },
  );
}

async function replaceIdentity(ctx: IdentityContext, request: FastifyRequest, existing: StoredIdentity, body: IdentityBody): Promise<Record<string, unknown>> {
  const prepared = await prepareIdentity(ctx, body);
  const addresses = extractTraitAddresses(prepared.schema.schema, prepared.identity.traits);
  try {
    await ctx.db.transaction(async (tx) => {
      await updateIdentity(tx, existing.id, prepared.identity, addresses, ctx.now());
      if (prepared.password) {
        await upsertCredential(tx, existing.id, { ...prepared.password, identifiers: addresses.identifiers.password }, ctx.now());
      }
      const { identity } = prepared;
      const fields = changedNames(
        { schema_id: existing.schema_id, state: existing.state, metadata_public: existing.metadata_public ?? null, metadata_admin: existing.metadata_admin ?? null },
        { schema_id: identity.schema_id, state: identity.state, metadata_public: identity.metadata_public ?? null, metadata_admin: identity.metadata_admin ?? null },
      );
      const traits = changedNames(existing.traits, identity.traits);
      if (fields.length > 0 || traits.length > 0 || prepared.password) {
        const details = { fields, traits, ...(fields.includes('state') ? { state: identity.state } : {}), ...(prepared.password ? { password: 'set' } : {}) };
        await recordAdminChange(tx, request, { action: 'user.changed', identityId: existing.id, details }, ctx.now());
      }
    });
  } catch (error) {
    throw conflictOr(error);
  }
  return adminWire(ctx, (await getIdentity(ctx.db, existing.id))!);
}
