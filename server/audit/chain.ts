/**
 * The audit trail's store, the same for every service that keeps one (the API's schema; the
 * identity service's later): `audit_events`, append-only, each row hashed over its content and
 * the previous row's hash, and `audit_chain`, one row holding the chain's head (the last seq and
 * hash) and its base (where the retention job cut it).
 *
 * An append is a row in `audit_inbox`, in the transaction of the change it records; sealing
 * (AUDIT_INBOX_SQL) moves committed appends into the chain under a lock on that one row
 * (`SELECT … FOR UPDATE`), so concurrent sealers on PostgreSQL never fork the chain and seq has
 * no gaps.
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
import type { Database, Queryable, Transaction } from '../db/database.js';
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

/** An event's append, for a statement that passes it on (auditAppendParts). */
export interface AuditAppend {
  /** The inbox row's values, of AUDIT_INBOX_TYPES. */
  params: unknown[];
}

/** An event appended and not yet sealed: its seq and hash are the chain's to give. */
export type PendingAuditEvent = Omit<AuditEvent, 'seq' | 'hash'>;

/**
 * The append as a function of each store (a migration of each service), kept for the stores'
 * migration history: auditInboxMigration replaces it.
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

/** The migration that added the append function to a service's store (after AUDIT_STORE_SQL's). */
export function auditAppendMigration(version: number): Migration {
  return { version, name: 'audit trail: the append as a function, planned once per connection', up: AUDIT_APPEND_FUNCTION_SQL };
}

export const SEALING_SETTING = 'sitewave.audit_sealing';

/**
 * Appends go to `audit_inbox`, in the transaction of the change they record: a table without an
 * index, whose insert is the cheapest write there is, which no appender locks, and whose row is
 * the event as the caller gave it. Sealing (sealAuditEvents, run by sealer.ts within moments of
 * a commit and before every read of the trail) moves what has committed there into the chain in
 * append order, under the chain's lock, hashing each event over the previous one with eventHash,
 * the very function the chain check uses. So a write request pays for one plain insert; the
 * canonical JSON, the hash, the six indexes and the head's update are paid once per batch, after
 * the answer; and writers no longer wait for each other on the head from their append to their
 * commit.
 *
 * The inbox is append-only like the events: DELETE only by sealing, which sets SEALING_SETTING.
 */
export const AUDIT_INBOX_SQL = `
  DROP FUNCTION audit_append;
  CREATE TABLE audit_inbox (
    id bigserial NOT NULL,
    at timestamptz NOT NULL,
    actor_type text NOT NULL,
    actor_id text,
    actor_name text NOT NULL,
    actor_address text,
    action text NOT NULL,
    action_group text NOT NULL,
    target_type text,
    target_id text,
    target_name text NOT NULL,
    org_id uuid,
    outcome text NOT NULL,
    request_id text,
    details text NOT NULL
  );
  CREATE FUNCTION audit_inbox_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' AND coalesce(current_setting('${SEALING_SETTING}', true), '') = 'on' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'the audit trail is append-only (% on %)', TG_OP, TG_TABLE_NAME;
  END $$;
  CREATE TRIGGER audit_inbox_append_only BEFORE UPDATE OR DELETE ON audit_inbox FOR EACH ROW EXECUTE FUNCTION audit_inbox_append_only();
  CREATE TRIGGER audit_inbox_no_truncate BEFORE TRUNCATE ON audit_inbox FOR EACH STATEMENT EXECUTE FUNCTION audit_inbox_append_only();
`;

/** The migration that moves a service's appends to the inbox (after auditAppendMigration's). */
export function auditInboxMigration(version: number): Migration {
  return { version, name: 'audit trail: appends to an inbox, sealed into the chain after commit', up: AUDIT_INBOX_SQL };
}

/**
 * The inbox row as one column: the pending event's JSON, as the appender wrote it. Fourteen
 * typed columns cost a write request their parameters' encoding and parsing, and the sealing
 * their decoding, for values nothing but the sealing ever reads, which parses the event whole.
 * In isolation the append went from about 100 to 60 µs on PGlite and from 55 to 40 µs on
 * PostgreSQL. Events waiting at the migration are moved over in their order, written as the
 * appender writes them (the time as toISOString() gives it).
 */
