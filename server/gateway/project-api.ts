/**
 * `/.ory/projects…` and `/.ory/console/active/project` → the platform service (and, for the
 * members, the API service: project-members.ts). Each route of the project API policy
 * (shared/api-route-policy.ts) is registered here and nothing else: the caller is an API key or
 * a global administrator's session, and the service is told which with its own admin token, so
 * nothing a client sends can speak for it. Bodies are small JSON documents, checked for
 * prototype keys and forwarded as they came.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { PROJECT_API_ROUTE_POLICY, type ProjectApiRoutePolicy } from '../../shared/api-route-policy.js';
import type { Evictions } from './evictions.js';
import { forwardBodiesAsText } from './forwarded-bodies.js';
import { HttpError } from './http-error.js';
import { requireKeyOrSession, type KeyOrSessionCheck } from './key-or-session.js';
import { forwardToApi, type ProjectMembersOptions } from './project-members.js';

export interface ProjectApiOptions extends ProjectMembersOptions, KeyOrSessionCheck {
  evictions: Evictions;
}

/** Path parameters are ids or slugs: plain tokens, never anything an upstream would decode. */
const PARAM = /^[A-Za-z0-9_-]{1,128}$/;

export async function projectApi(app: FastifyInstance, options: ProjectApiOptions): Promise<void> {
  forwardBodiesAsText(app, { forms: false });
  for (const policy of PROJECT_API_ROUTE_POLICY) {
    app.route({
      method: policy.method,
      url: policy.path,
      handler: (request, reply) => handle(policy, request, reply, options),
    });
  }
}

async function handle(policy: ProjectApiRoutePolicy, request: FastifyRequest, reply: FastifyReply, options: ProjectApiOptions): Promise<void> {
  const params = request.params as Record<string, string>;
  for (const name in params) if (!PARAM.test(params[name]!)) throw new HttpError(404, `No project API endpoint ${request.method} ${request.url.split('?')[0]}`);
  const actor = await requireKeyOrSession(request, policy.permissions, options);
  const response = policy.apiPath
    ? await forwardToApi(policy.method, policy.apiPath, params, actor, request.id, options)
    : await forwardToPlatform(policy, params, actor, request, options);
  const text = await response.body.text();
  if (response.statusCode < 300 && policy.evicts) {
    if ('apiKeyParam' in policy.evicts) options.evictions.emit({ type: 'api-key', keyId: params[policy.evicts.apiKeyParam]! });
    // Identity ids are cached as the identity service spells them: lower case.
    else options.evictions.emit({ type: 'identity-permissions', identityId: params[policy.evicts.identityParam]!.toLowerCase() });
  }
  reply.code(response.statusCode);
  if (text.length === 0) return reply.send();
  reply.type(String(response.headers['content-type'] ?? 'application/json; charset=utf-8')).send(text);
}

function forwardToPlatform(
  policy: ProjectApiRoutePolicy,
  params: Record<string, string>,
  actor: string,
  request: FastifyRequest,
  options: ProjectApiOptions,
): Promise<Dispatcher.ResponseData> {
  const body = typeof request.body === 'string' ? request.body : undefined;
  return options.platform.request({
    method: policy.method,
    path: policy.path.slice('/.ory'.length).replace(/:([A-Za-z]+)/g, (_match, name: string) => params[name]!),
    headers: {
      authorization: `Bearer ${options.platformToken ?? ''}`,
      'x-platform-actor': actor,
      'x-request-id': request.id,
      ...(body === undefined ? {} : { 'content-type': String(request.headers['content-type']) }),
    },
    body,
  });
}
