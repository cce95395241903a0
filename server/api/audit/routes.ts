/**
 * The audit trail's administration: global administrators read every event, an organisation's
 * owners and admins read theirs. Lists page by cursor (newest first; `next` is the seq to pass as
 * `cursor`), exports stream the filtered range oldest first as JSON lines or CSV, in pages of
 * rows so memory stays flat however long the range, and record who exported what. The chain
 * check walks the whole chain (server/audit/chain.ts).
 */
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { AUDIT_ACTOR_TYPES, AUDIT_GROUPS, AUDIT_OUTCOMES, AUDIT_TARGET_TYPES, AUDIT_TRAILS, type AuditEvent } from '../../../shared/audit-actions.js';
import { AUDIT_ACTIONS } from '../../../shared/audit-actions.js';
import type { Database, Queryable } from '../../db/database.js';
import { toAuditEvent, verifyAuditChain, type AuditRow } from '../../audit/chain.js';
import { existingOrg } from '../fleet/orgs.js';
import { DateTime, Nullable } from '../http/response-schemas.js';
import { OrgParams } from '../http/schemas.js';
import type { AuditSealer } from '../../audit/sealer.js';
import type { AuditRecorder } from './recorder.js';
import { AuditTrails } from './trails.js';

const tags = ['audit'];

const Filters = {
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The actor: identity, API key or device id' })),
  actorType: Type.Optional(Type.Enum(AUDIT_ACTOR_TYPES)),
  group: Type.Optional(Type.Enum(AUDIT_GROUPS)),
  action: Type.Optional(Type.Enum(Object.keys(AUDIT_ACTIONS) as (keyof typeof AUDIT_ACTIONS)[])),
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The target id' })),
  targetType: Type.Optional(Type.Enum(AUDIT_TARGET_TYPES)),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Events whose actor or target this id is (a user’s or a device’s own page)' })),
  outcome: Type.Optional(Type.Enum(AUDIT_OUTCOMES)),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'At or after' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Strictly before' })),
};
type FilterQuery = { [K in keyof typeof Filters]?: string };