export const AUDIT_INBOX_EVENT_SQL = `
  CREATE TEMP TABLE audit_inbox_moved ON COMMIT DROP AS
    SELECT id, json_build_object(
      'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'actor', json_build_object('type', actor_type, 'id', actor_id, 'name', actor_name, 'address', actor_address),
      'action', action,
      'group', action_group,
      'target', CASE WHEN target_type IS NULL THEN NULL ELSE json_build_object('type', target_type, 'id', target_id, 'name', target_name) END,
      'orgId', org_id,
      'outcome', outcome,
      'requestId', request_id,
      'details', details::json
    )::text AS event
    FROM audit_inbox;
  DROP TABLE audit_inbox;
  CREATE TABLE audit_inbox (
    id bigserial NOT NULL,
    event text NOT NULL
  );
  INSERT INTO audit_inbox (event) SELECT event FROM audit_inbox_moved ORDER BY id;
  CREATE TRIGGER audit_inbox_append_only BEFORE UPDATE OR DELETE ON audit_inbox FOR EACH ROW EXECUTE FUNCTION audit_inbox_append_only();
  CREATE TRIGGER audit_inbox_no_truncate BEFORE TRUNCATE ON audit_inbox FOR EACH STATEMENT EXECUTE FUNCTION audit_inbox_append_only();
`;

/** The migration that makes a service's inbox rows one JSON column (after auditInboxMigration's). */
export function auditInboxEventMigration(version: number): Migration {
  return { version, name: 'audit trail: an inbox row is the pending event as JSON', up: AUDIT_INBOX_EVENT_SQL };
}

/** Appends made by this process: a sealer with nothing new to look for asks the database less often. */
let appendsMade = 0;
export const auditAppendsMade = (): number => appendsMade;

/** The types of an append's parameters, in order, for a statement that passes them on (the OAuth2 store's token saves). */
export const AUDIT_INBOX_TYPES = ['text'];

/** The append's statement, made once: drivers find a statement they know by its text. */
const INBOX_INSERT = 'INSERT INTO audit_inbox (event) VALUES ($1::text)';

/** The largest details object kept whole, as JSON; past it, only its first keys are named. */
const DETAILS_KEPT = 4_000;

/** One event's append: the inbox row's values, and the event as it will read once sealed. */
export function auditAppendParts(input: NewAuditEvent, now: Date): AuditAppend & { insert: string; event: PendingAuditEvent } {
  const { text, event } = pendingEvent(input, now);
  appendsMade += 1;
  return { insert: INBOX_INSERT, params: [text], event };
}

/** The event as it will read once sealed, and its JSON for the inbox. */
function pendingEvent(input: NewAuditEvent, now: Date): { text: string; event: PendingAuditEvent } {
  const event: PendingAuditEvent = {
    at: now.toISOString(),
    actor: { type: input.actor.type, id: input.actor.id ?? null, name: input.actor.name ?? '', address: input.actor.address ?? null },
    action: input.action,
    group: auditGroupOf(input.action),
    target: input.target ? { type: input.target.type, id: input.target.id ?? null, name: input.target.name ?? '' } : null,
    orgId: input.orgId ?? null,
    outcome: input.outcome ?? 'success',
    requestId: input.requestId ?? null,
    details: input.details ?? {},
  };
  // One serialisation in the usual case: details can be long only when the whole is.
  let text = JSON.stringify(event);
  if (text.length > DETAILS_KEPT && JSON.stringify(event.details).length > DETAILS_KEPT) {
    event.details = { truncated: true, keys: Object.keys(event.details).slice(0, 50) };
    text = JSON.stringify(event);
  }
  return { text, event };
}

/**
 * Appends one event in `tx`, which must be the transaction of the change it records (or one of
 * its own): it commits or rolls back with it, and is sealed into the chain after it commits.
 */
export async function appendAuditEvent(tx: Queryable, input: NewAuditEvent, now: Date = new Date()): Promise<PendingAuditEvent> {
  const { insert, params, event } = auditAppendParts(input, now);
  await tx.query(insert, params);
  return event;
}

/**
 * Appends one event as the last statement of `tx`, sent with its COMMIT (Transaction.atCommit): a
 * write request then waits no round trip of its own for its record. The event commits or rolls
 * back with the change, like appendAuditEvent's.
 */
export function appendAuditEventAtCommit(tx: Transaction, input: NewAuditEvent, now: Date = new Date()): PendingAuditEvent {
  const { insert, params, event } = auditAppendParts(input, now);
  tx.atCommit(insert, params);
  return event;
}

