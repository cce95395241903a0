/**
 * Prometheus metrics of one gateway instance: request counts and latency per route group,
 * cache hit ratios, upstream errors. Each app gets its own registry so tests and several
 * instances in one process do not share counters.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type RouteGroup = 'api' | 'identity' | 'bff' | 'static';
export type CacheName = 'session' | 'permissions' | 'scope' | 'assertion';

export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'group' | 'method' | 'status'>;
  private readonly lookups: Counter<'cache' | 'result'>;
  private readonly upstreamErrors: Counter<'upstream' | 'kind'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'sitewave_gateway_' });
    this.duration = new Histogram({
      name: 'sitewave_gateway_request_duration_seconds',
      help: 'Gateway request latency by route group, method and status class',
      labelNames: ['group', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [this.registry],
    });
    this.lookups = new Counter({
      name: 'sitewave_gateway_cache_lookups_total',
      help: 'Cache lookups by cache and result (hit or miss)',
      labelNames: ['cache', 'result'],
      registers: [this.registry],
    });
    this.upstreamErrors = new Counter({
      name: 'sitewave_gateway_upstream_errors_total',
      help: 'Failed upstream calls by upstream and kind',
      labelNames: ['upstream', 'kind'],
      registers: [this.registry],
    });
  }

  observeRequest(group: RouteGroup, method: string, statusCode: number, seconds: number): void {
    this.duration.observe({ group, method, status: `${Math.floor(statusCode / 100)}xx` }, seconds);
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    this.lookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  upstreamError(upstream: string, kind: string): void {
    this.upstreamErrors.inc({ upstream, kind });
  }
}

export function routeGroup(url: string): RouteGroup {
  if (url.startsWith('/api/')) return 'api';
  if (url.startsWith('/.ory/')) return 'identity';
  if (url.startsWith('/bff/')) return 'bff';
  return 'static';
}
