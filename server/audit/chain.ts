/**
 * The audit trail's store, the same for every service that keeps one (the API's schema; the
 * identity service's later): `audit_events`, append-only, each row hashed over its content and
 * the previous row's hash, and `audit_chain`, one row holding the chain's head (the last seq and
 * hash) and its base (where the retention job cut it).
 *
 * Appends are serialised by locking that one row (`SELECT … FOR UPDATE`) in the appending
 * transaction, so concurrent writers on PostgreSQL never fork the chain and seq has no gaps; the
 * lock is held from the append, the last statement of a change's transaction, to its commit.
 *
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, except DELETE inside a transaction
 * that set `sitewave.audit_retention` (the retention job). Chosen over REVOKE because sitewave's
 * database role owns its schema (it runs the migrations), and an owner can always grant itself the
 * privilege back; a deployment with a separate migration role can also
 * `REVOKE UPDATE, DELETE, TRUNCATE ON audit_events FROM <app role>`. Neither stops a database
 * superuser: that is what the chain is for — verify() finds an edited, inserted or deleted row,
 * and a cut tail, because the head row must match the last event.
 */
import { createHash } from 'node:crypto';
import type { AuditAction, AuditActorType, AuditEvent, AuditOutcome, AuditTargetType } from '../../shared/audit-actions.js';
import { auditGroupOf } from '../../shared/audit-actions.js';
import type { Queryable } from '../db/database.js';
import type { Migration } from '../db/migrate.js';
import { quoteIdentifier } from '../db/schema-name.js';

export const GENESIS_HASH = '0'.repeat(64);
export const RETENTION_SETTING = 'sitewave.audit_retention';

/** The SQL of the migration that creates the store in a schema (unqualified names). */
export const AUDIT_STORE_SQL = `
  CREATE TABLE audit_events (
    seq bigint PRIMARY KEY,
    at timestamptz NOT NULL,
    actor_type text NOT NULL,
    actor_id text,
    actor_name text NOT NULL DEFAULT '',
    actor_address text,
    action text NOT NULL,
    action_group text NOT NULL,
    target_type text,
    target_id text,
    target_name text NOT NULL DEFAULT '',
    org_id uuid,
    outcome text NOT NULL,
    request_id text,
    details jsonb NOT NULL DEFAULT '{}',
    hash text NOT NULL
  );
  CREATE INDEX audit_events_at ON audit_events (at, seq);
  CREATE INDEX audit_events_actor ON audit_events (actor_id, seq);
  CREATE INDEX audit_events_target ON audit_events (target_id, seq);
  CREATE INDEX audit_events_org ON audit_events (org_id, seq);
  CREATE INDEX audit_events_group ON audit_events (action_group, seq);
  CREATE TABLE audit_chain (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    head_seq bigint NOT NULL,
    head_hash text NOT NULL,
    base_seq bigint NOT NULL,
    base_hash text NOT NULL
  );
  INSERT INTO audit_chain (one, head_seq, head_hash, base_seq, base_hash) VALUES (true, 0, '${GENESIS_HASH}', 0, '${GENESIS_HASH}');
  CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_events' AND coalesce(current_setting('${RETENTION_SETTING}', true), '') = 'on' THEN
      RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'audit_chain' THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'the audit trail is append-only (% on %)', TG_OP, TG_TABLE_NAME;
  END $$;
  CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_append_only();
  CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
  CREATE TRIGGER audit_chain_append_only BEFORE DELETE ON audit_chain FOR EACH ROW EXECUTE FUNCTION audit_append_only();
`;