const ListQuery = Type.Object(
  {
    ...Filters,
    cursor: Type.Optional(Type.Integer({ minimum: 1, description: 'The `next` of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
);
const ExportQuery = Type.Object(
  { ...Filters, format: Type.Optional(Type.Union([Type.Literal('jsonl'), Type.Literal('csv')], { default: 'jsonl' })) },
  { additionalProperties: false },
);
/** Global administrators choose whose trail: the API's by default, or an embedded service's. */
const Trail = Type.Optional(Type.Enum(AUDIT_TRAILS, { description: 'Whose trail: the API’s (default) or an embedded service’s' }));
const AdminListQuery = Type.Object({ ...ListQuery.properties, trail: Trail }, { additionalProperties: false });
const AdminExportQuery = Type.Object({ ...ExportQuery.properties, trail: Trail }, { additionalProperties: false });
const VerifyQuery = Type.Object({ trail: Trail }, { additionalProperties: false });

const AuditEventSchema = Type.Object({
  seq: Type.Integer(),
  at: DateTime,
  actor: Type.Object({ type: Type.Enum(AUDIT_ACTOR_TYPES), id: Nullable(Type.String()), name: Type.String(), address: Nullable(Type.String()) }),
  action: Type.String(),
  group: Type.Enum(AUDIT_GROUPS),
  target: Nullable(Type.Object({ type: Type.Enum(AUDIT_TARGET_TYPES), id: Nullable(Type.String()), name: Type.String() })),
  orgId: Nullable(Type.String()),
  outcome: Type.Enum(AUDIT_OUTCOMES),
  requestId: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  hash: Type.String(),
});
const AuditPage = Type.Object({ items: Type.Array(AuditEventSchema), next: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last' })) });
const ChainReportSchema = Type.Object({
  ok: Type.Boolean(),
  checked: Type.Integer(),
  baseSeq: Type.Integer(),
  headSeq: Type.Integer(),
  firstBroken: Type.Optional(Type.Object({ seq: Type.Integer(), reason: Type.String() })),
});
const exportAnswer = {
  description: 'The events of the range, oldest first: one JSON object a line, or CSV with a header row.',
  content: { 'application/x-ndjson': { schema: Type.Unknown() }, 'text/csv': { schema: Type.Unknown() } },
};

/** The WHERE clause of a filtered query; `orgId` confines it to one organisation. */
export function auditWhere(filters: FilterQuery, orgId: string | null, params: unknown[]): string[] {
  const where: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => where.push(sql(`$${params.push(value)}`));
  if (orgId) add((n) => `org_id = ${n}`, orgId);
  if (filters.actor) add((n) => `actor_id = ${n}`, filters.actor.toLowerCase());
  if (filters.actorType) add((n) => `actor_type = ${n}`, filters.actorType);
  if (filters.group) add((n) => `action_group = ${n}`, filters.group);
  if (filters.action) add((n) => `action = ${n}`, filters.action);
  if (filters.target) add((n) => `target_id = ${n}`, filters.target.toLowerCase());
  if (filters.targetType) add((n) => `target_type = ${n}`, filters.targetType);
  if (filters.subject) add((n) => `(actor_id = ${n} OR target_id = ${n})`, filters.subject.toLowerCase());
  if (filters.outcome) add((n) => `outcome = ${n}`, filters.outcome);
  if (filters.from) add((n) => `at >= ${n}`, filters.from);
  if (filters.to) add((n) => `at < ${n}`, filters.to);
  return where;
}

export async function listAuditEvents(
  db: Queryable,
  filters: FilterQuery & { cursor?: number; limit?: number },
  orgId: string | null,
  table = 'audit_events',
): Promise<{ items: AuditEvent[]; next: string | null }> {
  const params: unknown[] = [];
  const where = auditWhere(filters, orgId, params);
  if (filters.cursor) where.push(`seq < $${params.push(filters.cursor)}`);
  const limit = filters.limit ?? 50;
  const rows = await db.query<AuditRow>(`SELECT * FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT $${params.push(limit + 1)}`, params);
  const items = rows.rows.slice(0, limit).map(toAuditEvent);
  return { items, next: rows.rows.length > limit ? String(items[items.length - 1]!.seq) : null };
}

const CSV_COLUMNS = [
  'seq',
  'at',
  'actor_type',
  'actor_id',
  'actor_name',
  'actor_address',
  'action',
  'group',
  'target_type',
  'target_id',
  'target_name',
  'org_id',
  'outcome',
  'request_id',
  'details',
  'hash',
] as const;

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(e: AuditEvent): string {
  const cells = [
    e.seq,
    e.at,
    e.actor.type,
    e.actor.id,
    e.actor.name,
    e.actor.address,
    e.action,
    e.group,
    e.target?.type,
    e.target?.id,
    e.target?.name,
    e.orgId,
    e.outcome,
    e.requestId,
    e.details,
    e.hash,
  ];
  return `${cells.map(csvCell).join(',')}\n`;
}

/**
 * One event as its JSON line, written by the database: a single text column decodes far faster
 * than sixteen typed ones (PGlite), and the API only passes it on. Same shape as toAuditEvent().
 */
const JSON_LINE = `json_build_object(
  'seq', seq, 'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'actor', json_build_object('type', actor_type, 'id', actor_id, 'name', actor_name, 'address', actor_address),
  'action', action, 'group', action_group,
  'target', CASE WHEN target_type IS NULL THEN NULL ELSE json_build_object('type', target_type, 'id', target_id, 'name', target_name) END,
  'orgId', org_id, 'outcome', outcome, 'requestId', request_id, 'details', details, 'hash', hash)::text AS line`;

/** The filtered range, oldest first, a page of rows at a time. */
export async function* exportAuditEvents(
  db: Queryable,
  filters: FilterQuery,
  orgId: string | null,
  format: 'jsonl' | 'csv',
  options: { table?: string; pageSize?: number } = {},
): AsyncGenerator<string> {
  const { table = 'audit_events', pageSize = 2_000 } = options;
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\n`;
  let after = 0;
  for (;;) {
    const params: unknown[] = [];
    const where = auditWhere(filters, orgId, params);
    where.push(`seq > $${params.push(after)}`);
    const columns = format === 'csv' ? '*' : `seq, ${JSON_LINE}`;
    const rows = await db.query<AuditRow & { line: string }>(`SELECT ${columns} FROM ${table} WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.push(pageSize)}`, params);
    if (rows.rows.length === 0) return;
    let chunk = '';
    for (const row of rows.rows) chunk += format === 'csv' ? csvLine(toAuditEvent(row)) : `${row.line}\n`;
    yield chunk;
    after = Number(rows.rows[rows.rows.length - 1]!.seq);
    if (rows.rows.length < pageSize) return;
  }
}

export interface AuditRouteDeps {
  db: Database;
  recorder: AuditRecorder;
  sealer: AuditSealer;
}

export async function registerAuditRoutes(fastify: FastifyInstance, deps: AuditRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;
  const trails = new AuditTrails(db, db.schema, deps.sealer);

  const streamExport = async (request: FastifyRequest, reply: FastifyReply, query: Static<typeof AdminExportQuery>, orgId: string | null) => {
    const format = query.format ?? 'jsonl';
    const { format: _format, trail, ...filters } = query;
    await trails.source(trail);
    // Who took the trail away, and which part, is itself an event, sealed before the export reads.
    await deps.recorder.record(db, request, { action: 'audit.exported', target: 'audit' }, { format, ...filters, ...(trail ? { trail } : {}), ...(orgId ? { orgId } : {}) });
    const { table } = await trails.source(trail);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson')
      .header('content-disposition', `attachment; filename="audit-${stamp}.${format === 'csv' ? 'csv' : 'jsonl'}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportAuditEvents(db, filters, orgId, format, { table })));
  };

  app.get(
    '/api/admin/audit',
    { schema: { tags, summary: 'Audit events, newest first, filtered; page on with `cursor`', querystring: AdminListQuery, response: { 200: AuditPage } } },
    async (request) => {
      const { trail, ...filters } = request.query;
      return listAuditEvents(db, filters, null, (await trails.source(trail)).table);
    },
  );
  app.get(
    '/api/admin/audit/export',
    { schema: { tags, summary: 'Export the filtered events, oldest first, as JSON lines or CSV', querystring: AdminExportQuery, response: { 200: exportAnswer } } },
    async (request, reply) => streamExport(request, reply, request.query, null),
  );
  app.post(
    '/api/admin/audit/verify',
    { schema: { tags, summary: 'Check the hash chain from its start; names the first broken link', querystring: VerifyQuery, response: { 200: ChainReportSchema } } },
    async (request) => verifyAuditChain(db, { schema: (await trails.source(request.query.trail)).schema }),
  );
  app.get(
    '/api/orgs/:orgId/audit',
    { schema: { tags, summary: "The organisation's audit events, newest first, filtered", params: OrgParams, querystring: ListQuery, response: { 200: AuditPage } } },
    async (request) => listAuditEvents(db, request.query, await existingOrg(db, request.params.orgId, request), (await trails.source()).table),
  );
  app.get(
    '/api/orgs/:orgId/audit/export',
    { schema: { tags, summary: "Export the organisation's filtered events as JSON lines or CSV", params: OrgParams, querystring: ExportQuery, response: { 200: exportAnswer } } },
    async (request, reply) => streamExport(request, reply, request.query, await existingOrg(db, request.params.orgId, request)),
  );
}
