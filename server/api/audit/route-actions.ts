/**
 * What each change through `/api` is, for the audit trail: its action (shared/audit-actions.ts)
 * and its target — the path parameter naming it, or, for a route that creates it, the table
 * whose inserted row's column names it. Every unsafe route of the route policy has a row here
 * (a test holds the two tables together), so a new route cannot go unrecorded.
 */
import type { AuditAction, AuditTargetType } from '../../../shared/audit-actions.js';

export interface RouteAudit {
  action: AuditAction;
  target: AuditTargetType;
  /** The path parameter that names the target. */
  param?: string;
  /**
   * Else: the inserted row's column that names it (`INSERT INTO table (…column…) VALUES (…)` or
   * RETURNING), and where the row holds what TARGET_LOOKUP would read (its display name, its
   * organisation): a change that creates its target then needs no lookup.
   */
  inserted?: { table: string; column: string; name?: string; org?: string };
  /** Field names of the request body go into the details (never their values). */
  fields?: boolean;
  /**
   * The change is made in another service (the identity service, the OAuth2 provider): recorded
   * when the route answers with success, whatever the handler wrote here. Without it, a handler
   * that ran a transaction here and changed nothing records nothing.
   */
  remote?: boolean;
}

const r = (action: AuditAction, target: AuditTargetType, param?: string, extra: Partial<RouteAudit> = {}): RouteAudit => ({
  action,
  target,
  ...(param ? { param } : {}),
  ...extra,
});
/** A change made in another service (RouteAudit.remote). */
const elsewhere = (spec: RouteAudit): RouteAudit => ({ ...spec, remote: true });
const created = (action: AuditAction, target: AuditTargetType, table: string, column = 'id', named: { name?: string; org?: string } = {}): RouteAudit => ({
  action,
  target,
  inserted: { table, column, ...named },
  fields: true,
});

