/**
 * The refusals the gateway answers itself (a failed CSRF check, a missing permission, a rate
 * limit) never reach the API, so its audit trail would not know of them. They are counted here
 * per action, actor (the identity of a session the gateway already knows, else the client
 * address) and minute, and sent to the API's trail when the minute is over, or at shutdown, as
 * one signed report (server/audit/refusal-report.ts). A flood from one actor is one event a
 * minute; a flood from many addresses fills at most MAX_BUCKETS, and the rest of that minute is
 * counted in one bucket without an actor. What the API could not take is kept for the next try.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { REFUSAL_REPORT_HEADER, REFUSAL_REPORT_MAX_ITEMS, REFUSAL_REPORT_PATH, signRefusalReport, type RefusalAction, type ReportedRefusal } from '../audit/refusal-report.js';
import type { Authorizer } from './authorize.js';
import type { Clock } from './clock.js';
import { foreignOrigin } from './csrf.js';
import { canonicalPath } from './path-guard.js';
import type { RoutePolicyTable } from './route-policy.js';
import type { Upstream } from './upstream.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends what is counted (shutdown does it; tests call it). */
    refusalReports: RefusalReports;
  }
  interface FastifyRequest {
    /** Set where the gateway refuses a request itself (error-handler.ts, client-auth-throttle.ts). */
    refusal: RefusalAction | null;
  }
}

const MAX_BUCKETS = 10_000;
const MAX_ROUTES = 10;
const MAX_ORIGINS = 5;
const FLUSH_EVERY_MS = 15_000;

export interface Refusal {
  action: RefusalAction;
  identityId: string | undefined;
  address: string;
  /** The route's pattern, never the URL: a query may hold a share link's token. */
  route: string;
  /** A CSRF refusal's foreign Origin (or Referer origin). */
  origin?: string;
}

export class RefusalReports {
  private readonly buckets = new Map<string, ReportedRefusal>();
  private sending: Promise<void> = Promise.resolve();
  private unreachable = false;

  constructor(
    private readonly api: Upstream,
    private readonly key: Uint8Array,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  count(refusal: Refusal): void {
    const minute = new Date(this.clock.epochMs()).toISOString().slice(0, 16);
    const bucket = this.bucketFor(refusal.action, refusal.identityId ?? null, refusal.address, minute);
    bucket.count += 1;
    if (bucket.routes.length < MAX_ROUTES && !bucket.routes.includes(refusal.route)) bucket.routes.push(refusal.route);
    if (refusal.origin !== undefined) {
      const origins = (bucket.origins ??= []);
      const origin = refusal.origin.slice(0, 200);
      if (origins.length < MAX_ORIGINS && !origins.includes(origin)) origins.push(origin);
    }
  }

  /** Sends the minutes that are over, or every minute counted with `all` (shutdown, tests). */
  flush(all = true): Promise<void> {
    this.sending = this.sending.then(() => this.send(all));
    return this.sending;
  }

  /** Sends finished minutes every few seconds; returns how to stop. */
  start(): () => void {
    const timer = setInterval(() => void this.flush(false), FLUSH_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  private bucketFor(action: RefusalAction, identityId: string | null, address: string | null, minute: string): ReportedRefusal {
    let key = `${action}|${identityId ?? address}|${minute}`;
    let bucket = this.buckets.get(key);
    if (bucket) return bucket;
    if (this.buckets.size >= MAX_BUCKETS) {
      key = `${action}|*|${minute}`;
      identityId = null;
      address = null;
      bucket = this.buckets.get(key);
      if (bucket) return bucket;
    }
    bucket = { action, minute, count: 0, identityId, address, routes: [] };
    this.buckets.set(key, bucket);
    return bucket;
  }

  private async send(all: boolean): Promise<void> {
    const current = new Date(this.clock.epochMs()).toISOString().slice(0, 16);
    const due: ReportedRefusal[] = [];
    for (const [key, bucket] of this.buckets) {
      if (!all && bucket.minute === current) continue;
      due.push(bucket);
      this.buckets.delete(key);
    }
    for (let from = 0; from < due.length; from += REFUSAL_REPORT_MAX_ITEMS) {
      try {
        await this.post(due.slice(from, from + REFUSAL_REPORT_MAX_ITEMS));
      } catch (error) {
        this.keep(due.slice(from));
        if (!this.unreachable) this.log.warn({ reason: (error as Error).message }, 'refusals could not be sent to the audit trail: kept for the next try');
        this.unreachable = true;
        return;
      }
    }
    if (this.unreachable && due.length > 0) this.log.info('refusals reach the audit trail again');
    this.unreachable = false;
  }

  /** Puts unsent refusals back, added to what was counted since. */
  private keep(refusals: ReportedRefusal[]): void {
    for (const refusal of refusals) {
      const bucket = this.bucketFor(refusal.action, refusal.identityId, refusal.address, refusal.minute);
      bucket.count += refusal.count;
      for (const route of refusal.routes) if (bucket.routes.length < MAX_ROUTES && !bucket.routes.includes(route)) bucket.routes.push(route);
      if (refusal.origins) bucket.origins = [...new Set([...(bucket.origins ?? []), ...refusal.origins])].slice(0, MAX_ORIGINS);
    }
  }

  private async post(refusals: ReportedRefusal[]): Promise<void> {
    const body = JSON.stringify({ refusals });
    // Wall-clock time: the API checks the signature's expiry against its own clock.
    const token = await signRefusalReport(this.key, body, randomUUID(), Math.floor(Date.now() / 1000));
    const response = await this.api.request({
      method: 'POST',
      path: REFUSAL_REPORT_PATH,
      headers: { 'content-type': 'application/json', [REFUSAL_REPORT_HEADER]: token },
      body,
    });
    await response.body.dump();
    if (response.statusCode !== 204) throw new Error(`the API answered ${response.statusCode}`);
  }
}

/** Counts each refusal the gateway marked as its answer leaves; sends the last minutes at shutdown. */
export function installRefusalReports(app: FastifyInstance, reports: RefusalReports, authorizer: Authorizer, policies: RoutePolicyTable): void {
  // A CSRF refusal comes before the request is given its route: the policy names it again.
  const routeOf = (request: FastifyRequest) => {
    const path = request.apiRoute?.policy.path ?? (request.url.startsWith('/api/') ? policyPath(policies, request.method, request.url) : undefined);
    return `${request.method} ${path ?? request.routeOptions.url ?? '(unrouted)'}`;
  };
  app.decorate('refusalReports', reports);
  app.decorateRequest('refusal', null);
  app.addHook('onResponse', (request, _reply, done) => {
    const action = request.refusal;
    if (action) {
      reports.count({
        action,
        identityId: authorizer.knownIdentity(request.headers),
        address: request.ip,
        route: routeOf(request),
        origin: action === 'refusal.csrf' ? foreignOrigin(request.headers) : undefined,
      });
    }
    done();
  });
  const stop = reports.start();
  // Before the API's pool closes (onClose): the minute in progress still reaches the trail.
  app.addHook('preClose', async () => {
    stop();
    await reports.flush();
  });
}

function policyPath(policies: RoutePolicyTable, method: string, url: string): string | undefined {
  const path = canonicalPath(url);
  return path ? policies.match(method, path)?.policy.path : undefined;
}
