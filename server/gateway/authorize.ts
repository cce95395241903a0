/**
 * The gateway's decision for one `/api` request: who is calling (session), in which scope, and
 * whether the route policy's permissions are held there. Answers 401/403 as HttpErrors and,
 * when allowed, the signed assertion to forward. When every piece is cached the decision is
 * made synchronously (maybe-async.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiRoutePolicy } from '../../shared/api-route-policy.js';
import { checkPermissions } from '../../shared/permission-check.js';
import type { Session } from '../../shared/identity-session.js';
import type { AssertionScope, AssertionSigner } from './assertion.js';
import { readCredential, type Credential } from './credentials.js';
import { HttpError } from './http-error.js';
import { all, andThen, type MaybePromise } from './maybe-async.js';
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

export interface Caller {
  session: Session;
  credential: Credential;
}

const NO_LIST: ReadonlySet<string> = new Set();
const PUBLIC: Decision = Object.freeze({ session: null, credential: null, scope: Object.freeze({}) });

export class Authorizer {
  constructor(
    private readonly sessions: SessionCache,
    private readonly permissions: PermissionLists,
    private readonly scopes: ResourceScopes,
    private readonly signer: AssertionSigner,
    private readonly cookieName: string,
  ) {}

  /** The caller's session, or the 401/403 the identity host gave. */
  authenticate(headers: IncomingHttpHeaders): MaybePromise<Caller> {
    const credential = readCredential(headers, this.cookieName);
    if (!credential) throw new HttpError(401, 'No session: sign in first');
    return andThen(this.sessions.validate(credential), (answer) => {
      if (!answer.ok) throw HttpError.fromEnvelope(answer.status, answer.body);
      return { session: answer.session, credential };
    });
  }

  authorize(matched: MatchedPolicy, headers: IncomingHttpHeaders): MaybePromise<Decision> {
    // A device proves itself to the API with its upload token, a share link's holder with the
    // link's token, which the API checks on every call: there is no session to check or assert.
    if (matched.policy.scope === 'public' || matched.policy.scope === 'device' || matched.policy.scope === 'share') return PUBLIC;
    return andThen(this.authenticate(headers), ({ session, credential }) =>
      andThen(this.scopeOf(matched, session), (scope) =>
        andThen(this.check(matched.policy, session, scope), () => andThen(this.signer.sign(session, scope), (assertion): Decision => ({ session, credential, scope, assertion }))),
      ),
    );
  }

  private check(policy: ApiRoutePolicy, session: Session, scope: AssertionScope): MaybePromise<void> {
    if (policy.scope === 'session') return;
    const lists = all([
      this.permissions.list(session, { kind: 'user' }),
      scope.orgId ? this.permissions.list(session, { kind: 'org', id: scope.orgId }) : NO_LIST,
      scope.projectId ? this.permissions.list(session, { kind: 'project', id: scope.projectId }) : null,
    ] as const);
    return andThen(lists, ([user, organization, project]) => {
      const result = checkPermissions({ user, organization, project }, policy.permissions);
      if (!result.allowed) {
        throw new HttpError(403, `Missing permission: this needs one of ${result.missing.join(', ')}`, {
          missing: result.missing,
        });
      }
    });
  }

  private scopeOf({ policy, params }: MatchedPolicy, session: Session): MaybePromise<AssertionScope> {
    switch (policy.scope) {
      case 'org':
        return { orgId: params.orgId! };
      case 'project': {
        const projectId = params.projectId!;
        return andThen(this.scopes.resolve('project', projectId, session), (owner) => ({ orgId: owner.orgId, projectId }));
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
