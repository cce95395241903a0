/**
 * `/admin/clients` in Hydra's shapes: create (the secret is in this answer and never again),
 * list (page_size, page_token, client_name, owner), get, put, JSON-patch, delete. Metadata is
 * validated by oidc-provider itself, so what is stored is what the token endpoint accepts.
 */
import jsonPatch, { type Operation } from 'fast-json-patch';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientMetadata } from 'oidc-provider';
import type { Database } from '../../db/database.js';
import type { AuditAction } from '../../../shared/audit-actions.js';
import { adminActor, recordOAuth2Event } from '../audit.js';
import { canonicalJson } from '../../audit/chain.js';
import { DatabaseAdapter } from '../adapter.js';
import type { ClientSecrets } from '../client-secrets.js';
import { DURATION_PATTERN, LIFESPAN_FIELDS } from '../lifespans.js';
import type { ProviderHost } from '../provider-host.js';
import { deleteClient, deleteClientTokens, listClients } from '../store/clients.js';
import { clientView, findClientView, type HydraClient } from './client-view.js';
import { HydraError, invalidRequest, notFound } from './hydra-error.js';

const DEFAULT_PAGE_SIZE = 250;
const MAX_PAGE_SIZE = 500;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 256 } } } as const;
const clientBody = { type: 'object', properties: { client_id: { type: 'string', minLength: 1, maxLength: 256 }, client_secret: { type: 'string', minLength: 6 } } } as const;
const listQuery = {
  type: 'object',
  properties: {
    page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    page_token: { type: 'string', maxLength: 512 },
    client_name: { type: 'string', maxLength: 256 },
    owner: { type: 'string', maxLength: 256 },
  },
} as const;
const patchBody = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: { op: { enum: ['add', 'remove', 'replace', 'test', 'move', 'copy'] }, path: { type: 'string' }, from: { type: 'string' }, value: {} },
  },
} as const;

const lifespansBody = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(LIFESPAN_FIELDS.map((field) => [field, { type: ['string', 'null'], pattern: DURATION_PATTERN, maxLength: 64 }])),
} as const;

/** Fields the server owns: a request cannot set them. */
const SERVER_FIELDS = ['created_at', 'updated_at', 'registration_access_token', 'registration_client_uri', 'client_id_issued_at'];

function needsSecret(metadata: ClientMetadata): boolean {
  return (metadata.token_endpoint_auth_method ?? 'client_secret_basic') !== 'none' && metadata.token_endpoint_auth_method !== 'private_key_jwt';
}

function withoutServerFields(body: Record<string, unknown>): ClientMetadata {
  const copy: Record<string, unknown> = { ...body };
  for (const field of SERVER_FIELDS) delete copy[field];
  // Hydra shows empty strings for unset URIs; oidc-provider wants them absent.
  for (const [key, value] of Object.entries(copy)) if (value === '' || value === null) delete copy[key];
  // Stored under another name: see HYDRA_CLIENT_FIELDS.
  if ('metadata' in copy) {
    copy.hydra_metadata = copy.metadata;
    delete copy.metadata;
  }
  const metadata = copy as ClientMetadata;
  // A client without the code flow (client credentials only) has no redirects to make, as in Hydra.
  if (!(metadata.grant_types ?? ['authorization_code']).includes('authorization_code')) {
    metadata.response_types ??= [];
    metadata.redirect_uris ??= [];
  }
  return metadata;
}

const pageToken = {
  encode: (id: string) => Buffer.from(id).toString('base64url'),
  decode: (token: string) => Buffer.from(token, 'base64url').toString('utf8'),
};