/** What a caller records; seq, time and hash are the store's. */
export interface NewAuditEvent {
  actor: { type: AuditActorType; id?: string | null; name?: string; address?: string | null };
  action: AuditAction;
  target?: { type: AuditTargetType; id?: string | null; name?: string } | null;
  orgId?: string | null;
  outcome?: AuditOutcome;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditRow {
  seq: number | string;
  at: Date | string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  actor_address: string | null;
  action: string;
  action_group: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string;
  org_id: string | null;
  outcome: string;
  request_id: string | null;
  details: Record<string, unknown> | string;
  hash: string;
}

/** JSON with object keys sorted at every depth: the same bytes whichever order jsonb gives them back in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    seq: Number(row.seq),
    at: new Date(row.at).toISOString(),
    actor: { type: row.actor_type as AuditActorType, id: row.actor_id, name: row.actor_name, address: row.actor_address },
    action: row.action as AuditAction,
    group: row.action_group as AuditEvent['group'],
    target: row.target_type ? { type: row.target_type as AuditTargetType, id: row.target_id, name: row.target_name } : null,
    orgId: row.org_id,
    outcome: row.outcome as AuditOutcome,
    requestId: row.request_id,
    details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
    hash: row.hash,
  };
}

/** What an event's hash covers besides the previous hash: everything the event says but its own hash. */
function eventContent(event: Omit<AuditEvent, 'hash'>): string {
  const { seq, at, actor, action, group, target, orgId, outcome, requestId, details } = event;
  return canonicalJson({ seq, at, actor, action, group, target, orgId, outcome, requestId, details });
}

/** The hash of an event: over the previous hash and everything the event says but its own hash. */
export function eventHash(previousHash: string, event: Omit<AuditEvent, 'hash'>): string {
  return createHash('sha256').update(previousHash).update('\n').update(eventContent(event)).digest('hex');
}

/**
 * An event's content around its seq, which only the chain's head decides. The keys are sorted:
 * seq comes just before target, the last one (null when there is none), so the digit is the one
 * before the last `,"target":` — which no string value can hold unescaped and no nested object
 * has as a key after it. Written once, not twice and compared: each token issued appends an event.
 */
function contentAroundSeq(event: Omit<AuditEvent, 'hash' | 'seq'>): { before: string; after: string } {
  const zero = eventContent({ ...event, seq: 0 });
  const at = zero.lastIndexOf(',"target":') - 1;
  if (zero.slice(at - 6, at + 1) !== '"seq":0') throw new Error('an audit event no longer has seq just before target');
  return { before: zero.slice(0, at), after: zero.slice(at + 1) };
}

/** Bounds a details object: what the table keeps is small, whatever a caller hands over. */
function smallDetails(details: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!details) return {};
  const text = canonicalJson(details);
  if (text.length <= 4_000) return JSON.parse(text) as Record<string, unknown>;
  return { truncated: true, keys: Object.keys(details).slice(0, 50) };
}

/** An event's append as part of another statement (auditAppendParts). */
export interface AuditAppend {
  ctes: string;
  /** audit_append's arguments, of AUDIT_APPEND_TYPES. */
  params: unknown[];
}

/**
 * The append, as a function of each store (a migration of each service): it locks the chain's
 * head until the transaction ends, computes the new event's hash from that head — sha256 over the
 * previous hash, a newline and the event's canonical JSON, which the caller hands over in the two
 * parts around the seq that only the head decides — inserts the event and moves the head.
 * PL/pgSQL keeps its statements' plans for the connection: sent as one statement each time, the
 * same work was planned each time, most of an append's cost on PGlite.
 */
export const AUDIT_APPEND_FUNCTION_SQL = `
  CREATE FUNCTION audit_append(content_before text, content_after text, event_at timestamptz, event_actor_type text, event_actor_id text,
      event_actor_name text, event_actor_address text, event_action text, event_group text, event_target_type text, event_target_id text,
      event_target_name text, event_org_id uuid, event_outcome text, event_request_id text, event_details jsonb)
    RETURNS TABLE (appended_seq bigint, appended_hash text) LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  DECLARE
    previous_hash text;
  BEGIN
    SELECT head_seq + 1, head_hash INTO appended_seq, previous_hash FROM audit_chain WHERE one FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the audit chain has no head row';
    END IF;
    appended_hash := encode(sha256(convert_to(previous_hash || E'\\n' || content_before || appended_seq::text || content_after, 'UTF8')), 'hex');
    INSERT INTO audit_events (seq, at, actor_type, actor_id, actor_name, actor_address, action, action_group, target_type, target_id, target_name, org_id, outcome, request_id, details, hash)
    VALUES (appended_seq, event_at, event_actor_type, event_actor_id, event_actor_name, event_actor_address, event_action, event_group, event_target_type,
      event_target_id, event_target_name, event_org_id, event_outcome, event_request_id, event_details, appended_hash);
    UPDATE audit_chain SET head_seq = appended_seq, head_hash = appended_hash WHERE one;
    RETURN NEXT;
  END $$;
`;

