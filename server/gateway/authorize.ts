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
import { andThen, type MaybePromise } from './maybe-async.js';
import type { PermissionLists, PermissionScope } from './permissions.js';
import type { ResourceScopes } from './resource-scope.js';
import type { MatchedPolicy } from './route-policy.js';
import type { SessionAnswer, SessionCache } from './session.js';

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

const USER_SCOPE: PermissionScope = Object.freeze({ kind: 'user' });

function requirePermissions(policy: ApiRoutePolicy, user: ReadonlySet<string>, organization: ReadonlySet<string>, project: ReadonlySet<string> | null): void {
  const result = checkPermissions({ user, organization, project }, policy.permissions);
  if (!result.allowed) {
    throw new HttpError(403, `Missing permission: this needs one of ${result.missing.join(', ')}`, {
      missing: result.missing,
    });
  }
}

function callerOf(answer: SessionAnswer, credential: Credential): Caller {
  if (!answer.ok) throw HttpError.fromEnvelope(answer.status, answer.body);
  return { session: answer.session, credential };
}
const PUBLIC: Decision = Object.freeze({ session: null, credential: null, scope: Object.freeze({}) });

export class Authorizer {
  constructor(
    private readonly sessions: SessionCache,
    private readonly permissions: PermissionLists,
    private readonly scopes: ResourceScopes,
    private readonly signer: AssertionSigner,
    private readonly cookieName: string,
  ) {}

  /** Whether the request carries a session at all (a cookie or `X-Session-Token`), valid or not. */
  hasCredential(headers: IncomingHttpHeaders): boolean {
    return readCredential(headers, this.cookieName) !== null;
  }

  /** The identity of the request's session when this gateway already knows it, without asking the identity host. */
  knownIdentity(headers: IncomingHttpHeaders): string | undefined {
    const credential = readCredential(headers, this.cookieName);
    return credential ? this.sessions.identityOf(credential.hash) : undefined;
  }

  /** The caller's session, or the 401/403 the identity host gave. */
  authenticate(headers: IncomingHttpHeaders): MaybePromise<Caller> {
    const credential = readCredential(headers, this.cookieName);
    if (!credential) throw new HttpError(401, 'No session: sign in first');
    const answer = this.sessions.validate(credential);
    return answer instanceof Promise ? answer.then((settled) => callerOf(settled, credential)) : callerOf(answer, credential);
  }

  // Each step is a method that continues synchronously when the last one was cached: a fully
  // cached request (the common case) allocates no closures on its way through.
  authorize(matched: MatchedPolicy, headers: IncomingHttpHeaders): MaybePromise<Decision> {
    // A device proves itself to the API with its upload token, a share link's holder with the
    // link's token, which the API checks on every call: there is no session to check or assert.
    if (matched.policy.scope === 'public' || matched.policy.scope === 'device' || matched.policy.scope === 'share') return PUBLIC;
    const caller = this.authenticate(headers);
    return caller instanceof Promise ? caller.then((settled) => this.authorizeCaller(matched, settled)) : this.authorizeCaller(matched, caller);
  }

  private authorizeCaller(matched: MatchedPolicy, caller: Caller): MaybePromise<Decision> {
    const scope = this.scopeOf(matched, caller.session);
    return scope instanceof Promise ? scope.then((settled) => this.authorizeIn(matched, caller, settled)) : this.authorizeIn(matched, caller, scope);
  }

  private authorizeIn(matched: MatchedPolicy, caller: Caller, scope: AssertionScope): MaybePromise<Decision> {
    const checked = this.check(matched.policy, caller.session, scope);
    return checked instanceof Promise ? checked.then(() => this.decide(caller, scope)) : this.decide(caller, scope);
  }

  private decide({ session, credential }: Caller, scope: AssertionScope): MaybePromise<Decision> {
    const assertion = this.signer.sign(session, scope);
    return assertion instanceof Promise ? assertion.then((signed): Decision => ({ session, credential, scope, assertion: signed })) : { session, credential, scope, assertion };
  }

  private check(policy: ApiRoutePolicy, session: Session, scope: AssertionScope): MaybePromise<void> {
    if (policy.scope === 'session') return;
    const user = this.permissions.list(session, USER_SCOPE);
    const organization = scope.orgId ? this.permissions.list(session, { kind: 'org', id: scope.orgId }) : NO_LIST;
    const project = scope.projectId ? this.permissions.list(session, { kind: 'project', id: scope.projectId }) : null;
    if (user instanceof Promise || organization instanceof Promise || project instanceof Promise) {
      return Promise.all([user, organization, project]).then(([u, o, p]) => requirePermissions(policy, u, o, p));
    }
    requirePermissions(policy, user, organization, project);
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