export const ROUTE_AUDIT: Readonly<Record<string, RouteAudit>> = {
  'POST /api/admin/orgs': created('org.created', 'org', 'orgs', 'id', { name: 'name', org: 'id' }),
  'POST /api/admin/orgs/:orgId/join': r('org.admin_joined', 'org', 'orgId'),
  'POST /api/admin/users': elsewhere(created('user.created', 'user', 'users', 'identity_id')),
  'PUT /api/admin/users/:userId': elsewhere(r('user.changed', 'user', 'userId', { fields: true })),
  'PUT /api/admin/users/:userId/recovery': elsewhere(r('user.recovery_issued', 'user', 'userId')),
  'DELETE /api/admin/users/:userId/sessions': elsewhere(r('user.sessions.revoked', 'user', 'userId')),
  'DELETE /api/admin/users/:userId/sessions/:sessionId': elsewhere(r('user.session.revoked', 'session', 'sessionId')),
  'POST /api/admin/firmware/releases': created('firmware.release.published', 'firmware', 'firmware_releases'),
  'DELETE /api/admin/firmware/releases/:releaseId': r('firmware.release.deleted', 'firmware', 'releaseId'),
  'POST /api/admin/oauth2/applications': elsewhere(r('oauth2.client.created', 'oauth2-client', undefined, { fields: true })),
  'PUT /api/admin/oauth2/applications/:clientId': elsewhere(r('oauth2.client.changed', 'oauth2-client', 'clientId', { fields: true })),
  'DELETE /api/admin/oauth2/applications/:clientId': elsewhere(r('oauth2.client.deleted', 'oauth2-client', 'clientId')),
  'POST /api/admin/oauth2/applications/:clientId/secret': elsewhere(r('oauth2.client.secret_rotated', 'oauth2-client', 'clientId')),
  'DELETE /api/admin/oauth2/users/:userId/applications': elsewhere(r('oauth2.consent.revoked', 'user', 'userId')),
  'DELETE /api/admin/oauth2/users/:userId/applications/:clientId': elsewhere(r('oauth2.consent.revoked', 'user', 'userId')),
  'POST /api/admin/oauth2/issuers': elsewhere(r('oauth2.issuer.added', 'oauth2-issuer', undefined, { fields: true })),
  'DELETE /api/admin/oauth2/issuers/:issuerId': elsewhere(r('oauth2.issuer.removed', 'oauth2-issuer', 'issuerId')),
  'POST /api/admin/oauth2/signing-keys': elsewhere(r('oauth2.signing_key.rotated', 'signing-key')),
  'PUT /api/user/settings': r('account.preferences.changed', 'user', undefined, { fields: true }),
  'POST /api/register': elsewhere(created('user.registered_from_invitation', 'user', 'users', 'identity_id')),
  'POST /api/registerjoin': r('org.invitation.accepted', 'invitation'),
  'POST /api/join': r('org.invitation.accepted', 'invitation'),
  'PUT /api/orgs/:orgId': r('org.changed', 'org', 'orgId', { fields: true }),
  'PUT /api/orgs/:orgId/logo': r('org.logo.changed', 'org', 'orgId'),
  'DELETE /api/orgs/:orgId/logo': r('org.logo.removed', 'org', 'orgId'),
  'DELETE /api/orgs/:orgId': r('org.deleted', 'org', 'orgId'),
  'PUT /api/orgs/:orgId/users/:userId': r('org.member.role_changed', 'user', 'userId', { fields: true }),
  'DELETE /api/orgs/:orgId/users/:userId': r('org.member.removed', 'user', 'userId'),
  'POST /api/orgs/:orgId/invite': created('org.invitation.sent', 'invitation', 'invites'),
  'DELETE /api/orgs/:orgId/invites/:inviteId': r('org.invitation.revoked', 'invitation', 'inviteId'),
  'POST /api/orgs/:orgId/devices/register': created('device.registered', 'device', 'devices'),
  'PUT /api/devices/:deviceId': r('device.changed', 'device', 'deviceId', { fields: true }),
  'POST /api/devices/:deviceId/startsubscription': r('device.subscription.started', 'device', 'deviceId', { fields: true }),
  'POST /api/devices/:deviceId/cancelsubscription': r('device.subscription.cancelled', 'device', 'deviceId'),
  'POST /api/orgs/:orgId/projects': created('project.created', 'project', 'projects', 'id', { name: 'name', org: 'org_id' }),
  'PUT /api/projects/:projectId': r('project.changed', 'project', 'projectId', { fields: true }),
  'DELETE /api/projects/:projectId': r('project.deleted', 'project', 'projectId'),
  'POST /api/projects/:projectId/users': created('project.member.added', 'user', 'project_members', 'user_id'),
  'PUT /api/projects/:projectId/users/:userId': r('project.member.role_changed', 'user', 'userId', { fields: true }),
  'DELETE /api/projects/:projectId/users/:userId': r('project.member.removed', 'user', 'userId'),
  'POST /api/projects/:projectId/contacts': created('project.contact.created', 'contact', 'contacts'),
  'PUT /api/contacts/:contactId': r('project.contact.changed', 'contact', 'contactId', { fields: true }),
  'DELETE /api/contacts/:contactId': r('project.contact.deleted', 'contact', 'contactId'),
  'PUT /api/projects/:projectId/reporting/settings': r('project.reporting.changed', 'project', 'projectId', { fields: true }),
  'POST /api/projects/:projectId/shares': created('project.share.created', 'share', 'project_shares'),
  'DELETE /api/projects/:projectId/shares/:shareId': r('project.share.revoked', 'share', 'shareId'),
  'POST /api/projects/:projectId/floors': created('survey.floor.created', 'floor', 'floors'),
  'PUT /api/floors/:floorId': r('survey.floor.changed', 'floor', 'floorId', { fields: true }),
  'DELETE /api/floors/:floorId': r('survey.floor.deleted', 'floor', 'floorId'),
  'POST /api/floors/:floorId/floorplans': created('survey.floorplan.uploaded', 'floorplan', 'floorplans'),
  'POST /api/floors/:floorId/tracks': created('survey.track.uploaded', 'track', 'tracks'),
  'POST /api/device/floors/:floorId/tracks': created('survey.track.uploaded', 'track', 'tracks'),
  'POST /api/floorplans/:floorplanId': r('survey.floorplan.changed', 'floorplan', 'floorplanId'),
  'PUT /api/floorplans/:floorplanId': r('survey.floorplan.changed', 'floorplan', 'floorplanId', { fields: true }),
  'PUT /api/floorplans/:floorplanId/walls': r('survey.floorplan.walls_changed', 'floorplan', 'floorplanId'),
  'PUT /api/floorplans/:floorplanId/georeference': r('survey.floorplan.georeferenced', 'floorplan', 'floorplanId'),
  'POST /api/tracks/:trackId/process': r('survey.track.processed', 'track', 'trackId'),
  'PUT /api/tracks/:trackId/positions': r('survey.track.placed', 'track', 'trackId'),
  'POST /api/floors/:floorId/photos': created('survey.photo.uploaded', 'photo', 'photos'),
  'PUT /api/photos/:photoId': r('survey.photo.changed', 'photo', 'photoId', { fields: true }),
  'DELETE /api/photos/:photoId': r('survey.photo.deleted', 'photo', 'photoId'),
  // The project API's members, answered here for the platform service (route-table.ts).
  'DELETE /internal/global-admins/:userId': r('platform.admin.removed', 'user', 'userId'),
};