/** The migration that adds the append function to a service's store (after AUDIT_STORE_SQL's). */
export function auditAppendMigration(version: number): Migration {
  return { version, name: 'audit trail: the append as a function, planned once per connection', up: AUDIT_APPEND_FUNCTION_SQL };
}

/** The types of audit_append's arguments, in order, for a statement that passes them on (the OAuth2 store's token saves). */
export const AUDIT_APPEND_TYPES = ['text', 'text', 'timestamptz', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'uuid', 'text', 'text', 'jsonb'] as const;

/**
 * One event's append as a common table expression, `audit_moved` (seq, hash), for a statement
 * that may change other rows too (its parameters numbered from `firstParam`): the whole append is
 * one statement, and the hash the database computes is eventHash's very bytes.
 */
export function auditAppendParts(input: NewAuditEvent, now: Date, firstParam = 1): AuditAppend & { event: Omit<AuditEvent, 'hash' | 'seq'> } {
  const event: Omit<AuditEvent, 'hash' | 'seq'> = {
    at: now.toISOString(),
    actor: { type: input.actor.type, id: input.actor.id ?? null, name: input.actor.name ?? '', address: input.actor.address ?? null },
    action: input.action,
    group: auditGroupOf(input.action),
    target: input.target ? { type: input.target.type, id: input.target.id ?? null, name: input.target.name ?? '' } : null,
    orgId: input.orgId ?? null,
    outcome: input.outcome ?? 'success',
    requestId: input.requestId ?? null,
    details: smallDetails(input.details),
  };
  const { before, after } = contentAroundSeq(event);
  const args = AUDIT_APPEND_TYPES.map((type, i) => `$${firstParam + i}::${type}`).join(', ');
  const ctes = `audit_moved AS (SELECT appended_seq AS seq, appended_hash AS hash FROM audit_append(${args}))`;
  const params = [
    before,
    after,
    event.at,
    event.actor.type,
    event.actor.id,
    event.actor.name,
    event.actor.address,
    event.action,
    event.group,
    event.target?.type ?? null,
    event.target?.id ?? null,
    event.target?.name ?? '',
    event.orgId,
    event.outcome,
    event.requestId,
    JSON.stringify(event.details),
  ];
  return { ctes, params, event };
}

/**
 * Appends one event in `tx`, which must be the transaction of the change it records (or one of
 * its own). Takes the chain's lock until that transaction ends.
 */
export async function appendAuditEvent(tx: Queryable, input: NewAuditEvent, now: Date = new Date()): Promise<AuditEvent> {
  const { ctes, params, event } = auditAppendParts(input, now);
  const moved = (await tx.query<{ seq: number | string; hash: string }>(`WITH ${ctes} SELECT seq, hash FROM audit_moved`, params)).rows[0];
  if (!moved) throw new Error('the audit chain has no head row: is the audit migration applied?');
  return { seq: Number(moved.seq), ...event, hash: moved.hash };
}

export interface ChainReport {
  ok: boolean;
  /** Events checked. */
  checked: number;
  /** Where the chain starts after retention (0: never cut). */
  baseSeq: number;
  headSeq: number;
  /** The first link that does not hold: the seq whose row is missing, edited or out of place. */
  firstBroken?: { seq: number; reason: 'edited' | 'missing' | 'unexpected' | 'head-mismatch' };
}

