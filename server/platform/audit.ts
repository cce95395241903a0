/**
 * The platform service's audit trail, in its own schema (the same store as the other services',
 * server/audit/chain.ts): API keys made, first used each day and revoked, and each revision of
 * the project's configuration — the permission model among it — in the change's transaction.
 * A revision is recorded by the paths it changed, never by values: the configuration holds
 * social sign-in client secrets.
 */
import type { Operation } from 'fast-json-patch';
import type { AuditAction } from '../../shared/audit-actions.js';
import { appendAuditEvent, type NewAuditEvent } from '../audit/chain.js';
import type { Queryable } from '../db/database.js';

/** `identity:<id>` or `api-key:<id>` as the gateway names the actor (actor.ts), or the installation itself. */
export function auditActor(text: string): NewAuditEvent['actor'] {
  const [kind, id] = text.split(':');
  if ((kind === 'identity' || kind === 'api-key') && id) return { type: kind, id };
  return { type: 'system', name: text };
}

export function recordPlatformEvent(
  q: Queryable,
  event: { action: AuditAction; actor: NewAuditEvent['actor']; target?: NewAuditEvent['target']; details?: Record<string, unknown> },
  now: Date = new Date(),
): Promise<unknown> {
  return appendAuditEvent(q, { outcome: 'success', ...event }, now);
}

/** Where the permission model lives in the project's document. */
const PERMISSION_MODEL = '/services/permission';

/** A revision's events: always `platform.config.revised`, and `platform.permission_model.changed` when the patch touches the model. */
export async function recordRevision(q: Queryable, actor: string, revisionId: string, patch: readonly Operation[], now: Date = new Date()): Promise<void> {
  const paths = [...new Set(patch.map((operation) => operation.path))].sort();
  const shown = { revision: revisionId, paths: paths.slice(0, 100), operations: patch.length };
  await recordPlatformEvent(q, { action: 'platform.config.revised', actor: auditActor(actor), details: shown }, now);
  const model = paths.filter((path) => path === PERMISSION_MODEL || path.startsWith(`${PERMISSION_MODEL}/`));
  if (model.length > 0)
    await recordPlatformEvent(q, { action: 'platform.permission_model.changed', actor: auditActor(actor), details: { revision: revisionId, paths: model.slice(0, 100) } }, now);
}