/**
 * The display name of a target at the time, and its organisation: one statement per type, run in
 * the change's own transaction (before a deletion, after a creation).
 */
export const TARGET_LOOKUP: Partial<Record<AuditTargetType, string>> = {
  org: 'SELECT name, id AS org_id FROM orgs WHERE id = $1',
  user: `SELECT coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name, NULL::uuid AS org_id FROM users WHERE identity_id = $1`,
  device: 'SELECT name, org_id FROM devices WHERE id = $1',
  project: 'SELECT name, org_id FROM projects WHERE id = $1',
  contact: 'SELECT c.name, p.org_id FROM contacts c JOIN projects p ON p.id = c.project_id WHERE c.id = $1',
  share: 'SELECT s.label AS name, p.org_id FROM project_shares s JOIN projects p ON p.id = s.project_id WHERE s.id = $1',
  invitation: 'SELECT email AS name, org_id FROM invites WHERE id = $1',
  floor: 'SELECT f.name, p.org_id FROM floors f JOIN projects p ON p.id = f.project_id WHERE f.id = $1',
  floorplan: 'SELECT fp.file_name AS name, p.org_id FROM floorplans fp JOIN floors f ON f.id = fp.floor_id JOIN projects p ON p.id = f.project_id WHERE fp.id = $1',
  track: 'SELECT t.name, p.org_id FROM tracks t JOIN floors f ON f.id = t.floor_id JOIN projects p ON p.id = f.project_id WHERE t.id = $1',
  photo: 'SELECT ph.file_name AS name, p.org_id FROM photos ph JOIN floors f ON f.id = ph.floor_id JOIN projects p ON p.id = f.project_id WHERE ph.id = $1',
  firmware: `SELECT device_model || ' ' || version AS name, NULL::uuid AS org_id FROM firmware_releases WHERE id = $1`,
};

/**
 * Targets whose own row holds both what TARGET_LOOKUP reads: a write to that table that returns
 * the target's row (`RETURNING`, as an update of its name does) tells them, and the lookup, a
 * statement more in the change's transaction, is not needed.
 */
export const TARGET_ROW: Partial<Record<AuditTargetType, { table: string; name: string; org: string }>> = {
  org: { table: 'orgs', name: 'name', org: 'id' },
  device: { table: 'devices', name: 'name', org: 'org_id' },
  project: { table: 'projects', name: 'name', org: 'org_id' },
  invitation: { table: 'invites', name: 'email', org: 'org_id' },
};

/** Which path parameter's row tells the organisation when the target does not (a user in an org, a project's member). */
export const SCOPE_LOOKUP: Record<string, string> = {
  orgId: 'SELECT id AS org_id FROM orgs WHERE id = $1',
  projectId: 'SELECT org_id FROM projects WHERE id = $1',
  floorId: 'SELECT p.org_id FROM floors f JOIN projects p ON p.id = f.project_id WHERE f.id = $1',
};

/** An INSERT's table, and the parameter each column takes its value from (0-based), as its text says. */
interface ParsedInsert {
  table: string;
  params: Map<string, number>;
}

/** Parsed once per statement text: the application's statements are a bounded set, and every audited write asks. */
const parsedInserts = new Map<string, ParsedInsert | null>();
const MAX_PARSED = 2_000;

function parseInsert(sql: string): ParsedInsert | null {
  const m = /^\s*INSERT\s+INTO\s+("?)(\w+)\1\s*\(([^)]*)\)\s*VALUES\s*\(/i.exec(sql);
  if (!m) return null;
  const columns = m[3]!.split(',').map((c) => c.trim().replace(/"/g, '').toLowerCase());
  const values = topLevelItems(sql.slice(m.index + m[0].length));
  const params = new Map<string, number>();
  columns.forEach((column, i) => {
    const param = /^\$(\d+)(::\w+)?$/.exec(values[i]?.trim() ?? '');
    if (param) params.set(column, Number(param[1]) - 1);
  });
  return { table: m[2]!.toLowerCase(), params };
}

/**
 * The value an `INSERT INTO table (…) VALUES (…)` statement gives `column`, when it is a bound
 * parameter; undefined for any other statement or shape.
 */
export function insertedValue(sql: string, params: readonly unknown[], table: string, column: string): unknown {
  let parsed = parsedInserts.get(sql);
  if (parsed === undefined) {
    parsed = parseInsert(sql);
    if (parsedInserts.size < MAX_PARSED) parsedInserts.set(sql, parsed);
  }
  const index = parsed?.table === table ? parsed.params.get(column) : undefined;
  return index === undefined ? undefined : params[index];
}

/** The comma-separated items up to the closing parenthesis of a VALUES list. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    if (quoted) continue;
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) {
        items.push(text.slice(start, i));
        return items;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return items;
}
