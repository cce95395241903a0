import type { PermissionId } from './permission-ids.js';

/**
 * The route policy: every `/api` call the browser may make, what it needs, and in which scope.
 * This is the one table a security review reads. A path that is not here does not exist for
 * the browser: the gateway answers 404 without calling the API. The API enforces the same
 * table again (defence in depth). A HEAD takes its path's GET row, with the same checks, and
 * the gateway asks the API the GET; there are no HEAD rows.
 *
 * Scopes:
 *   public   no session needed (invite validation and sign-up from an invite)
 *   session  any signed-in user; `permissions` is empty
 *   user     the user's own list alone (global administration)
 *   org      the organisation named by `:orgId`: user ∪ organisation list
 *   project  the project named by `:projectId`: user ∪ organisation ∪ project list, the
 *            organisation being the project's owner
 *   resource the organisation (and project) that owns the resource named by `param`, resolved
 *            by asking the API (`GET /api/scopes/{resource}/{id}`, see docs)
 *   device   no session: a registered device sends its upload token in `X-Device-Token`; the
 *            API checks the token and that the device's organisation owns the target. Cookies
 *            are stripped as on every route, so a browser's session cannot ride along.
 *   share    no session: whoever holds a project's read-only link. The link's secret is the
 *            `:shareToken` path segment; the API checks it on every call (unknown → 404,
 *            revoked or expired → 410) and that what is named lies on the link's floors. GET
 *            only, rate-limited per client address; no session or identity assertion is sent.
 *
 * `permissions` are alternatives: holding any one of them is enough.
 * `evicts` names the cached permission lists or sessions a successful call makes stale.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ScopeKind = 'public' | 'session' | 'user' | 'org' | 'project' | 'resource' | 'device' | 'share';

/** Where a device's upload token travels (see the `device` scope). */
export const DEVICE_TOKEN_HEADER = 'x-device-token';
export type ResourceKind = 'device' | 'floor' | 'floorplan' | 'track' | 'photo' | 'contact';

export type Eviction =
  /** every cached list of the identity named by this path parameter */
  | { identityParam: string }
  /** every cached session of the identity named by this path parameter (they were ended) */
  | { identitySessionsParam: string }
  /** the cached session named by this path parameter (it was ended) */
  | { sessionParam: string }
  /** every cached list of the caller */
  | { caller: true }
  /** every identity's cached list for the organisation or project named by this parameter */
  | { scopeParam: 'orgId' | 'projectId' };

