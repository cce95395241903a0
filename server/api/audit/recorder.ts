/**
 * Records every change through `/api` in the audit trail, in the change's own transaction, from
 * one place rather than in each handler:
 *
 * - Each unsafe route with a row in ROUTE_AUDIT runs its handler inside an audit context.
 * - The API's database handle (wrap()) sees every statement. Inside a context, a write that runs
 *   on its own becomes a transaction of that write and its event; a transaction that changed
 *   rows gets its event appended before it commits. A write that changed nothing records nothing,
 *   and a transaction that rolls back takes its event with it.
 * - A change made elsewhere (the OAuth2 provider's clients, the identity service's sessions), where
 *   the handler writes nothing here, is recorded once the route answers with success, before the
 *   answer leaves, in a transaction of its own: on a route marked `remote`, or one whose handler
 *   wrote nothing through this handle. A local change that turned out to change nothing (setting
 *   the role a member already has) records nothing.
 *
 * Handlers may add what only they know (a target created elsewhere, a detail) with noteAudit().
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { AuditOutcome } from '../../../shared/audit-actions.js';
import type { Database, QueryResult, Queryable, Transaction } from '../../db/database.js';
import { anyWrite } from '../../db/write-watch.js';
import { appendAuditEvent, appendAuditEventAtCommit, auditAppendIfWrittenParams, auditAppendIfWrittenSql, type NewAuditEvent, type PendingAuditEvent } from '../../audit/chain.js';
import { UUID } from '../../../shared/uuid.js';
import { ROUTE_AUDIT, SCOPE_LOOKUP, TARGET_LOOKUP, TARGET_ROW, insertedValue, type RouteAudit } from './route-actions.js';

/** Copies of other services' data, written as a side effect of a request: not changes of their own. */
const CACHE_TABLES = new Set(['users']);
/**
 * Names kept a minute. `ttlResolution: 0` reads the clock at each look-up: by default lru-cache
 * keeps the time a millisecond and starts a timer to forget it, which a write every millisecond
 * or so pays at nearly every look-up.
 */
const NAMES_KEPT = { max: 10_000, ttl: 60_000, ttlResolution: 0 } as const;
/** Each target type's conditional append (auditAppendIfWrittenSql), made once rather than on every lone write. */
const APPEND_IF_WRITTEN: Partial<Record<string, string>> = Object.fromEntries(Object.entries(TARGET_LOOKUP).map(([type, lookup]) => [type, auditAppendIfWrittenSql(lookup)]));
/** Body fields whose values are names of roles or states, safe and useful to keep. */
const VALUE_FIELDS = new Set(['role', 'status', 'plan', 'kind']);

/** Called after each write statement of an audited change, with its result. */
type SawWrite = (sql: string, params: readonly unknown[], result: QueryResult<unknown>) => void;

interface RequestAudit {
  spec: RouteAudit;
  request: FastifyRequest;
  targetId: string | null;
  targetName: string | null;
  orgId: string | null;
  actorName: string | null;
  notes: Record<string, unknown>;
  /** Events recorded for this request so far. */
  recorded: number;
  /** Whether the request wrote a copy of another service's data (CACHE_TABLES). */
  wroteCopies: boolean;
  /** Whether the handler ran a transaction or a write through the handle: it then recorded what it changed here. */
  ranHere: boolean;
}

function newAudit(spec: RouteAudit, request: FastifyRequest, notes: Record<string, unknown> = {}): RequestAudit {
  return { spec, request, targetId: null, targetName: null, orgId: null, actorName: null, notes, recorded: 0, wroteCopies: false, ranHere: false };
}

declare module 'fastify' {
  interface FastifyRequest {
    audit: RequestAudit | null;
  }
  interface FastifyInstance {
    /** Records the refusals counted so far (tests, shutdown). */
    auditRefusals?: { flush(): Promise<void> };
  }
}

const current = new AsyncLocalStorage<RequestAudit>();

/** From a handler: what only it knows about the change it is making (call before the write). */
export function noteAudit(note: { targetId?: string; targetName?: string; orgId?: string; details?: Record<string, unknown> }): void {
  const audit = current.getStore();
  if (!audit) return;
  if (note.targetId) audit.targetId = note.targetId;
  if (note.targetName) audit.targetName = note.targetName;
  if (note.orgId) audit.orgId = note.orgId;
  if (note.details) Object.assign(audit.notes, note.details);
}

