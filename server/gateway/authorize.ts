/**
 * The gateway's decision for one `/api` request: who is calling (session), in which scope, and
 * whether the route policy's permissions are held there. Answers 401/403 as HttpErrors and,
 * when allowed, the signed assertion to forward.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { checkPermissions } from '../../shared/permission-check.js';
import type { Session } from '../../shared/identity-session.js';
import type { AssertionScope, AssertionSigner } from './assertion.js';
import { readCredential, type Credential } from './credentials.js';
import { HttpError } from './http-error.js';
import type { PermissionLists } from './permissions.js';
import type { ResourceScopes } from './resource-scope.js';
import type { MatchedPolicy } from './route-policy.js';
import type { SessionCache } from './session.js';

export interface Decision {
  /** `null` on public routes. */
  session: Session | null;
  credential: Credential | null;
  scope: AssertionScope;
  /** The signed identity assertion to forward; absent on public routes. */
  assertion?: string;
}

const NO_LIST: ReadonlySet<string> = new Set();

export class Authorizer {
  constructor(
    private readonly sessions: SessionCache,
    private readonly permissions: PermissionLists,
    private readonly scopes: ResourceScopes,
    private readonly signer: AssertionSigner,
    private readonly cookieName: string,
  ) {}

  /** The caller's session, or the 401/403 the identity host gave. */
  async authenticate(headers: IncomingHttpHeaders): Promise<{ session: Session; credential: Credential }> {
    const credential = readCredential(headers, this.cookieName);
    if (!credential) throw new HttpError(401, 'No session: sign in first');
    const answer = await this.sessions.validate(credential);
    if (!answer.ok) throw HttpError.fromEnvelope(answer.status, answer.body);
    return { session: answer.session, credential };
  }

  async authorize(matched: MatchedPolicy, headers: IncomingHttpHeaders): Promise<Decision> {
    const { policy, params } = matched;
    if (policy.scope === 'public') return { session: null, credential: null, scope: {} };

    const { session, credential } = await this.authenticate(headers);
    const scope = await this.scopeOf(matched, session);
    if (policy.scope !== 'session') {
      const [user, organization, project] = await Promise.all([
        this.permissions.list(session, { kind: 'user' }),
        scope.orgId ? this.permissions.list(session, { kind: 'org', id: scope.orgId }) : NO_LIST,
        scope.projectId ? this.permissions.list(session, { kind: 'project', id: scope.projectId }) : null,
      ]);
      const result = checkPermissions({ user, organization, project }, policy.permissions);
      if (!result.allowed) {
        throw new HttpError(403, `Missing permission: this needs one of ${result.missing.join(', ')}`, {
          missing: result.missing,
        });
      }
    }
    return { session, credential, scope, assertion: await this.signer.sign(session, scope) };
  }

  private async scopeOf({ policy, params }: MatchedPolicy, session: Session): Promise<AssertionScope> {
    switch (policy.scope) {
      case 'org':
        return { orgId: params.orgId! };
      case 'project': {
        const projectId = params.projectId!;
        const owner = await this.scopes.resolve('project', projectId, session);
        return { orgId: owner.orgId, projectId };
      }
      case 'resource': {
        const { kind, param } = policy.resource!;
        return this.scopes.resolve(kind, params[param]!, session);
      }
      default:
        return {};
    }
  }
}
