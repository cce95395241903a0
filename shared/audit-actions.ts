/**
 * The audit trail's vocabulary: every action an audit event can name, as a stable dotted name
 * with the group the Audit log screen filters by. Names are never renamed or reused once
 * released — a security team's saved searches and SIEM rules match on them; add new ones.
 * The server records only names listed here (a type error otherwise), the client labels them.
 */

export const AUDIT_GROUPS = ['account', 'oauth2', 'organisation', 'user', 'device', 'project', 'survey', 'firmware', 'platform', 'refusal', 'audit'] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number];

/** action → its group. */
export const AUDIT_ACTIONS = {
  // ── Account (the identity service) ──
  'account.signin.succeeded': 'account',
  'account.signin.failed': 'account',
  'account.registered': 'account',
  'account.recovered': 'account',
  'account.verified': 'account',
  'account.settings.changed': 'account',
  'account.session.revoked': 'account',
  'account.signout.everywhere': 'account',
  'account.preferences.changed': 'account',
  // ── OAuth2 ──
  'oauth2.consent.granted': 'oauth2',
  'oauth2.consent.remembered': 'oauth2',
  'oauth2.consent.revoked': 'oauth2',
  'oauth2.token.issued': 'oauth2',
  'oauth2.client.created': 'oauth2',
  'oauth2.client.changed': 'oauth2',
  'oauth2.client.secret_rotated': 'oauth2',
  'oauth2.client.deleted': 'oauth2',
  'oauth2.issuer.added': 'oauth2',
  'oauth2.issuer.removed': 'oauth2',
  'oauth2.signing_key.rotated': 'oauth2',
  // ── Organisations: the organisation, its members and invitations ──
  'org.created': 'organisation',
  'org.changed': 'organisation',
  'org.deleted': 'organisation',
  'org.logo.changed': 'organisation',
  'org.logo.removed': 'organisation',
  'org.admin_joined': 'organisation',
  'org.member.role_changed': 'organisation',
  'org.member.removed': 'organisation',
  'org.invitation.sent': 'organisation',
  'org.invitation.revoked': 'organisation',
  'org.invitation.accepted': 'organisation',
  // ── Users (global administration) ──
  'user.created': 'user',
  'user.changed': 'user',
  'user.recovery_issued': 'user',
  'user.sessions.revoked': 'user',
  'user.session.revoked': 'user',
  'user.registered_from_invitation': 'user',
  'user.deleted': 'user',
  'user.credential.removed': 'user',
  // ── Devices and subscriptions ──
  'device.registered': 'device',
  'device.changed': 'device',
  'device.subscription.started': 'device',
  'device.subscription.cancelled': 'device',
  // ── Projects: settings, members, contacts, reporting, share links ──
  'project.created': 'project',
  'project.changed': 'project',
  'project.deleted': 'project',
  'project.member.added': 'project',
  'project.member.role_changed': 'project',
  'project.member.removed': 'project',
  'project.contact.created': 'project',
  'project.contact.changed': 'project',
  'project.contact.deleted': 'project',
  'project.reporting.changed': 'project',
  'project.share.created': 'project',
  'project.share.revoked': 'project',
  // ── Survey data ──
  'survey.floor.created': 'survey',
  'survey.floor.changed': 'survey',
  'survey.floor.deleted': 'survey',
  'survey.floorplan.uploaded': 'survey',
  'survey.floorplan.changed': 'survey',
  'survey.floorplan.walls_changed': 'survey',
  'survey.floorplan.georeferenced': 'survey',
  'survey.track.uploaded': 'survey',
  'survey.track.processed': 'survey',
  'survey.track.placed': 'survey',
  'survey.photo.uploaded': 'survey',
  'survey.photo.changed': 'survey',
  'survey.photo.deleted': 'survey',
  // ── Firmware ──
  'firmware.release.published': 'firmware',
  'firmware.release.deleted': 'firmware',
  // ── The identity platform's project: API keys, configuration, members, permissions ──
  'platform.admin.removed': 'platform',
  'platform.api_key.created': 'platform',
  'platform.api_key.used': 'platform',
  'platform.api_key.revoked': 'platform',
  'platform.config.revised': 'platform',
  'platform.permission_model.changed': 'platform',
  'platform.relationships.written': 'platform',
  // ── Refusals, counted per actor or address per minute ──
  'refusal.permission_denied': 'refusal',
  'refusal.csrf': 'refusal',
  'refusal.rate_limited': 'refusal',
  // ── The audit trail itself ──
  'audit.retention.ran': 'audit',
  'audit.exported': 'audit',
} as const satisfies Record<string, AuditGroup>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export function auditGroupOf(action: AuditAction): AuditGroup {
  return AUDIT_ACTIONS[action];
}

/** `oauth2-client`: an application authenticating at the token endpoint (client credentials, or on a subject's behalf). */
export const AUDIT_ACTOR_TYPES = ['identity', 'api-key', 'device', 'oauth2-client', 'anonymous', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** What kinds of thing an event can be about. */
export const AUDIT_TARGET_TYPES = [
  'org',
  'user',
  'session',
  'invitation',
  'device',
  'project',
  'contact',
  'share',
  'floor',
  'floorplan',
  'track',
  'photo',
  'firmware',
  'oauth2-client',
  'oauth2-issuer',
  'signing-key',
  'api-key',
  'audit',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One event as the API answers it and the export writes it (one JSON line each). */
export interface AuditEvent {
  /** Position in the hash chain: 1, 2, 3… without gaps (the retention job removes from the start). */
  seq: number;
  /** ISO 8601 with milliseconds. */
  at: string;
  actor: { type: AuditActorType; id: string | null; name: string; address: string | null };
  action: AuditAction;
  group: AuditGroup;
  target: { type: AuditTargetType; id: string | null; name: string } | null;
  orgId: string | null;
  outcome: AuditOutcome;
  requestId: string | null;
  /** Small and free of secrets: field names, roles, counts, methods — never values a person typed as a credential. */
  details: Record<string, unknown>;
  /** sha256 over the previous event's hash and this event's content (hex). */
  hash: string;
}