function writtenTable(sql: string): string | undefined {
  return /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)/i.exec(sql)?.[1]?.toLowerCase();
}

function firstAddress(request: FastifyRequest): string | null {
  // The gateway replaces X-Forwarded-For with the address it saw (api-proxy.ts); the API is reached only through it.
  const forwarded = request.headers['x-forwarded-for'];
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  return value?.split(',')[0]?.trim() || request.ip || null;
}

function requestId(request: FastifyRequest): string {
  const header = request.headers['x-request-id'];
  return (typeof header === 'string' && header.slice(0, 200)) || String(request.id);
}

export interface AuditRecorderOptions {
  now: () => Date;
}

export class AuditRecorder {
  /** The address each identity acts under, for a minute: one lookup fewer on every change. */
  private readonly actorNames = new LRUCache<string, string>(NAMES_KEPT);
  /** A person's display name as a target, for a minute too: it comes from the same copy of the identity service's data. */
  private readonly userNames = new LRUCache<string, string>(NAMES_KEPT);

  constructor(private readonly options: AuditRecorderOptions) {}

  /** Runs each audited route's handler inside its audit context; records remote changes on success. */
  install(app: FastifyInstance, raw: Database): void {
    app.decorateRequest('audit', null);
    app.addHook('onRoute', (route) => {
      const method = [route.method].flat().find((m) => m !== 'GET' && m !== 'HEAD');
      const spec = method && ROUTE_AUDIT[`${method} ${route.url}`];
      if (!spec) return;
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const audit = newAudit(spec, request);
        request.audit = audit;
        return current.run(audit, () => handler.call(this, request, reply));
      };
    });
    // Callback style: an answer with nothing left to record (most, and every read) leaves at once, not a turn later.
    app.addHook('onSend', (request, reply, payload, done) => {
      const audit = request.audit;
      if (!audit || audit.recorded > 0 || reply.statusCode >= 400 || (audit.ranHere && !audit.spec.remote)) return done(null, payload);
      if (!audit.targetId && !audit.spec.param && typeof payload === 'string') audit.targetId = idInAnswer(payload);
      raw.transaction(async (tx) => this.append(tx, audit)).then(() => done(null, payload), done);
    });
  }

  /**
   * Refusals (403), counted per actor (or address) per minute and recorded as one event each when
   * the minute is over, so an attack does not flood the trail. `flush` records what is counted.
   */
  installRefusals(app: FastifyInstance, raw: Database): { flush(): Promise<void>; stop(): void } {
    const counted = new Map<string, { request: FastifyRequest; minute: string; count: number; routes: Set<string> }>();
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode !== 403) return;
      const minute = this.options.now().toISOString().slice(0, 16);
      const key = `${request.caller?.id ?? firstAddress(request)}|${minute}`;
      const entry = counted.get(key) ?? { request, minute, count: 0, routes: new Set<string>() };
      entry.count += 1;
      if (entry.routes.size < 10) entry.routes.add(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`);
      counted.set(key, entry);
    });
    const flush = async (all = true) => {
      const current = this.options.now().toISOString().slice(0, 16);
      for (const [key, entry] of counted) {
        if (!all && entry.minute === current) continue;
        counted.delete(key);
        await this.record(
          raw,
          entry.request,
          { action: 'refusal.permission_denied', target: 'audit' },
          { count: entry.count, minute: entry.minute, routes: [...entry.routes] },
          'denied',
        ).catch((err: unknown) => app.log.error({ err }, 'a refusal could not be recorded in the audit trail'));
      }
    };
    const timer = setInterval(() => void flush(false), 15_000);
    timer.unref();
    return { flush: () => flush(true), stop: () => clearInterval(timer) };
  }

  /** An event of a request that changes nothing here (an export, a refusal), in a transaction of its own. */
  async record(db: Database, request: FastifyRequest, spec: RouteAudit, details: Record<string, unknown> = {}, outcome: AuditOutcome = 'success'): Promise<PendingAuditEvent> {
    const audit = newAudit(spec, request, details);
    return db.transaction(async (tx) => this.append(tx, audit, outcome));
  }

  /** Events another service vouched for (the gateway's refusals), all in one transaction. */
  async recordReported(db: Database, events: NewAuditEvent[]): Promise<void> {
    await db.transaction(async (tx) => {
      for (const event of events) {
        if (event.actor.type === 'identity' && event.actor.id) event.actor.name = this.actorNames.get(event.actor.id) ?? (await this.readName(tx, event.actor.id));
        await appendAuditEvent(tx, event, this.options.now());
      }
    });
  }

  /** The API's handle, recording changes made inside an audit context. */
  wrap(db: Database): Database {
    // Not async: each await more is a turn more before the COMMIT goes.
    const unit = <T>(audit: RequestAudit, work: (tx: Transaction, saw: SawWrite) => Promise<T>): Promise<T> =>
      db.transaction((tx) => {
        audit.ranHere = true;
        let changed = false;
        const saw: SawWrite = (sql, params, res) => {
          if (this.sawWrite(audit, sql, params, res) && res.rowCount > 0) changed = true;
        };
        const run = () =>
          work(tx, saw).then((value) => {
            const appended = changed ? this.append(tx, audit) : undefined;
            return appended instanceof Promise ? appended.then(() => value) : value;
          });
        const target = audit.request.method === 'DELETE' ? this.lookUpTarget(tx, audit) : undefined;
        return target ? target.then(run) : run();
      });
    const withEvent = <T>(audit: RequestAudit, sql: string, params: readonly unknown[]) => this.loneWriteWithEvent<T>(db, audit, sql, params);
    const handle: Database = {
      kind: db.kind,
      schema: db.schema,
      ownedSince: db.ownedSince,
      // Not async: a statement outside an audited change (every read) goes straight through.
      query<T>(sql: string, params: readonly unknown[] = []) {
        const audit = current.getStore();
        if (!audit || !anyWrite(sql)) return db.query<T>(sql, params);
        const together = withEvent<T>(audit, sql, params);
        if (together) return together;
        return unit(audit, async (tx, saw) => {
          const result = await tx.query<T>(sql, params);
          saw(sql, params, result);
          return result;
        });
      },
      exec: (sql) => db.exec(sql),
      transaction<T>(fn: (tx: Transaction) => Promise<T>) {
        const audit = current.getStore();
        if (!audit) return db.transaction(fn);
        return unit(audit, (tx, saw) => {
          const tracked: Transaction = {
            // No async wrapper: a read goes straight through, and a write's reaction runs before the caller resumes.
            query<R>(sql: string, params: readonly unknown[] = []) {
              const result = tx.query<R>(sql, params);
              if (!anyWrite(sql)) return result;
              return result.then((res) => {
                saw(sql, params, res);
                return res;
              });
            },
            exec: (sql) => tx.exec(sql),
            atCommit: (sql, params) => tx.atCommit(sql, params),
          };
          return fn(tracked);
        });
      },
      close: () => db.close(),
    };
    if (db.listen) handle.listen = db.listen.bind(db);
    return handle;
  }

  /**
   * Finds the target's display name and organisation: a promise only when a row must be read (a
   * name not known yet). An await inside a write request's transaction waits behind every other
   * callback queued meanwhile (about 12 µs each here), so what is known is used at once.
   */
  private lookUpTarget(tx: Queryable, audit: RequestAudit): Promise<void> | undefined {
    const id = audit.targetId ?? (audit.spec.param ? (audit.request.params as Record<string, string>)[audit.spec.param] : undefined);
    if (!id) return;
    audit.targetId = id;
    const sql = TARGET_LOOKUP[audit.spec.target];
    // Every looked-up table is keyed by uuid: another id would fail the statement, and with it the change.
    if (!sql || audit.targetName !== null || !UUID.test(id)) return;
    // A person names no organisation: the name is all the lookup would give, unless this change wrote it.
    const person = audit.spec.target === 'user';
    const known = person && !audit.wroteCopies ? this.userNames.get(id) : undefined;
    if (known !== undefined) {
      audit.targetName = known;
      return;
    }
    return this.readTarget(tx, audit, sql, id, person);
  }

  /**
   * What a write in an audited change tells about its target and organisation; false for a write
   * that is no change of its own (a copy of another service's data).
   */
  private sawWrite(audit: RequestAudit, sql: string, params: readonly unknown[], res: QueryResult<unknown>): boolean {
    const table = writtenTable(sql);
    if (table && CACHE_TABLES.has(table)) audit.wroteCopies = true;
    if (table && CACHE_TABLES.has(table) && audit.spec.inserted?.table !== table) return false;
    const inserted = audit.spec.inserted;
    if (inserted && !audit.targetId) {
      const value = (column: string): unknown =>
        insertedValue(sql, params, inserted.table, column) ?? (table === inserted.table ? (res.rows[0] as Record<string, unknown> | undefined)?.[column] : undefined);
      const id = value(inserted.column);
      if (typeof id === 'string') {
        audit.targetId = id;
        const name = inserted.name && value(inserted.name);
        const orgId = inserted.org && value(inserted.org);
        if (typeof name === 'string') audit.targetName ??= name;
        if (typeof orgId === 'string') audit.orgId ??= orgId;
      }
    }
    if (audit.targetName === null && table) this.targetFromRow(audit, table, res.rows[0]);
    // A membership written tells the organisation of a change whose target has none of its own (a new account).
    if (!audit.orgId) {
      const orgId = insertedValue(sql, params, 'org_members', 'org_id');
      if (typeof orgId === 'string') audit.orgId = orgId;
    }
    return true;
  }

  /** The target's name and organisation from its own row, when the write returned it (TARGET_ROW). */
  private targetFromRow(audit: RequestAudit, table: string, row: unknown): void {
    const columns = TARGET_ROW[audit.spec.target];
    if (!columns || columns.table !== table || !row || typeof row !== 'object') return;
    const id = audit.targetId ?? (audit.spec.param ? (audit.request.params as Record<string, string>)[audit.spec.param] : undefined);
    const written = row as Record<string, unknown>;
    const name = written[columns.name];
    if (!id || written.id !== id || typeof name !== 'string') return;
    audit.targetId = id;
    audit.targetName = name;
    const orgId = written[columns.org];
    if (typeof orgId === 'string') audit.orgId ??= orgId;
  }

  private async readTarget(tx: Queryable, audit: RequestAudit, sql: string, id: string, person: boolean): Promise<void> {
    const row = (await tx.query<{ name: string | null; org_id: string | null }>(sql, [id])).rows[0];
    if (!row) return;
    audit.targetName = row.name ?? '';
    audit.orgId ??= row.org_id;
    if (person) this.userNames.set(id, audit.targetName);
  }

  /** Appends the request's event in `tx`; a promise only when something must be read first. */
  private append(tx: Transaction, audit: RequestAudit, outcome: AuditOutcome = 'success'): PendingAuditEvent | Promise<PendingAuditEvent> {
    const target = this.lookUpTarget(tx, audit);
    if (target) return target.then(() => this.appendFound(tx, audit, outcome));
    return this.appendFound(tx, audit, outcome);
  }

  /** The event's organisation and actor, read first when not known; then the append. */
  private appendFound(tx: Transaction, audit: RequestAudit, outcome: AuditOutcome): PendingAuditEvent | Promise<PendingAuditEvent> {
    audit.orgId ??= audit.request.checkedOrgId ?? null;
    const caller = audit.request.caller;
    if (caller && audit.actorName === null) audit.actorName = this.actorNames.get(caller.id) ?? null;
    const params = audit.request.params as Record<string, string>;
    const scoped = audit.orgId === null && Object.keys(SCOPE_LOOKUP).some((name) => params[name] && UUID.test(params[name]));
    if (scoped || (caller && audit.actorName === null)) return this.readScopeAndActor(tx, audit).then(() => this.appendKnown(tx, audit, outcome));
    return this.appendKnown(tx, audit, outcome);
  }

  private async readScopeAndActor(tx: Queryable, audit: RequestAudit): Promise<void> {
    const params = audit.request.params as Record<string, string>;
    for (const name of Object.keys(SCOPE_LOOKUP)) {
      if (audit.orgId) break;
      if (!params[name] || !UUID.test(params[name])) continue;
      audit.orgId = (await tx.query<{ org_id: string | null }>(SCOPE_LOOKUP[name]!, [params[name]])).rows[0]?.org_id ?? null;
    }
    const caller = audit.request.caller;
    if (caller && audit.actorName === null) audit.actorName = await this.readName(tx, caller.id);
  }

  private appendKnown(tx: Transaction, audit: RequestAudit, outcome: AuditOutcome): PendingAuditEvent {
    const appended = appendAuditEventAtCommit(tx, this.eventOf(audit, outcome), this.options.now());
    audit.recorded += 1;
    return appended;
  }

  /**
   * A lone write that changes its target, the route's (an update by the path's id), and its event
   * in one transaction sent whole: one round trip on PostgreSQL, one call into PGlite, where the
   * write and a separate append took two and three. The event is appended only if the write wrote
   * anything, and reads the target's name and organisation as the write left them
   * (auditAppendIfWrittenSql). Undefined where the event needs a read first (an actor or a scope
   * not known yet, a target read before its deletion): the write then runs in a unit().
   */
  private loneWriteWithEvent<T>(db: Database, audit: RequestAudit, sql: string, params: readonly unknown[]): Promise<QueryResult<T>> | undefined {
    const { request, spec } = audit;
    const table = writtenTable(sql);
    const append = APPEND_IF_WRITTEN[spec.target];
    if (request.method === 'DELETE' || !spec.param || spec.inserted || !append || !table || CACHE_TABLES.has(table)) return;
    const targetId = audit.targetId ?? (request.params as Record<string, string>)[spec.param];
    if (!targetId || !UUID.test(targetId)) return;
    audit.orgId ??= request.checkedOrgId ?? null;
    // A person or a firmware release names no organisation: the path's scope would have to be read.
    if (audit.orgId === null && (spec.target === 'user' || spec.target === 'firmware')) return;
    const caller = request.caller;
    if (caller && audit.actorName === null) audit.actorName = this.actorNames.get(caller.id) ?? null;
    if (caller && audit.actorName === null) return;
    audit.targetId = targetId;
    const eventParams = auditAppendIfWrittenParams(this.eventOf(audit, 'success'), targetId, this.options.now());
    if (!eventParams) return;
    audit.ranHere = true;
    let written: QueryResult<T> | undefined;
    return db
      .transaction(async (tx) => {
        tx.atCommit(sql, params, (result) => (written = result as QueryResult<T>));
        tx.atCommit(append, eventParams, (result) => (audit.recorded += result.rowCount));
      })
      .then(() => {
        this.sawWrite(audit, sql, params, written!);
        return written!;
      });
  }

  /** The request's event as it is known now. */
  private eventOf(audit: RequestAudit, outcome: AuditOutcome): NewAuditEvent {
    const { request, spec } = audit;
    const details: Record<string, unknown> = { ...audit.notes };
    const body = request.body;
    if (spec.fields && body && typeof body === 'object' && !Buffer.isBuffer(body)) {
      details.fields = Object.keys(body).slice(0, 40);
      for (const [key, value] of Object.entries(body)) if (VALUE_FIELDS.has(key) && typeof value === 'string') details[key] = value.slice(0, 100);
    }
    if (audit.recorded > 0) details.step = audit.recorded + 1;
    const event: NewAuditEvent = {
      actor: this.actorOf(audit),
      action: spec.action,
      target: spec.action.startsWith('refusal.') ? null : { type: spec.target, id: audit.targetId, name: audit.targetName ?? '' },
      orgId: audit.orgId,
      outcome,
      requestId: requestId(request),
      details,
    };
    if (spec.target === 'org' && !event.orgId && audit.targetId) event.orgId = audit.targetId;
    return event;
  }

  private actorOf(audit: RequestAudit): NewAuditEvent['actor'] {
    const { request } = audit;
    const address = firstAddress(request);
    if (request.caller) return { type: 'identity', id: request.caller.id, name: audit.actorName ?? '', address };
    if (request.platformActor) return { type: request.platformActor.kind, id: request.platformActor.id, address };
    if (request.routeOptions.url?.startsWith('/api/device/')) return { type: 'device', address };
    return { type: 'anonymous', address };
  }

  /** The address an identity acts under, read from the copy of the identity service's data, and kept a minute. */
  private async readName(tx: Queryable, identityId: string): Promise<string> {
    const name = (await tx.query<{ email: string }>('SELECT email FROM users WHERE identity_id = $1', [identityId])).rows[0]?.email ?? '';
    this.actorNames.set(identityId, name);
    return name;
  }
}

/** The id an answer names, for a target created elsewhere (an OAuth2 client): `id` or `clientId` only. */
function idInAnswer(payload: string): string | null {
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    const id = body.id ?? body.clientId ?? body.client_id;
    return typeof id === 'string' ? id.slice(0, 200) : null;
  } catch {
    return null;
  }
}
