/**
 * `GET /bff/authz`: the gateway's decision for another proxy's request, for deployments that
 * put nginx (`auth_request`) or another proxy in front of the API. The request to decide on
 * is named by `X-Original-Method` and `X-Original-URI`, with the caller's own credentials.
 * Answers 204 with the signed assertion in `X-Sitewave-Identity`, or the 401/403/404 the API
 * proxy would give. Only for the holder of INTERNAL_TOKEN: the assertion must not reach a browser.
 */
import type { FastifyInstance } from 'fastify';
import { ASSERTION_HEADER } from '../../../shared/identity-assertion.js';
import type { Authorizer } from '../authorize.js';
import { maskUrl } from '../../logging/mask-url.js';
import { checkCsrf } from '../csrf.js';
import { HttpError } from '../http-error.js';
import { canonicalPath } from '../path-guard.js';
import type { RoutePolicyTable } from '../route-policy.js';
import { requireBearer } from './bearer.js';

export async function authzRoute(app: FastifyInstance, options: { authorizer: Authorizer; policies: RoutePolicyTable; token: string; publicOrigin: string }): Promise<void> {
  app.get('/bff/authz', async (request, reply) => {
    requireBearer(request.headers, options.token);
    const method = String(request.headers['x-original-method'] ?? 'GET');
    const uri = String(request.headers['x-original-uri'] ?? '');
    const path = canonicalPath(uri);
    const matched = path ? options.policies.match(method, path) : null;
    // The reason is logged: a share link's token in the path must not be.
    if (!matched) throw new HttpError(404, `No API route ${method} ${maskUrl(uri.split('?')[0]!)}`);
    checkCsrf(method, request.headers, options.publicOrigin);
    const decision = await options.authorizer.authorize(matched, request.headers);
    if (decision.assertion) reply.header(ASSERTION_HEADER, decision.assertion);
    return reply.code(204).send();
  });
}
