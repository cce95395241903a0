/**
 * The caller of a door in the `apiKeyOrUser` scope (the project API, the permission service's
 * API): an API key of the project, or a global administrator's browser session. A request that
 * sends `Authorization` is judged by the key alone, whatever cookies it carries; one with neither
 * a key nor a session is a 401 (there is nothing to forge); otherwise the CSRF rules of `/api`
 * apply to unsafe methods, then the session must hold one of the row's permission ids in the
 * user's own list. One function for every such door, so they cannot drift.
 */
import type { FastifyRequest } from 'fastify';
import type { PermissionId } from '../../shared/permission-ids.js';
import { checkPermissions } from '../../shared/permission-check.js';
import { requireApiKey, type ApiKeyCheck } from './api-key-check.js';
import type { Authorizer } from './authorize.js';
import { checkCsrf } from './csrf.js';
import { HttpError } from './http-error.js';
import type { PermissionLists } from './permissions.js';

export interface KeyOrSessionCheck {
  keys: ApiKeyCheck;
  authorizer: Authorizer;
  permissions: PermissionLists;
  publicOrigin: string;
}

const EMPTY: ReadonlySet<string> = new Set();

/** Who is calling, as the platform service records it: `api-key:<key id>` or `identity:<identity id>`. */
export async function requireKeyOrSession(request: FastifyRequest, permissions: readonly PermissionId[], check: KeyOrSessionCheck): Promise<string> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return `api-key:${(await requireApiKey(authorization, request.ip, check.keys)).id}`;
  if (!check.authorizer.hasCredential(request.headers)) {
    throw new HttpError(401, "This endpoint needs an API key of the project in Authorization: Bearer, or a global administrator's session");
  }
  checkCsrf(request.method, request.headers, check.publicOrigin);
  const { session } = await check.authorizer.authenticate(request.headers);
  const user = await check.permissions.list(session, { kind: 'user' });
  const result = checkPermissions({ user, organization: EMPTY }, permissions);
  if (!result.allowed) throw new HttpError(403, `Missing permission: this needs one of ${result.missing.join(', ')}`, { missing: result.missing });
  return `identity:${session.identity.id}`;
}
