/**
 * Prometheus metrics of one gateway instance: request counts and latency per route group,
 * cache hit ratios, upstream errors. Each app gets its own registry so tests and several
 * instances in one process do not share counters.
 *
 * The per-request series (latency, cache lookups) are plain numbers in arrays indexed by
 * precomputed series, turned into Prometheus values only when /bff/metrics is read:
 * prom-client hashes the label object of every observation, which cost several
 * microseconds per proxied request. The counts are exact, not sampled.
 */
import { Counter, Registry, collectDefaultMetrics, type MetricValue, type MetricValueWithName } from 'prom-client';

export type RouteGroup = 'api' | 'identity' | 'bff' | 'static';
export type CacheName = 'session' | 'permissions' | 'scope' | 'assertion';

const GROUPS: readonly RouteGroup[] = ['api', 'identity', 'bff', 'static'];
const CACHES: readonly CacheName[] = ['session', 'permissions', 'scope', 'assertion'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Any other method a client sends shares one series rather than growing the label set. */
const OTHER_METHOD = 'OTHER';
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const DURATION = 'sitewave_gateway_request_duration_seconds';
const LOOKUPS = 'sitewave_gateway_cache_lookups_total';
const FAST_LANE = 'sitewave_gateway_api_fast_lane_total';

const METHOD_INDEX = new Map<string, number>([...METHODS, OTHER_METHOD].map((method, index) => [method, index]));
const METHOD_NAMES = [...METHODS, OTHER_METHOD];
const SERIES = GROUPS.length * METHOD_NAMES.length * STATUS_CLASSES.length;

export class GatewayMetrics {
  readonly registry = new Registry();
  /** Per series: BUCKETS.length cumulative-free bucket counts, then the +Inf overflow. */
  private readonly bucketCounts = new Float64Array(SERIES * (BUCKETS.length + 1));
  private readonly sums = new Float64Array(SERIES);
  private readonly counts = new Float64Array(SERIES);
  /** [hit, miss] per cache, in CACHES order. */
  private readonly lookups = new Float64Array(CACHES.length * 2);
  private readonly upstreamErrors: Counter<'upstream' | 'kind'>;
  private fastLaneAnswers = 0;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'sitewave_gateway_' });
    this.registry.registerMetric(collector(DURATION, 'Gateway request latency by route group, method and status class', 'histogram', () => this.durationValues()) as never);
    this.registry.registerMetric(collector(LOOKUPS, 'Cache lookups by cache and result (hit or miss)', 'counter', () => this.lookupValues()) as never);
    this.registry.registerMetric(
      collector(FAST_LANE, 'API reads answered on the fast lane, every decision cached (api-fast-lane.ts)', 'counter', () => [
        { labels: {}, value: this.fastLaneAnswers },
      ]) as never,
    );
    this.upstreamErrors = new Counter({
      name: 'sitewave_gateway_upstream_errors_total',
      help: 'Failed upstream calls by upstream and kind',
      labelNames: ['upstream', 'kind'],
      registers: [this.registry],
    });
  }

  observeRequest(group: RouteGroup, method: string, statusCode: number, seconds: number): void {
    const statusClass = Math.min(Math.max(Math.floor(statusCode / 100), 1), 5) - 1;
    const series = (GROUPS.indexOf(group) * METHOD_NAMES.length + (METHOD_INDEX.get(method) ?? METHODS.length)) * STATUS_CLASSES.length + statusClass;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
    this.bucketCounts[series * (BUCKETS.length + 1) + bucket]!++;
    this.sums[series]! += seconds;
    this.counts[series]!++;
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    this.lookups[CACHES.indexOf(cache) * 2 + (hit ? 0 : 1)]!++;
  }

  fastLaneAnswer(): void {
    this.fastLaneAnswers++;
  }

  upstreamError(upstream: string, kind: string): void {
    this.upstreamErrors.inc({ upstream, kind });
  }

  private durationValues(): MetricValueWithName<string>[] {
    const values: MetricValueWithName<string>[] = [];
    for (let series = 0; series < SERIES; series++) {
      const count = this.counts[series]!;
      if (count === 0) continue;
      const statusClass = series % STATUS_CLASSES.length;
      const method = Math.floor(series / STATUS_CLASSES.length) % METHOD_NAMES.length;
      const group = Math.floor(series / (STATUS_CLASSES.length * METHOD_NAMES.length));
      const labels = { group: GROUPS[group]!, method: METHOD_NAMES[method]!, status: STATUS_CLASSES[statusClass]! };
      let cumulative = 0;
      for (let bucket = 0; bucket < BUCKETS.length; bucket++) {
        cumulative += this.bucketCounts[series * (BUCKETS.length + 1) + bucket]!;
        values.push({ metricName: `${DURATION}_bucket`, labels: { ...labels, le: BUCKETS[bucket]! }, value: cumulative });
      }
      values.push({ metricName: `${DURATION}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${DURATION}_sum`, labels, value: this.sums[series]! });
      values.push({ metricName: `${DURATION}_count`, labels, value: count });
    }
    return values;
  }

  private lookupValues(): MetricValue<string>[] {
    const values: MetricValue<string>[] = [];
    CACHES.forEach((cache, index) => {
      const hits = this.lookups[index * 2]!;
      const misses = this.lookups[index * 2 + 1]!;
      if (hits > 0) values.push({ labels: { cache, result: 'hit' }, value: hits });
      if (misses > 0) values.push({ labels: { cache, result: 'miss' }, value: misses });
    });
    return values;
  }
}

/** A metric prom-client's registry reads like its own, with values computed at scrape time. */
function collector(name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue<string>[]) {
  return {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => undefined,
  };
}

export function routeGroup(url: string): RouteGroup {
  if (url.startsWith('/api/')) return 'api';
  if (url.startsWith('/.ory/')) return 'identity';
  if (url.startsWith('/bff/')) return 'bff';
  return 'static';
}