/**
 * The append of an event for a write sent in the same round trip, before its result is known (a
 * lone write: Transaction.atCommit): made only when the transaction has written anything (an
 * update that matched no row assigns it no transaction id), and taking the target's display name
 * and organisation, where the event has none, from `lookup` run after the write — one statement
 * of one parameter, the target's id, answering `name` and `org_id`. So the event names the target
 * as the change left it, as when the name is read from the row the write returned.
 */
export function auditAppendIfWrittenSql(lookup: string): string {
  return `INSERT INTO audit_inbox (event)
    SELECT jsonb_set(jsonb_set(e.event,
      '{target,name}', CASE WHEN e.event #>> '{target,name}' = '' THEN to_jsonb(coalesce(t.name, '')) ELSE e.event #> '{target,name}' END),
      '{orgId}', CASE WHEN e.event -> 'orgId' = 'null'::jsonb THEN coalesce(to_jsonb(t.org_id), 'null'::jsonb) ELSE e.event -> 'orgId' END)::text
    FROM (SELECT $2::jsonb AS event) AS e LEFT JOIN (${lookup}) AS t ON true
    WHERE pg_current_xact_id_if_assigned() IS NOT NULL`;
}

/** What jsonb refuses and a text column takes: a NUL, or half of a surrogate pair, escaped. */
const NOT_FOR_JSONB = /\\u(?:0000|d[89a-f])/i;

/**
 * The parameters of auditAppendIfWrittenSql's statement for `input`, whose target is `targetId`;
 * null when the event's JSON cannot pass through jsonb (appendAuditEventAtCommit then).
 */
export function auditAppendIfWrittenParams(input: NewAuditEvent, targetId: string, now: Date): unknown[] | null {
  const { text } = pendingEvent(input, now);
  if (NOT_FOR_JSONB.test(text)) return null;
  appendsMade += 1;
  return [targetId, text];
}

interface InboxRow {
  id: string | number;
  /** The pending event's JSON (auditAppendParts). */
  event: string;
}

/** A statement's text per table prefix, made once: drivers find a statement they know by its text. */
function memoisedByPrefix(make: (prefix: string) => string): (prefix: string) => string {
  const made = new Map<string, string>();
  return (prefix) => {
    let text = made.get(prefix);
    if (text === undefined) made.set(prefix, (text = make(prefix)));
    return text;
  };
}

/**
 * Locks the chain's head and takes what has committed to the inbox, in one statement. The head is
 * read first (the DELETE's condition is an init plan on it), so the inbox rows' append-only
 * trigger sees sealing allowed before the first row goes, and a second sealer waits on the head's
 * lock; its DELETE then skips the rows the first one took. One row without an inbox row when
 * nothing waits. `LIMIT 1` tells the planner what the head's key already guarantees: without it,
 * a table it has no statistics for is guessed at hundreds of rows, the join at hundreds of
 * thousands, and PostgreSQL compiled the statement (JIT) on every run, 5 ms each.
 */
const takeStatement = (unflushed: boolean) =>
  memoisedByPrefix(
    (prefix) => `WITH head AS (
      SELECT head_seq, head_hash, set_config($1, 'on', true) AS sealing${unflushed ? UNFLUSHED : ''} FROM ${prefix}audit_chain WHERE one LIMIT 1 FOR UPDATE
    ), taken AS (
      DELETE FROM ${prefix}audit_inbox WHERE (SELECT sealing FROM head) = 'on' RETURNING id, event
    )
    SELECT head.head_seq, head.head_hash, taken.id, taken.event FROM head LEFT JOIN taken ON true ORDER BY taken.id`,
  );
/**
 * A sealing in a transaction of its own commits without waiting for its WAL to reach the disk
 * (synchronous_commit, for this transaction only). What it moves was made durable by each
 * change's own commit, and a crash can only lose the whole sealing: the inbox rows are back, and
 * the next sealing gives them the same seqs and hashes, since both follow from the head and the
 * inbox's order alone. Write requests committing meanwhile no longer share a flush with it.
 */
const UNFLUSHED = `, set_config('synchronous_commit', 'off', true) AS unflushed`;
const take = { inline: takeStatement(false), own: takeStatement(true) };

