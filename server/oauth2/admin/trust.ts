/**
 * `/admin/trust/grants/jwt-bearer/issuers` in Hydra's shapes: which issuers' assertions the
 * jwt-bearer grant accepts, for which subject (or any), with which public key and scopes, until
 * when. Only public keys are taken.
 */
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'oidc-provider';
import type { Queryable } from '../../db/database.js';
import { deleteTrustedIssuer, getTrustedIssuer, insertTrustedIssuer, listTrustedIssuers, type TrustedIssuer } from '../store/trusted-issuers.js';
import { HydraError, invalidRequest, notFound } from './hydra-error.js';

const BASE = '/admin/trust/grants/jwt-bearer/issuers';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];

const createBody = {
  type: 'object',
  required: ['issuer', 'scope', 'jwk', 'expires_at'],
  properties: {
    issuer: { type: 'string', minLength: 1, maxLength: 2048 },
    subject: { type: 'string', maxLength: 256 },
    allow_any_subject: { type: 'boolean' },
    scope: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 256 } },
    jwk: { type: 'object', required: ['kty', 'kid'], properties: { kty: { type: 'string' }, kid: { type: 'string', minLength: 1 } } },
    expires_at: { type: 'string', format: 'date-time' },
  },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    issuer: { type: 'string', maxLength: 2048 },
    page_size: { type: 'integer', minimum: 1, maximum: 500 },
    MaxItems: { type: 'integer', minimum: 1, maximum: 500 },
    DefaultItems: { type: 'integer', minimum: 1, maximum: 500 },
    page_token: { type: 'string', pattern: '^[0-9]+$' },
  },
} as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

interface CreateBody {
  issuer: string;
  subject?: string;
  allow_any_subject?: boolean;
  scope: string[];
  jwk: JWK & { kid: string };
  expires_at: string;
}

function view(trust: TrustedIssuer): Record<string, unknown> {
  return {
    id: trust.id,
    issuer: trust.issuer,
    subject: trust.subject,
    allow_any_subject: trust.allow_any_subject,
    scope: trust.scope,
    public_key: { set: trust.issuer, kid: trust.key_id },
    created_at: trust.created_at,
    expires_at: trust.expires_at,
  };
}

export async function trustRoutes(app: FastifyInstance, deps: { db: Queryable; now?: () => Date }): Promise<void> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  app.post<{ Body: CreateBody }>(BASE, { schema: { body: createBody } }, async (request, reply) => {
    const body = request.body;
    const anySubject = body.allow_any_subject === true;
    if (anySubject === Boolean(body.subject)) throw invalidRequest('Give either subject or allow_any_subject=true, not both');
    if (PRIVATE_MEMBERS.some((member) => member in body.jwk)) throw invalidRequest('jwk must be a public key');
    const expiresAt = new Date(body.expires_at);
    if (expiresAt <= now()) throw invalidRequest('expires_at must be in the future');
    const trust = await insertTrustedIssuer(db, {
      issuer: body.issuer,
      subject: body.subject ?? '',
      allow_any_subject: anySubject,
      scope: body.scope,
      key_id: body.jwk.kid,
      jwk: body.jwk,
      expires_at: expiresAt,
    });
    if (!trust) throw new HydraError(409, 'resource_conflict', 'This issuer already trusts this key for this subject');
    return reply.code(201).send(view(trust));
  });

  app.get<{ Querystring: { issuer?: string; page_size?: number; MaxItems?: number; DefaultItems?: number; page_token?: string } }>(
    BASE,
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const limit = request.query.page_size ?? request.query.MaxItems ?? request.query.DefaultItems ?? 250;
      const offset = Number(request.query.page_token ?? 0);
      const rows = await listTrustedIssuers(db, { issuer: request.query.issuer, limit: limit + 1, offset });
      if (rows.length > limit) reply.header('link', `<${BASE}?page_size=${limit}&page_token=${offset + limit}>; rel="next"`);
      return rows.slice(0, limit).map(view);
    },
  );

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, { schema: { params: idParams } }, async (request) => {
    const trust = await getTrustedIssuer(db, request.params.id);
    if (!trust) throw notFound('Unable to locate the resource');
    return view(trust);
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, { schema: { params: idParams } }, async (request, reply) => {
    if (!(await deleteTrustedIssuer(db, request.params.id))) throw notFound('Unable to locate the resource');
    return reply.code(204).send();
  });
}
