/**
 * `/.ory/projects…` and `/.ory/console/active/project` → the platform service. Each route of
 * the project API policy (shared/api-route-policy.ts) is registered here and nothing else: the
 * caller is an API key or a global administrator's session, and the service is told which with
 * its own admin token, so nothing a client sends can speak for it. Bodies are small JSON
 * documents, checked for prototype keys and forwarded as they came.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROJECT_API_ROUTE_POLICY, type ProjectApiRoutePolicy } from '../../shared/api-route-policy.js';
import { checkPermissions } from '../../shared/permission-check.js';
import { parseJsonRefusingPrototypeKeys } from '../http/prototype-keys.js';
import type { ApiKeys } from './api-keys.js';
import type { Authorizer } from './authorize.js';
import { clientNetwork } from './client-network.js';
import { checkCsrf } from './csrf.js';
import type { Evictions } from './evictions.js';
import { HttpError } from './http-error.js';
import type { PermissionLists } from './permissions.js';
import type { Upstream } from './upstream.js';
import type { WindowCounts } from './window-counts.js';

export interface ProjectApiOptions {
  platform: Upstream;
  platformToken: string | undefined;
  apiKeys: ApiKeys;
  authorizer: Authorizer;
  permissions: PermissionLists;
  evictions: Evictions;
  publicOrigin: string;
  /** Where wrong keys are counted per client address (shared through Redis when there is one). */
  keyFailures: WindowCounts;
  keyFailuresPerMinute: number;
}

/** Path parameters are ids or slugs: plain tokens, never anything an upstream would decode. */
const PARAM = /^[A-Za-z0-9_-]{1,128}$/;
const BEARER = /^Bearer ([^\s]{1,200})$/;
const BODY_LIMIT = 1024 * 1024;
const MINUTE = 60_000;
const EMPTY: ReadonlySet<string> = new Set();

export async function projectApi(app: FastifyInstance, options: ProjectApiOptions): Promise<void> {
  // Forwarded as text: parsed here only to refuse what every service refuses.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/json-patch+json'], { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      parseJsonRefusingPrototypeKeys(body as string);
      done(null, body);
    } catch (error) {
      done(error instanceof SyntaxError ? new HttpError(400, `The request body is not valid JSON: ${error.message}`) : (error as Error), undefined);
    }
  });

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
  const actor = await authenticate(policy, request, options);
  const path = policy.path.slice('/.ory'.length).replace(/:([A-Za-z]+)/g, (_match, name: string) => params[name]!);
  const body = typeof request.body === 'string' ? request.body : undefined;
  const response = await options.platform.request({
    method: policy.method,
    path,
    headers: {
      authorization: `Bearer ${options.platformToken ?? ''}`,
      'x-platform-actor': actor,
      'x-request-id': request.id,
      ...(body === undefined ? {} : { 'content-type': String(request.headers['content-type']) }),
    },
    body,
  });
  const text = await response.body.text();
  if (response.statusCode < 300 && policy.evicts) {
    const keyId = params[policy.evicts.apiKeyParam];
    if (keyId) options.evictions.emit({ type: 'api-key', keyId });
  }
  reply.code(response.statusCode);
  if (text.length === 0) return reply.send();
  reply.type(String(response.headers['content-type'] ?? 'application/json; charset=utf-8')).send(text);
}

/** Who is calling, as the platform service records it: an API key, or a global administrator. */
async function authenticate(policy: ProjectApiRoutePolicy, request: FastifyRequest, options: ProjectApiOptions): Promise<string> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return `api-key:${(await keyOf(authorization, request, options)).id}`;
  checkCsrf(request.method, request.headers, options.publicOrigin);
  const { session } = await options.authorizer.authenticate(request.headers);
  const user = await options.permissions.list(session, { kind: 'user' });
  const result = checkPermissions({ user, organization: EMPTY }, policy.permissions);
  if (!result.allowed) throw new HttpError(403, `Missing permission: this needs one of ${result.missing.join(', ')}`, { missing: result.missing });
  return `identity:${session.identity.id}`;
}

async function keyOf(authorization: string, request: FastifyRequest, options: ProjectApiOptions) {
  const counted = `api-key-failures:${clientNetwork(request.ip)}`;
  const [failures] = await options.keyFailures.apply([{ op: 'get', key: counted }]);
  if (failures && failures.count >= options.keyFailuresPerMinute) {
    const seconds = Math.max(1, Math.ceil(failures.msLeft / 1000));
    throw new HttpError(429, `Too many wrong API keys from this address: retry in ${seconds} s`, undefined, { 'retry-after': String(seconds) });
  }
  const value = BEARER.exec(authorization)?.[1];
  const key = value ? await options.apiKeys.verify(value) : null;
  if (!key) {
    await options.keyFailures.apply([{ op: 'add', key: counted, windowMs: MINUTE }]);
    throw new HttpError(401, 'The API key is not valid: it is unknown, revoked or expired');
  }
  return key;
}