/** Adds the sealed events and moves the head, in one statement, and ends the permission to take from the inbox. */
const chainStatement = memoisedByPrefix(
  (prefix) => `WITH added AS (INSERT INTO ${prefix}audit_events SELECT * FROM jsonb_populate_recordset(NULL::${prefix}audit_events, $1::jsonb))
    UPDATE ${prefix}audit_chain SET head_seq = $2, head_hash = $3 WHERE one AND set_config($4, 'off', true) = 'off'`,
);

/**
 * Seals, in `tx`, what has committed to the inbox: under the chain's lock, in append order, each
 * event hashed over the previous one. Answers the events sealed. `prefix` qualifies the store's
 * tables (another service's schema), or is empty. Two statements, whatever the batch's size.
 * `own`: `tx` is the sealing's own transaction, which does nothing after it; the second statement
 * then goes with the COMMIT (one round trip for both), and the commit is not waited to disk.
 */
export async function sealPendingAuditEvents(tx: Queryable, prefix = '', own?: Transaction): Promise<AuditEvent[]> {
  const rows = (await tx.query<{ head_seq: number | string; head_hash: string } & Partial<InboxRow>>((own ? take.own : take.inline)(prefix), [SEALING_SETTING])).rows;
  const head = rows[0];
  if (!head) throw new Error('the audit chain has no head row: is the audit migration applied?');
  const taken = rows.filter((row): row is typeof row & InboxRow => row.id != null);
  if (taken.length === 0) {
    // In its own transaction the setting ends with the COMMIT.
    if (!own) await tx.query('SELECT set_config($1, $2, true)', [SEALING_SETTING, 'off']);
    return [];
  }
  let seq = Number(head.head_seq);
  let hash = head.head_hash;
  const sealed = taken.map((row): AuditEvent => {
    seq += 1;
    const content = { seq, ...(JSON.parse(row.event) as PendingAuditEvent) };
    hash = eventHash(hash, content);
    return { ...content, hash };
  });
  const events = sealed.map((event) => ({
    seq: event.seq,
    at: event.at,
    actor_type: event.actor.type,
    actor_id: event.actor.id,
    actor_name: event.actor.name,
    actor_address: event.actor.address,
    action: event.action,
    action_group: event.group,
    target_type: event.target?.type ?? null,
    target_id: event.target?.id ?? null,
    target_name: event.target?.name ?? '',
    org_id: event.orgId,
    outcome: event.outcome,
    request_id: event.requestId,
    details: event.details,
    hash: event.hash,
  }));
  const chain: [string, unknown[]] = [chainStatement(prefix), [JSON.stringify(events), seq, hash, SEALING_SETTING]];
  if (own) own.atCommit(...chain);
  else await tx.query(...chain);
  return sealed;
}

/**
 * Seals what has committed to the inbox into the chain, in a transaction of its own, and answers
 * the events sealed. `schema` names another service's store in the same database; by default the
 * handle's. Nothing waiting: one read, no lock. `expected`: the caller knows of appends made
 * since its last sealing, so the read that would find them is skipped.
 */
export async function sealAuditEvents(db: Database, schema?: string, expected = false): Promise<AuditEvent[]> {
  const prefix = schema ? `${quoteIdentifier(schema)}.` : '';
  if (!expected) {
    const waiting = await db.query(`SELECT 1 FROM ${prefix}audit_inbox LIMIT 1`);
    if (waiting.rowCount === 0) return [];
  }
  return db.transaction((tx) => sealPendingAuditEvents(tx, prefix, tx));
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
  // Up to the head read above: sealing goes on meanwhile, and what it adds is checked at the end.
  for (;;) {
    const page = await db.query<AuditRow>(`SELECT * FROM ${prefix}audit_events WHERE seq >= $1 AND seq <= $2 ORDER BY seq LIMIT $3`, [expected, headSeq, pageSize]);
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
  if (expected - 1 !== headSeq) return report(expected, 'missing');
  if (previousHash !== chain.head_hash) return report(headSeq, 'head-mismatch');
  // A row after the head, which no sealing put there (sealing moves the head with the rows it
  // adds, in one transaction, so one statement sees both or neither).
  const after = (
    await db.query<{ head_seq: number | string; last: number | string | null }>(
      `SELECT head_seq, (SELECT max(seq) FROM ${prefix}audit_events) AS last FROM ${prefix}audit_chain WHERE one`,
    )
  ).rows[0];
  if (after && after.last !== null && Number(after.last) > Number(after.head_seq)) return report(Number(after.head_seq) + 1, 'head-mismatch');
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