/**
 * Walks the whole chain in seq order, in pages, and reports the first broken link. `schema` names
 * another service's trail in the same database; by default the handle's own.
 */
export async function verifyAuditChain(db: Queryable, options: { schema?: string; pageSize?: number } = {}): Promise<ChainReport> {
  const { schema, pageSize = 5_000 } = options;
  const prefix = schema ? `${quoteIdentifier(schema)}.` : '';
  const chain = (
    await db.query<{ head_seq: number | string; head_hash: string; base_seq: number | string; base_hash: string }>(
      `SELECT head_seq, head_hash, base_seq, base_hash FROM ${prefix}audit_chain WHERE one`,
    )
  ).rows[0];
  if (!chain) return { ok: false, checked: 0, baseSeq: 0, headSeq: 0, firstBroken: { seq: 0, reason: 'head-mismatch' } };
  const baseSeq = Number(chain.base_seq);
  const headSeq = Number(chain.head_seq);
  let previousHash = chain.base_hash;
  let expected = baseSeq + 1;
  let checked = 0;
  const report = (seq: number, reason: NonNullable<ChainReport['firstBroken']>['reason']): ChainReport => ({ ok: false, checked, baseSeq, headSeq, firstBroken: { seq, reason } });
  for (;;) {
    const page = await db.query<AuditRow>(`SELECT * FROM ${prefix}audit_events WHERE seq >= $1 ORDER BY seq LIMIT $2`, [expected, pageSize]);
    for (const row of page.rows) {
      const event = toAuditEvent(row);
      if (event.seq !== expected) return report(expected, 'missing');
      const { hash, ...content } = event;
      if (eventHash(previousHash, content) !== hash) return report(event.seq, 'edited');
      previousHash = hash;
      expected += 1;
      checked += 1;
    }
    if (page.rows.length < pageSize) break;
  }
  // Rows before the base, or a head that is not the last row, are links out of place too.
  const before = await db.query<{ seq: number | string }>(`SELECT seq FROM ${prefix}audit_events WHERE seq <= $1 ORDER BY seq LIMIT 1`, [baseSeq]);
  if (before.rows[0]) return report(Number(before.rows[0].seq), 'unexpected');
  if (expected - 1 !== headSeq) return report(expected, expected - 1 < headSeq ? 'missing' : 'head-mismatch');
  if (previousHash !== chain.head_hash) return report(headSeq, 'head-mismatch');
  return { ok: true, checked, baseSeq, headSeq };
}

/**
 * Removes events older than `before` from the start of the chain and moves the chain's base to
 * the last one removed, so verify() still starts from a known hash. Returns how many went.
 */
export async function pruneAuditEvents(tx: Queryable, before: Date): Promise<{ removed: number; baseSeq: number }> {
  await tx.query('SELECT head_seq FROM audit_chain WHERE one FOR UPDATE');
  // Only a prefix: an older event after a newer one (clock change) waits for its successors.
  const last = await tx.query<{ seq: number | string; hash: string }>(
    `SELECT seq, hash FROM audit_events
     WHERE seq < coalesce((SELECT min(seq) FROM audit_events WHERE at >= $1), (SELECT max(seq) + 1 FROM audit_events))
     ORDER BY seq DESC LIMIT 1`,
    [before.toISOString()],
  );
  const cut = last.rows[0];
  if (!cut) {
    const base = (await tx.query<{ base_seq: number | string }>('SELECT base_seq FROM audit_chain WHERE one')).rows[0]!;
    return { removed: 0, baseSeq: Number(base.base_seq) };
  }
  await tx.query(`SELECT set_config('${RETENTION_SETTING}', 'on', true)`);
  const removed = await tx.query('DELETE FROM audit_events WHERE seq <= $1', [cut.seq]);
  await tx.query(`SELECT set_config('${RETENTION_SETTING}', 'off', true)`);
  await tx.query('UPDATE audit_chain SET base_seq = $1, base_hash = $2 WHERE one', [cut.seq, cut.hash]);
  return { removed: removed.rowCount, baseSeq: Number(cut.seq) };
}