export interface ApiRoutePolicy {
  method: HttpMethod;
  /** Path pattern with `:name` parameters. */
  path: string;
  scope: ScopeKind;
  /** For `resource` scope: what the parameter names. */
  resource?: { kind: ResourceKind; param: string };
  permissions: readonly PermissionId[];
  /** Largest accepted request body in bytes; the gateway answers 413 beyond it. */
  bodyLimit?: number;
  evicts?: Eviction;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** Upload limits, named so the table reads as policy. */
export const UPLOAD_LIMITS = {
  firmware: 1 * GiB,
  floorplan: 64 * MiB,
  track: 256 * MiB,
  photo: 32 * MiB,
  logo: 8 * MiB,
} as const;

type Row = Omit<ApiRoutePolicy, 'method' | 'path'>;
const publicRoute = (): Row => ({ scope: 'public', permissions: [] });
const deviceRoute = (): Row => ({ scope: 'device', permissions: [] });
const shareRoute = (): Row => ({ scope: 'share', permissions: [] });
const session = (): Row => ({ scope: 'session', permissions: [] });
const user = (...permissions: PermissionId[]): Row => ({ scope: 'user', permissions });
const org = (...permissions: PermissionId[]): Row => ({ scope: 'org', permissions });
const project = (...permissions: PermissionId[]): Row => ({ scope: 'project', permissions });
const owned =
  (kind: ResourceKind, param: string) =>
  (...permissions: PermissionId[]): Row => ({ scope: 'resource', resource: { kind, param }, permissions });
const device = owned('device', 'deviceId');
const floor = owned('floor', 'floorId');
const floorplan = owned('floorplan', 'floorplanId');
const track = owned('track', 'trackId');
const photo = owned('photo', 'photoId');
const contact = owned('contact', 'contactId');

const route = (method: HttpMethod, path: string, row: Row, extra: Partial<Row> = {}): ApiRoutePolicy => ({
  method,
  path,
  ...row,
  ...extra,
});

export const API_ROUTE_POLICY: readonly ApiRoutePolicy[] = [
  // ── The contract itself: the OpenAPI document and its readable reference ──
  route('GET', '/api/openapi.json', publicRoute()),
  route('GET', '/api/docs', publicRoute()),
  route('GET', '/api/docs/swagger-ui.css', publicRoute()),
  route('GET', '/api/docs/swagger-ui-bundle.js', publicRoute()),
  route('GET', '/api/docs/start.js', publicRoute()),

  // ── Global administration ────────────────────────────────────────────────
  route('GET', '/api/admin/orgs', user('admin:orgs')),
  route('POST', '/api/admin/orgs', user('admin:orgs')),
  route('POST', '/api/admin/orgs/:orgId/join', user('admin:orgs'), { evicts: { caller: true } }),
  route('GET', '/api/admin/users', user('admin:users')),
  route('POST', '/api/admin/users', user('admin:users')),
  route('GET', '/api/admin/users/:userId', user('admin:users')),
  route('GET', '/api/admin/users/:userId/access', user('admin:users')),
  route('GET', '/api/admin/users/:userId/projects', user('admin:users')),
  route('PUT', '/api/admin/users/:userId', user('admin:users'), { evicts: { identityParam: 'userId' } }),
  route('PUT', '/api/admin/users/:userId/recovery', user('admin:users')),
  route('GET', '/api/admin/users/:userId/sessions', user('admin:users')),
  route('DELETE', '/api/admin/users/:userId/sessions', user('admin:users'), { evicts: { identitySessionsParam: 'userId' } }),
  route('DELETE', '/api/admin/users/:userId/sessions/:sessionId', user('admin:users'), { evicts: { sessionParam: 'sessionId' } }),
  route('GET', '/api/admin/users/:userId/messages', user('admin:users')),
  route('POST', '/api/admin/firmware/releases', user('admin:firmware'), { bodyLimit: UPLOAD_LIMITS.firmware }),
  route('DELETE', '/api/admin/firmware/releases/:releaseId', user('admin:firmware')),
  route('GET', '/api/firmware/releases', session()),
  // OAuth2: applications, a user's grants to them, jwt-bearer issuers and signing keys, kept by the provider.
  route('GET', '/api/admin/oauth2/applications', user('admin:oauth2')),
  route('POST', '/api/admin/oauth2/applications', user('admin:oauth2')),
  route('GET', '/api/admin/oauth2/applications/:clientId', user('admin:oauth2')),
  route('PUT', '/api/admin/oauth2/applications/:clientId', user('admin:oauth2')),
  route('DELETE', '/api/admin/oauth2/applications/:clientId', user('admin:oauth2')),
  route('POST', '/api/admin/oauth2/applications/:clientId/secret', user('admin:oauth2')),
  route('GET', '/api/admin/oauth2/users/:userId/applications', user('admin:oauth2')),
  route('DELETE', '/api/admin/oauth2/users/:userId/applications', user('admin:oauth2')),
  route('DELETE', '/api/admin/oauth2/users/:userId/applications/:clientId', user('admin:oauth2')),
  route('GET', '/api/admin/oauth2/issuers', user('admin:oauth2')),
  route('POST', '/api/admin/oauth2/issuers', user('admin:oauth2')),
  route('DELETE', '/api/admin/oauth2/issuers/:issuerId', user('admin:oauth2')),
  route('GET', '/api/admin/oauth2/signing-keys', user('admin:oauth2')),
  route('POST', '/api/admin/oauth2/signing-keys', user('admin:oauth2')),
  // The audit trail: every event (global administrators).
  route('GET', '/api/admin/audit', user('admin:audit')),
  route('GET', '/api/admin/audit/export', user('admin:audit')),
  route('POST', '/api/admin/audit/verify', user('admin:audit')),

  // ── The caller ───────────────────────────────────────────────────────────
  route('GET', '/api/permissions', session()),
  route('GET', '/api/user/settings', session()),
  route('PUT', '/api/user/settings', session()),
  route('GET', '/api/networktechnologies', session()),

  // ── Invites: validating and signing up need no session yet ───────────────
  route('GET', '/api/validate', publicRoute()),
  route('POST', '/api/register', publicRoute()),
  route('POST', '/api/registerjoin', session(), { evicts: { caller: true } }),
  route('POST', '/api/join', session(), { evicts: { caller: true } }),

  // ── Organisations ────────────────────────────────────────────────────────
  route('GET', '/api/orgs', session()),
  route('GET', '/api/orgs/:orgId', org('org:read')),
  route('PUT', '/api/orgs/:orgId', org('org:update')),
  route('GET', '/api/orgs/:orgId/logo', org('org:read')),
  route('PUT', '/api/orgs/:orgId/logo', org('org:update'), { bodyLimit: UPLOAD_LIMITS.logo }),
  route('DELETE', '/api/orgs/:orgId/logo', org('org:update')),
  route('DELETE', '/api/orgs/:orgId', org('org:delete'), { evicts: { scopeParam: 'orgId' } }),
  route('GET', '/api/orgs/:orgId/permissions', session()),
  route('GET', '/api/orgs/:orgId/users', org('org:users:read')),
  route('GET', '/api/orgs/:orgId/users/:userId', org('org:users:read')),
  route('PUT', '/api/orgs/:orgId/users/:userId', org('org:users:manage'), { evicts: { identityParam: 'userId' } }),
  route('DELETE', '/api/orgs/:orgId/users/:userId', org('org:users:manage'), { evicts: { identityParam: 'userId' } }),
  route('POST', '/api/orgs/:orgId/invite', org('org:invites:manage')),
  route('GET', '/api/orgs/:orgId/invites', org('org:invites:read', 'org:invites:manage')),
  route('DELETE', '/api/orgs/:orgId/invites/:inviteId', org('org:invites:manage')),
  route('GET', '/api/orgs/:orgId/invoices', org('org:billing:read')),
  route('GET', '/api/orgs/:orgId/invoices/:invoiceId', org('org:billing:read')),
  route('GET', '/api/orgs/:orgId/notifications', org('org:notifications:read')),
  route('GET', '/api/orgs/:orgId/audit', org('org:audit:read')),
  route('GET', '/api/orgs/:orgId/audit/export', org('org:audit:read')),

  // ── Devices and subscriptions ────────────────────────────────────────────
  route('GET', '/api/orgs/:orgId/devices', org('org:devices:read')),
  route('POST', '/api/orgs/:orgId/devices/register', org('org:devices:manage')),
  route('GET', '/api/devices/:deviceId', device('org:devices:read')),
  route('PUT', '/api/devices/:deviceId', device('org:devices:manage')),
  route('GET', '/api/subscriptions/plans', session()),
  route('POST', '/api/devices/:deviceId/startsubscription', device('org:billing:manage')),
  route('POST', '/api/devices/:deviceId/cancelsubscription', device('org:billing:manage')),

  // ── Projects ─────────────────────────────────────────────────────────────
  route('GET', '/api/orgs/:orgId/projects', org('org:projects:read')),
  route('POST', '/api/orgs/:orgId/projects', org('org:projects:create')),
  route('GET', '/api/projects/:projectId', project('project:read')),
  route('PUT', '/api/projects/:projectId', project('project:update')),
  route('DELETE', '/api/projects/:projectId', project('project:delete'), { evicts: { scopeParam: 'projectId' } }),
  route('GET', '/api/projects/:projectId/permissions', session()),
  route('GET', '/api/projects/:projectId/stats', project('project:read')),
  route('GET', '/api/projects/:projectId/statistics/networkstatistics', project('project:read')),
  route('GET', '/api/projects/:projectId/statistics/channels', project('project:read')),
  route('GET', '/api/projects/:projectId/statistics/networks', project('project:read')),
  route('GET', '/api/projects/:projectId/report.pdf', project('project:read')),
  route('GET', '/api/projects/:projectId/users', project('project:users:read', 'project:users:manage')),
  route('GET', '/api/projects/:projectId/users/:userId/access', project('project:users:read', 'project:users:manage')),
  route('POST', '/api/projects/:projectId/users', project('project:users:manage'), { evicts: { scopeParam: 'projectId' } }),
  route('PUT', '/api/projects/:projectId/users/:userId', project('project:users:manage'), { evicts: { identityParam: 'userId' } }),
  route('DELETE', '/api/projects/:projectId/users/:userId', project('project:users:manage'), { evicts: { identityParam: 'userId' } }),
  route('GET', '/api/projects/:projectId/contacts', project('project:read')),
  route('POST', '/api/projects/:projectId/contacts', project('project:contacts:manage')),
  route('PUT', '/api/contacts/:contactId', contact('project:contacts:manage')),
  route('DELETE', '/api/contacts/:contactId', contact('project:contacts:manage')),
  route('GET', '/api/projects/:projectId/reporting/settings', project('project:read')),
  route('PUT', '/api/projects/:projectId/reporting/settings', project('project:reporting:manage')),
  route('GET', '/api/projects/:projectId/shares', project('project:shares:manage')),
  route('POST', '/api/projects/:projectId/shares', project('project:shares:manage')),
  route('DELETE', '/api/projects/:projectId/shares/:shareId', project('project:shares:manage')),

  // ── Floors, floor plans, tracks, photos ──────────────────────────────────
  route('GET', '/api/projects/:projectId/floors', project('project:read')),
  route('POST', '/api/projects/:projectId/floors', project('project:survey:write')),
  route('GET', '/api/floors/:floorId', floor('project:read')),
  route('PUT', '/api/floors/:floorId', floor('project:survey:write')),
  route('DELETE', '/api/floors/:floorId', floor('project:survey:write')),
  route('GET', '/api/floors/:floorId/floorplans', floor('project:read')),
  route('POST', '/api/floors/:floorId/floorplans', floor('project:survey:write'), { bodyLimit: UPLOAD_LIMITS.floorplan }),
  route('GET', '/api/floors/:floorId/tracks', floor('project:read')),
  route('POST', '/api/floors/:floorId/tracks', floor('project:survey:write'), { bodyLimit: UPLOAD_LIMITS.track }),
  route('POST', '/api/device/floors/:floorId/tracks', deviceRoute(), { bodyLimit: UPLOAD_LIMITS.track }),
  route('GET', '/api/floors/:floorId/photos', floor('project:read')),
  route('GET', '/api/floorplans/:floorplanId', floorplan('project:read')),
  route('POST', '/api/floorplans/:floorplanId', floorplan('project:survey:write')),
  route('PUT', '/api/floorplans/:floorplanId', floorplan('project:survey:write')),
  route('GET', '/api/floorplans/:floorplanId/image', floorplan('project:read')),
  route('GET', '/api/floorplans/:floorplanId/original', floorplan('project:read')),
  route('GET', '/api/floorplans/:floorplanId/walls', floorplan('project:read')),
  route('PUT', '/api/floorplans/:floorplanId/walls', floorplan('project:survey:write')),
  route('GET', '/api/floorplans/:floorplanId/georeference', floorplan('project:read')),
  route('PUT', '/api/floorplans/:floorplanId/georeference', floorplan('project:survey:write')),
  route('GET', '/api/tracks/:trackId', track('project:read')),
  route('GET', '/api/tracks/:trackId/datasets', track('project:read')),
  route('GET', '/api/tracks/:trackId/points', track('project:read')),
  route('GET', '/api/tracks/:trackId/photos', track('project:read')),
  route('POST', '/api/tracks/:trackId/process', track('project:survey:write')),
  route('PUT', '/api/tracks/:trackId/positions', track('project:survey:write')),
  route('POST', '/api/floors/:floorId/photos', floor('project:survey:write'), { bodyLimit: UPLOAD_LIMITS.photo }),
  route('GET', '/api/photos/:photoId/image', photo('project:read')),
  route('PUT', '/api/photos/:photoId', photo('project:survey:write')),
  route('DELETE', '/api/photos/:photoId', photo('project:survey:write')),

  // ── A project's read-only link: what its viewer and statistics read, nothing else ──
  route('GET', '/api/share/:shareToken', shareRoute()),
  route('GET', '/api/share/:shareToken/networktechnologies', shareRoute()),
  route('GET', '/api/share/:shareToken/floors/:floorId/floorplans', shareRoute()),
  route('GET', '/api/share/:shareToken/floors/:floorId/tracks', shareRoute()),
  route('GET', '/api/share/:shareToken/floors/:floorId/photos', shareRoute()),
  route('GET', '/api/share/:shareToken/tracks/:trackId/datasets', shareRoute()),
  route('GET', '/api/share/:shareToken/tracks/:trackId/points', shareRoute()),
  route('GET', '/api/share/:shareToken/floorplans/:floorplanId/image', shareRoute()),
  route('GET', '/api/share/:shareToken/floorplans/:floorplanId/walls', shareRoute()),
  route('GET', '/api/share/:shareToken/photos/:photoId/image', shareRoute()),
  route('GET', '/api/share/:shareToken/stats', shareRoute()),
  route('GET', '/api/share/:shareToken/statistics/networkstatistics', shareRoute()),
  route('GET', '/api/share/:shareToken/statistics/channels', shareRoute()),
  route('GET', '/api/share/:shareToken/statistics/networks', shareRoute()),
];

/**
 * The identity platform's project API: Ory Network's project endpoints under `/.ory`, which the
 * gateway forwards to the platform service (server/platform). Same rule as above: a method and
 * path not listed here does not exist for any caller.
 *
 * Scope:
 *   apiKeyOrUser  either an API key of the project in `Authorization: Bearer <key>`, checked by
 *                 the platform service (a wrong one is a 401, counted per client address; a
 *                 request that sends the header is judged by the key alone, whatever cookies it
 *                 carries), or a session whose user list holds one of `permissions` (global
 *                 administrators), under the CSRF rules of `/api` for unsafe methods.
 *
 * `apiPath` marks the rows the API service answers, because global administrators (the project's
 * members) are its users: the gateway first asks the platform service whether `:project` names
 * the project (404 otherwise), then calls `apiPath` on the API, naming the caller in a signed
 * platform assertion (shared/platform-assertion.ts). Every other row goes to the platform service
 * at the same path without `/.ory`.
 *
 * `evicts.apiKeyParam` names the key a successful call revoked: every gateway instance forgets it.
 * `evicts.identityParam` names the identity whose cached permission lists a successful call made
 * stale, on every gateway instance.
 */
export type ProjectApiScope = 'apiKeyOrUser';

export interface ProjectApiRoutePolicy {
  method: HttpMethod;
  /** Path pattern with `:name` parameters, as the browser and Ory's clients call it. */
  path: string;
  scope: ProjectApiScope;
  permissions: readonly PermissionId[];
  /** The API service's path (with the same `:name` parameters) when it, not the platform service, answers. */
  apiPath?: string;
  evicts?: { apiKeyParam: string } | { identityParam: string };
}

const keyOrAdmin = (method: HttpMethod, path: string, extra: Partial<ProjectApiRoutePolicy> = {}): ProjectApiRoutePolicy => ({
  method,
  path,
  scope: 'apiKeyOrUser',
  permissions: ['admin:platform'],
  ...extra,
});

export const PROJECT_API_ROUTE_POLICY: readonly ProjectApiRoutePolicy[] = [
  // ── The project: this installation (creating another and purging it are refused upstream) ──
  keyOrAdmin('GET', '/.ory/projects'),
  keyOrAdmin('POST', '/.ory/projects'),
  keyOrAdmin('GET', '/.ory/projects/:project'),
  keyOrAdmin('PUT', '/.ory/projects/:project'),
  keyOrAdmin('PATCH', '/.ory/projects/:project'),
  keyOrAdmin('DELETE', '/.ory/projects/:project'),
  keyOrAdmin('PATCH', '/.ory/projects/:project/revision/:revisionId'),
  keyOrAdmin('GET', '/.ory/projects/:project/revisions'),

  // ── API keys ─────────────────────────────────────────────────────────────
  keyOrAdmin('GET', '/.ory/projects/:project/tokens'),
  keyOrAdmin('POST', '/.ory/projects/:project/tokens'),
  keyOrAdmin('DELETE', '/.ory/projects/:project/tokens/:tokenId', { evicts: { apiKeyParam: 'tokenId' } }),

  // ── Members: the global administrators, kept by the API service ──────────
  keyOrAdmin('GET', '/.ory/projects/:project/members', { apiPath: '/internal/global-admins' }),
  keyOrAdmin('DELETE', '/.ory/projects/:project/members/:member', { apiPath: '/internal/global-admins/:member', evicts: { identityParam: 'member' } }),

  // ── The console's active project (legacy, in the specification) ──────────
  keyOrAdmin('GET', '/.ory/console/active/project'),
  keyOrAdmin('PUT', '/.ory/console/active/project'),
];

/**
 * The identity platform's admin APIs, as an Ory Network project serves them on its URL and with
 * Ory's paths: the identity service's (identities, sessions, courier messages, recovery) and the
 * OAuth2 provider's (clients, signing keys, login/consent/logout requests, consent and login
 * sessions, introspection, token deletion, jwt-bearer trust), and the permission service's Keto
 * API (relationships, checks, expand, namespaces, the model's syntax check; reads need a key or
 * an administrator's session too, as on Ory Network), split as Keto splits it: its read API and
 * its write API, which a self-hosted Keto serves on two ports. The gateway forwards each to the
 * `service`'s admin listener with that service's own admin token, never the caller's key, and
 * passes on no client header but the body's content type and `Accept`. A method and path not
 * listed here does not exist for any caller (404, with or without a key); a parameter is one
 * plain path segment (letters, digits, `-`, `_`, `.`, `~`), never percent-encoded or a dot segment.
 *
 * Scopes:
 *   apiKey        an API key of the project in `Authorization: Bearer <key>`, checked as the
 *                 project API checks it (a wrong one is a 401, counted per client address).
 *                 Sessions never open these routes: a global administrator's browser gets a 401
 *                 like anyone without a key. The identity service's and the OAuth2 provider's rows.
 *   apiKeyOrUser  the project API's scope: such a key (a request that sends the header is judged
 *                 by the key alone), or a session whose user list holds one of `permissions`,
 *                 under the CSRF rules of `/api` for unsafe methods. The permission service's
 *                 rows, for the Permissions screens of Administration › Identity platform.
 *
 * `evicts` names the cached sessions a successful call ended or changed (the eviction kinds of
 * the `/api` table), on every gateway instance.
 */
export type AdminApiScope = 'apiKey' | ProjectApiScope;
export type AdminApiService = 'identity' | 'oauth2' | 'permissionRead' | 'permissionWrite';

export interface AdminApiRoutePolicy {
  method: HttpMethod;
  /** Path pattern with `:name` parameters; the upstream path is this without `/.ory`. */
  path: string;
  scope: AdminApiScope;
  /** For `apiKeyOrUser`: the session's alternatives; empty for `apiKey`. */
  permissions: readonly PermissionId[];
  service: AdminApiService;
  evicts?: Extract<Eviction, { identitySessionsParam: string } | { sessionParam: string }>;
}

const adminRoute =
  (service: AdminApiService, access: Pick<AdminApiRoutePolicy, 'scope' | 'permissions'>) =>
  (method: HttpMethod, path: string, evicts?: AdminApiRoutePolicy['evicts']): AdminApiRoutePolicy => ({
    method,
    path,
    ...access,
    service,
    ...(evicts ? { evicts } : {}),
  });
const KEY_ONLY = { scope: 'apiKey', permissions: [] } as const;
const KEY_OR_ADMIN = { scope: 'apiKeyOrUser', permissions: ['admin:platform'] } as const;
const identityAdmin = adminRoute('identity', KEY_ONLY);
const oauth2Admin = adminRoute('oauth2', KEY_ONLY);
const permissionRead = adminRoute('permissionRead', KEY_OR_ADMIN);
const permissionWrite = adminRoute('permissionWrite', KEY_OR_ADMIN);

export const ADMIN_API_ROUTE_POLICY: readonly AdminApiRoutePolicy[] = [
  // ── Identity service: identities (a changed or deleted identity's cached sessions go) ──
  identityAdmin('GET', '/.ory/admin/identities'),
  identityAdmin('POST', '/.ory/admin/identities'),
  identityAdmin('GET', '/.ory/admin/identities/:id'),
  identityAdmin('PUT', '/.ory/admin/identities/:id', { identitySessionsParam: 'id' }),
  identityAdmin('PATCH', '/.ory/admin/identities/:id', { identitySessionsParam: 'id' }),
  identityAdmin('DELETE', '/.ory/admin/identities/:id', { identitySessionsParam: 'id' }),
  identityAdmin('DELETE', '/.ory/admin/identities/:id/credentials/:type'),
  identityAdmin('GET', '/.ory/admin/identities/:id/sessions'),
  identityAdmin('DELETE', '/.ory/admin/identities/:id/sessions', { identitySessionsParam: 'id' }),

  // ── Identity service: sessions, courier messages, recovery ───────────────
  identityAdmin('GET', '/.ory/admin/sessions'),
  identityAdmin('GET', '/.ory/admin/sessions/:id'),
  identityAdmin('DELETE', '/.ory/admin/sessions/:id', { sessionParam: 'id' }),
  identityAdmin('PATCH', '/.ory/admin/sessions/:id/extend'),
  identityAdmin('GET', '/.ory/admin/courier/messages'),
  identityAdmin('GET', '/.ory/admin/courier/messages/:id'),
  identityAdmin('POST', '/.ory/admin/recovery/code'),
  identityAdmin('POST', '/.ory/admin/recovery/link'),

  // ── OAuth2 provider: clients and the ID token signing keys ───────────────
  oauth2Admin('GET', '/.ory/admin/clients'),
  oauth2Admin('POST', '/.ory/admin/clients'),
  oauth2Admin('GET', '/.ory/admin/clients/:id'),
  oauth2Admin('PUT', '/.ory/admin/clients/:id'),
  oauth2Admin('PATCH', '/.ory/admin/clients/:id'),
  oauth2Admin('DELETE', '/.ory/admin/clients/:id'),
  oauth2Admin('PUT', '/.ory/admin/clients/:id/lifespans'),
  oauth2Admin('GET', '/.ory/admin/keys/:set'),
  oauth2Admin('POST', '/.ory/admin/keys/:set'),
  oauth2Admin('GET', '/.ory/admin/keys/:set/:kid'),
  oauth2Admin('DELETE', '/.ory/admin/keys/:set/:kid'),

  // ── OAuth2 provider: login, consent and logout requests; sessions; tokens ──
  oauth2Admin('GET', '/.ory/admin/oauth2/auth/requests/login'),
  oauth2Admin('PUT', '/.ory/admin/oauth2/auth/requests/login/accept'),
  oauth2Admin('PUT', '/.ory/admin/oauth2/auth/requests/login/reject'),
  oauth2Admin('GET', '/.ory/admin/oauth2/auth/requests/consent'),
  oauth2Admin('PUT', '/.ory/admin/oauth2/auth/requests/consent/accept'),
  oauth2Admin('PUT', '/.ory/admin/oauth2/auth/requests/consent/reject'),
  oauth2Admin('GET', '/.ory/admin/oauth2/auth/requests/logout'),
  oauth2Admin('PUT', '/.ory/admin/oauth2/auth/requests/logout/accept'),
  oauth2Admin('PUT', '/.ory/admin/oauth2/auth/requests/logout/reject'),
  oauth2Admin('GET', '/.ory/admin/oauth2/auth/sessions/consent'),
  oauth2Admin('DELETE', '/.ory/admin/oauth2/auth/sessions/consent'),
  oauth2Admin('DELETE', '/.ory/admin/oauth2/auth/sessions/login'),
  oauth2Admin('POST', '/.ory/admin/oauth2/introspect'),
  oauth2Admin('DELETE', '/.ory/admin/oauth2/tokens'),

  // ── OAuth2 provider: trusted jwt-bearer issuers ──────────────────────────
  oauth2Admin('GET', '/.ory/admin/trust/grants/jwt-bearer/issuers'),
  oauth2Admin('POST', '/.ory/admin/trust/grants/jwt-bearer/issuers'),
  oauth2Admin('GET', '/.ory/admin/trust/grants/jwt-bearer/issuers/:id'),
  oauth2Admin('DELETE', '/.ory/admin/trust/grants/jwt-bearer/issuers/:id'),

  // ── Permission service (Keto's REST API): a key, or a global administrator's session; reads too ──
  // Its read API (a self-hosted Keto's port 4466)
  permissionRead('GET', '/.ory/relation-tuples'),
  permissionRead('GET', '/.ory/relation-tuples/check'),
  permissionRead('POST', '/.ory/relation-tuples/check'),
  permissionRead('GET', '/.ory/relation-tuples/check/openapi'),
  permissionRead('POST', '/.ory/relation-tuples/check/openapi'),
  permissionRead('POST', '/.ory/relation-tuples/batch/check'),
  permissionRead('GET', '/.ory/relation-tuples/expand'),
  // Ours, not Keto's (a real Keto answers 404): the objects a subject reaches (server/permissions/routes/list-objects-route.ts).
  permissionRead('GET', '/.ory/extensions/list-objects'),
  permissionRead('GET', '/.ory/namespaces'),
  permissionRead('POST', '/.ory/opl/syntax/check'),
  // Its write API (port 4467)
  permissionWrite('PUT', '/.ory/admin/relation-tuples'),
  permissionWrite('PATCH', '/.ory/admin/relation-tuples'),
  permissionWrite('DELETE', '/.ory/admin/relation-tuples'),
];
