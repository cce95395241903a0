/**
 * The admin identity API (Kratos `IdentityApi`): list, create, get, update, patch, delete, a
 * credential's removal, and an identity's sessions. Bodies and answers are Kratos' shapes.
 */
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { createIdentity, DuplicateIdentifierError } from '../identities/create-identity.js';
import { KratosError } from '../http/kratos-error.js';
import { identityToWire, sessionToWire } from '../sessions/wire.js';
import {
  deleteCredential,
  deleteIdentity,
  getCredentials,
  getIdentity,
  listIdentities,
  updateIdentity,
  upsertCredential,
  type CredentialType,
  type StoredIdentity,
} from '../store/identities.js';
import { listSessions, revokeIdentitySessions } from '../store/sessions.js';
import { extractTraitAddresses } from '../traits/trait-addresses.js';
import { identityBodySchema, prepareIdentity, type IdentityBody } from './identity-input.js';
import { linkPages, pageQuerySchema, readPage, type PageQuery } from './paging.js';
import { isUniqueViolation } from '../../db/errors.js';

/** First factors cannot be removed here: an identity left without one could never sign in again. */
const REMOVABLE_CREDENTIALS: ReadonlySet<string> = new Set(['totp', 'lookup_secret', 'webauthn', 'passkey', 'oidc']);

/** Paths a JSON Patch may touch: the identity's own data, never its ids or timestamps. */
const PATCHABLE = /^\/(traits|state|metadata_public|metadata_admin|schema_id|external_id|credentials\/password\/config\/password)(\/|$)/;

type Params = { id: string };

export function registerAdminIdentityRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const wire = async (identity: StoredIdentity, includeConfig = false) =>
    identityToWire(identity, ctx.options.publicUrl, { admin: true, credentials: await getCredentials(ctx.db, identity.id), includeConfig });

  const mustGet = async (id: string) => {
    const identity = await getIdentity(ctx.db, id);
    if (!identity) throw new KratosError(404, { reason: `No identity with id ${id}.` });
    return identity;
  };

  app.get<{ Querystring: PageQuery & { credentials_identifier?: string; ids?: string | string[] } }>(
    '/admin/identities',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ...pageQuerySchema, credentials_identifier: { type: 'string' }, ids: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
        },
      },
    },
    async (request, reply) => {
      const { size, after } = readPage(request.query);
      const ids = request.query.ids === undefined ? undefined : [request.query.ids].flat();
      const rows = await listIdentities(ctx.db, { limit: size + 1, after, credentialsIdentifier: request.query.credentials_identifier, ids });
      const page = linkPages(request, reply, rows, size);
      return Promise.all(page.map((identity) => wire(identity)));
    },
  );

  app.post<{ Body: IdentityBody }>('/admin/identities', { schema: { body: identityBodySchema } }, async (request, reply) => {
    const prepared = await prepareIdentity(ctx, request.body);
    let id: string;
    try {
      id = await ctx.db.transaction((tx) =>
        createIdentity(tx, prepared.schema, prepared.identity, prepared.password ? [prepared.password] : [], ctx.now(), prepared.verified),
      );
    } catch (error) {
      throw conflictOr(error);
    }
    return reply.code(201).send(await wire((await getIdentity(ctx.db, id))!));
  });

  app.get<{ Params: Params; Querystring: { include_credential?: string | string[] } }>('/admin/identities/:id', async (request) => {
    const identity = await mustGet(request.params.id);
    // Credential configuration (hashes, TOTP secrets) is shown only when asked for by type.
    const include = new Set([request.query.include_credential ?? []].flat());
    const credentials = await getCredentials(ctx.db, identity.id);
    return identityToWire(identity, ctx.options.publicUrl, {
      admin: true,
      credentials: credentials.map((c) => (include.has(c.type) ? c : { ...c, config: {} })),
      includeConfig: include.size > 0,
    });
  });

  app.put<{ Params: Params; Body: IdentityBody }>(
    '/admin/identities/:id',
    { schema: { body: { ...identityBodySchema, required: ['schema_id', 'traits', 'state'] } } },
    async (request) => {
      const existing = await mustGet(request.params.id);
      return replace(existing, request.body);
    },
  );

  app.patch<{ Params: Params; Body: Operation[] }>(
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
      const existing = await mustGet(request.params.id);
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
      return replace(existing, patched);
    },
  );

  const replace = async (existing: StoredIdentity, body: IdentityBody) => {
    const prepared = await prepareIdentity(ctx, body);
    const addresses = extractTraitAddresses(prepared.schema.schema, prepared.identity.traits);
    try {
      await ctx.db.transaction(async (tx) => {
        await updateIdentity(tx, existing.id, prepared.identity, addresses, ctx.now());
        if (prepared.password) {
          await upsertCredential(tx, existing.id, { ...prepared.password, identifiers: addresses.identifiers.password }, ctx.now());
        }
      });
    } catch (error) {
      throw conflictOr(error);
    }
    return wire((await getIdentity(ctx.db, existing.id))!);
  };

  app.delete<{ Params: Params }>('/admin/identities/:id', async (request, reply) => {
    if (!(await deleteIdentity(ctx.db, request.params.id))) throw new KratosError(404, { reason: `No identity with id ${request.params.id}.` });
    return reply.code(204).send();
  });

  app.delete<{ Params: Params & { type: string } }>('/admin/identities/:id/credentials/:type', async (request, reply) => {
    const identity = await mustGet(request.params.id);
    const { type } = request.params;
    if (!REMOVABLE_CREDENTIALS.has(type)) {
      throw new KratosError(400, { reason: `Credentials of type ${type} cannot be removed: they are how the identity signs in.` });
    }
    if (!(await deleteCredential(ctx.db, identity.id, type as CredentialType))) {
      throw new KratosError(404, { reason: `The identity holds no ${type} credential.` });
    }
    return reply.code(204).send();
  });

  app.get<{ Params: Params; Querystring: PageQuery & { active?: boolean } }>(
    '/admin/identities/:id/sessions',
    { schema: { querystring: { type: 'object', properties: { ...pageQuerySchema, active: { type: 'boolean' } } } } },
    async (request, reply) => {
      const identity = await mustGet(request.params.id);
      const { size, after } = readPage(request.query);
      const rows = await listSessions(ctx.db, { limit: size + 1, after, active: request.query.active, identityId: identity.id, now: ctx.now() });
      const identityWire = identityToWire(identity, ctx.options.publicUrl, { admin: true });
      return linkPages(request, reply, rows, size).map((session) => sessionToWire(session, identityWire));
    },
  );

  app.delete<{ Params: Params }>('/admin/identities/:id/sessions', async (request, reply) => {
    const identity = await mustGet(request.params.id);
    await revokeIdentitySessions(ctx.db, identity.id, ctx.now());
    return reply.code(204).send();
  });
}

function conflictOr(error: unknown): unknown {
  if (error instanceof DuplicateIdentifierError || isUniqueViolation(error)) {
    return new KratosError(409, { reason: 'An identity with the same identifier or external id already exists.' });
  }
  return error;
}