/** Top-level fields whose values differ: what a change is recorded with (names only, never values). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => !NOT_COMPARED.has(name) && canonicalJson(before[name]) !== canonicalJson(after[name])).sort();
}
const NOT_COMPARED = new Set(['updated_at', 'client_secret']);

export async function clientRoutes(app: FastifyInstance, deps: { host: ProviderHost; db: Database; secrets: ClientSecrets; now?: () => Date }): Promise<void> {
  const { host, db, secrets } = deps;
  const now = deps.now ?? (() => new Date());
  // Stored with the secret hashed: the create answer is the only place it is ever shown.
  const clients = new DatabaseAdapter(db, 'Client', { seal: (payload) => secrets.sealed(payload) });

  /** Answers the client as the token endpoint would see it, defaults filled in. */
  const validate = async (metadata: ClientMetadata): Promise<HydraClient> => {
    try {
      await host.current.Client.validate(metadata);
      // oidc-provider's types leave out the constructor that validate() itself uses.
      const Client = host.current.Client as unknown as new (metadata: ClientMetadata) => { metadata(): ClientMetadata };
      return clientView(new Client(metadata).metadata());
    } catch (error) {
      const { error: code, error_description: description } = error as { error?: string; error_description?: string };
      throw new HydraError(400, code ?? 'invalid_client_metadata', description ?? (error as Error).message);
    }
  };
  const load = async (id: string): Promise<ClientMetadata> => {
    const stored = (await clients.find(id)) as ClientMetadata | undefined;
    if (!stored) throw notFound('Unable to locate the resource');
    return stored;
  };
  /**
   * Stores the client and its audit event in one transaction, and answers the client as the token
   * endpoint will see it, defaults filled in. `before` is the client as it was (none: created); a
   * new plain secret makes the change a rotation.
   */
  const store = async (request: FastifyRequest, metadata: ClientMetadata, before?: ClientMetadata): Promise<HydraClient> => {
    const shownAfter = await validate(metadata);
    const secret = metadata.client_secret;
    const rotated = before !== undefined && typeof secret === 'string' && !secrets.isHashed(secret) && !secrets.matches(before.client_secret, secret);
    const action: AuditAction = before === undefined ? 'oauth2.client.created' : rotated ? 'oauth2.client.secret_rotated' : 'oauth2.client.changed';
    // Compared as the token endpoint sees the client, defaults filled in: a replacement that
    // spells a default out changes nothing.
    const shownBefore = before === undefined ? undefined : ((await findClientView(host.current, before.client_id)) ?? clientView(before));
    const { actor, requestId } = adminActor(request);
    await db.transaction(async (tx) => {
      await new DatabaseAdapter(tx, 'Client', { seal: (payload) => secrets.sealed(payload) }).upsert(metadata.client_id, metadata);
      await recordOAuth2Event(tx, {
        action,
        actor,
        target: { type: 'oauth2-client', id: metadata.client_id, name: String(metadata.client_name ?? '') },
        requestId,
        details: shownBefore === undefined ? { grantTypes: metadata.grant_types ?? ['authorization_code'] } : { fields: changedFields(shownBefore, shownAfter) },
      });
    });
    return (await findClientView(host.current, metadata.client_id)) ?? clientView(metadata);
  };

  app.post<{ Body: Record<string, unknown> }>('/admin/clients', { schema: { body: clientBody } }, async (request, reply) => {
    const metadata = withoutServerFields(request.body);
    metadata.client_id ??= randomUUID();
    if ((await clients.find(metadata.client_id)) !== undefined) throw new HydraError(409, 'resource_conflict', 'A client with this client_id exists');
    // 256 bits, so a keyed SHA-256 of it is as good as a slow hash (client-secrets.ts).
    if (needsSecret(metadata)) metadata.client_secret ??= randomBytes(32).toString('base64url');
    const stamp = now().toISOString();
    metadata.created_at = stamp;
    metadata.updated_at = stamp;
    const shown = await store(request, metadata);
    // The one answer that carries the secret: it is never shown again.
    return reply.code(201).send({ ...shown, ...(metadata.client_secret ? { client_secret: metadata.client_secret } : {}) });
  });

  app.get<{ Querystring: { page_size?: number; page_token?: string; client_name?: string; owner?: string } }>(
    '/admin/clients',
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const limit = request.query.page_size ?? DEFAULT_PAGE_SIZE;
      const rows = await listClients(db, {
        clientName: request.query.client_name,
        owner: request.query.owner,
        after: request.query.page_token ? pageToken.decode(request.query.page_token) : undefined,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const links: string[] = [`</admin/clients?page_size=${limit}>; rel="first"`];
      if (rows.length > limit) {
        const next = pageToken.encode(page.at(-1)!.client_id);
        links.push(`</admin/clients?page_size=${limit}&page_token=${next}>; rel="next"`);
      }
      reply.header('link', links.join(', '));
      return Promise.all(page.map(async (metadata) => (await findClientView(host.current, metadata.client_id)) ?? clientView(metadata)));
    },
  );

  app.get<{ Params: { id: string } }>('/admin/clients/:id', { schema: { params: idParams } }, async (request) => {
    const shown = await findClientView(host.current, request.params.id);
    if (!shown) throw notFound('Unable to locate the resource');
    return shown;
  });

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>('/admin/clients/:id', { schema: { params: idParams, body: clientBody } }, async (request) => {
    const current = await load(request.params.id);
    if (request.body.client_id !== undefined && request.body.client_id !== current.client_id) throw new HydraError(400, 'invalid_request', 'client_id cannot be changed');
    const metadata = withoutServerFields(request.body);
    metadata.client_id = current.client_id;
    // Hydra keeps the secret when a replacement does not bring one.
    if (needsSecret(metadata)) metadata.client_secret ??= current.client_secret;
    else delete metadata.client_secret;
    metadata.created_at = current.created_at;
    metadata.updated_at = now().toISOString();
    return store(request, metadata, current);
  });

  app.patch<{ Params: { id: string }; Body: Operation[] }>('/admin/clients/:id', { schema: { params: idParams, body: patchBody } }, async (request) => {
    const current = await load(request.params.id);
    let patched: ClientMetadata;
    try {
      // validate: an operation on a path that does not exist is refused rather than ignored.
      // Patched as Hydra shows the client (its `metadata` under that name), secret kept.
      const { hydra_metadata: stored, ...rest } = structuredClone(current);
      const document: ClientMetadata = stored === undefined ? rest : { ...rest, metadata: stored };
      patched = jsonPatch.applyPatch(document, request.body, true, false).newDocument;
    } catch (error) {
      throw invalidRequest(`The patch cannot be applied: ${(error as Error).message.split('\n')[0]}`);
    }
    if (patched.client_id !== current.client_id) throw new HydraError(400, 'invalid_request', 'client_id cannot be changed');
    const metadata = withoutServerFields(patched);
    metadata.created_at = current.created_at;
    metadata.updated_at = now().toISOString();
    return store(request, metadata, current);
  });

  // Hydra's per-client token lifespans; an empty or null field goes back to the default.
  app.put<{ Params: { id: string }; Body: Record<string, string | null> }>(
    '/admin/clients/:id/lifespans',
    { schema: { params: idParams, body: lifespansBody } },
    async (request) => {
      const current = await load(request.params.id);
      const metadata: ClientMetadata = { ...current };
      for (const field of LIFESPAN_FIELDS) {
        const value = request.body[field];
        if (value) metadata[field] = value;
        else delete metadata[field];
      }
      metadata.updated_at = now().toISOString();
      return store(request, metadata, current);
    },
  );

  app.delete<{ Params: { id: string } }>('/admin/clients/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { actor, requestId } = adminActor(request);
    const name = await db.transaction(async (tx) => {
      const gone = await deleteClient(tx, request.params.id);
      if (gone === undefined) return undefined;
      await deleteClientTokens(tx, request.params.id, true);
      await recordOAuth2Event(tx, { action: 'oauth2.client.deleted', actor, target: { type: 'oauth2-client', id: request.params.id, name: gone }, requestId });
      return gone;
    });
    if (name === undefined) throw notFound('Unable to locate the resource');
    return reply.code(204).send();
  });
}
