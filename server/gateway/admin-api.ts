/**
 * `/.ory/admin/…` → the identity service's and the OAuth2 provider's admin listeners, for servers
 * holding an API key of the project, and Keto's paths → the permission service's read and write
 * APIs, for such servers and for global administrators' browser sessions (the Permissions
 * screens), as Ory Network serves them on a project's URL. Each route of the admin API policy
 * (shared/api-route-policy.ts) is registered here and nothing else; its scope says who may call
 * it, checked the way the project API checks its callers (key-or-session.ts). The path and the
 * caller (key, or session, CSRF pair and permission) are checked before the body is read; the
 * upstream gets its own admin token (none when none is configured), the body and its type,
 * `Accept` and the request id, and nothing else the client sent. Answers go back with their type
 * and their `Link` pages pointed at the public paths: small ones whole, larger ones streamed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_API_ROUTE_POLICY, type AdminApiRoutePolicy, type AdminApiService } from '../../shared/api-route-policy.js';
import { publicAdminLinks } from './admin-link-header.js';
import { requireApiKey } from './api-key-check.js';
import type { Evictions } from './evictions.js';
import { forwardBodiesAsText } from './forwarded-bodies.js';
import { HttpError } from './http-error.js';
import { requireKeyOrSession, type KeyOrSessionCheck } from './key-or-session.js';
import { canonicalPath } from './path-guard.js';
import type { Upstream } from './upstream.js';

export interface AdminApiOptions extends KeyOrSessionCheck {
  services: Record<AdminApiService, { upstream: Upstream; token: string | undefined }>;
  evictions: Evictions;
}

/** One plain segment: ids, credential types, key set names (`hydra.openid.id-token`), key ids. */
const PARAM = /^[A-Za-z0-9._~-]{1,256}$/;
/** What a client may tell an admin API about its request; every other header stays here. */
const FORWARDED_HEADERS = ['content-type', 'accept'] as const;
/**
 * Answers up to this size (a check, a page of relationships) are read whole and sent with their
 * length, in one write; a stream, chunk by chunk, cost the gateway more than the check itself.
 */
const WHOLE_ANSWER_BYTES = 64 * 1024;
/** What an admin API may tell the client besides its status and body. */
const ANSWERED_HEADERS = ['content-type', 'x-total-count', 'cache-control'] as const;

export async function adminApi(app: FastifyInstance, options: AdminApiOptions): Promise<void> {
  forwardBodiesAsText(app, { forms: true, plainText: true });
  for (const policy of ADMIN_API_ROUTE_POLICY) {
    app.route({
      method: policy.method,
      url: policy.path,
      onRequest: async (request) => {
        guardPath(request);
        if (policy.scope === 'apiKey') await requireApiKey(request.headers.authorization, request.ip, options.keys);
        else await requireKeyOrSession(request, policy.permissions, options);
      },
      handler: (request, reply) => forward(policy, request, reply, options),
    });
  }
}

/** The router decodes parameters; the raw URL must not have needed it, nor hold a dot or empty segment. */
function guardPath(request: FastifyRequest): void {
  const params = request.params as Record<string, string>;
  const canonical = canonicalPath(request.url) !== null && Object.values(params).every((value) => PARAM.test(value));
  if (!canonical) throw new HttpError(404, `No admin endpoint ${request.method} ${request.url.split('?')[0]}`);
}

async function forward(policy: AdminApiRoutePolicy, request: FastifyRequest, reply: FastifyReply, options: AdminApiOptions): Promise<void> {
  const { upstream, token } = options.services[policy.service];
  const params = request.params as Record<string, string>;
  const queryAt = request.url.indexOf('?');
  const path = policy.path.slice('/.ory'.length).replace(/:([A-Za-z]+)/g, (_match, name: string) => params[name]!) + (queryAt < 0 ? '' : request.url.slice(queryAt));
  const headers: Record<string, string> = { 'x-request-id': request.id };
  // A service configured without a token (a self-hosted Keto, whose APIs take none) gets no header at all.
  if (token) headers.authorization = `Bearer ${token}`;
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const body = typeof request.body === 'string' ? request.body : undefined;
  const response = await upstream.request({ method: policy.method, path, headers, body });
  if (response.statusCode === 401) {
    // The caller was let in here: only the gateway's own token (or its absence) can have been refused.
    await response.body.dump();
    throw new HttpError(502, token ? `The ${upstream.name} service refused the gateway's admin token` : `The ${upstream.name} service wants an admin token and none is configured`);
  }

  if (response.statusCode < 300 && policy.evicts) options.evictions.afterMutation(policy, params, null);
  reply.code(response.statusCode);
  for (const name of ANSWERED_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') reply.header(name, value);
  }
  // A written relationship's read address (Keto's `Location`), under the public prefix.
  const location = response.headers.location;
  if (typeof location === 'string' && location.startsWith('/') && !location.startsWith('//')) reply.header('location', `/.ory${location}`);
  const link = response.headers.link;
  const links = typeof link === 'string' && upstream.url ? publicAdminLinks(link, upstream.url, options.publicOrigin) : undefined;
  if (links) reply.header('link', links);
  if (response.statusCode === 204 || response.statusCode === 304) {
    await response.body.dump();
    return reply.send();
  }
  const length = Number(response.headers['content-length'] ?? NaN);
  if (length <= WHOLE_ANSWER_BYTES) return reply.send(Buffer.from(await response.body.arrayBuffer()));
  return reply.send(response.body);
}
