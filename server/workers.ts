/**
 * GATEWAY_WORKERS > 1: the primary process forks that many gateway workers sharing the port
 * (node:cluster). It answers their session lookups from one shared session cache (so a session
 * costs one whoami call per TTL however many workers see it), relays cache evictions between
 * them and, with REDIS_URL, to and from other instances; it replaces a worker that dies and on
 * SIGTERM/SIGINT lets every worker drain before it exits.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { systemClock } from './gateway/clock.js';
import { isClusterMessage, type ClusterMessage } from './gateway/cluster-ipc.js';
import type { EvictionEvent } from './gateway/evictions.js';
import { HttpError } from './gateway/http-error.js';
import { GatewayMetrics } from './gateway/metrics.js';
import { SessionCache } from './gateway/session.js';
import { Upstream } from './gateway/upstream.js';
import { whoami } from './gateway/whoami.js';

export interface PrimaryOptions {
  config: Config;
  /** Environment every worker gets on top of the primary's (resolved upstream URLs, shared secret). */
  env: Record<string, string>;
  log: Logger;
  graceMs: number;
  /** Runs once every worker has exited (the embedded services close here). */
  onStopped?: () => Promise<void>;
}

type SessionReply = Omit<Extract<ClusterMessage, { type: 'sitewave:session' }>, 'type' | 'id'>;

export async function runPrimary({ config, env, log, graceMs, onStopped }: PrimaryOptions): Promise<void> {
  const identity = new Upstream({ name: 'identity', url: config.identityPublicUrl, variable: 'IDENTITY_PUBLIC_URL', timeoutMs: config.upstreamTimeoutMs });
  const metrics = new GatewayMetrics();
  const sessions = new SessionCache({ lookup: whoami(identity, config.sessionCookieName, metrics), ttlMs: config.sessionCacheTtlMs, clock: systemClock, metrics });
  const workers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker?.isConnected());

  // The primary caches sessions only; permission evictions are the workers' business.
  const applyToSessions = (event: EvictionEvent) => {
    if (event.type === 'credential') sessions.evict(event.hash);
    else if (event.type === 'session') sessions.evictSession(event.sessionId);
    else if (event.type === 'identity-sessions') sessions.evictIdentity(event.identityId, event.keepHash);
    else if (event.type === 'everything') sessions.clear();
  };
  const toWorkers = (event: EvictionEvent, except?: Worker) => {
    const message: ClusterMessage = { type: 'sitewave:evict', event };
    for (const worker of workers()) if (worker !== except) worker.send(message);
  };
  // Imported only with Redis configured: ioredis would otherwise be resident for nothing.
  const redis = config.redisUrl
    ? (await import('./gateway/eviction-broadcast.js')).connectEvictionBroadcast(
        config.redisUrl,
        (event) => {
          applyToSessions(event);
          toWorkers(event);
        },
        log,
      )
    : null;

  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.type === 'sitewave:evict') {
      applyToSessions(message.event);
      toWorkers(message.event, from);
      redis?.publish(message.event);
    } else if (message.type === 'sitewave:session?') {
      const reply = (answer: SessionReply) => {
        if (from.isConnected()) from.send({ type: 'sitewave:session', id: message.id, ...answer } satisfies ClusterMessage);
      };
      Promise.resolve()
        .then(() => sessions.validate(message.credential))
        .then(
          (answer) => reply({ answer }),
          (error: unknown) => {
            const failure = error instanceof HttpError ? error : identity.translate(error);
            reply({ error: { status: failure.statusCode, reason: failure.reason } });
          },
        );
    }
  });

  let stopping = false;
  const fork = () => cluster.fork({ ...env, SITEWAVE_CLUSTER_WORKER: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        void Promise.allSettled([identity.close(), redis?.close(), onStopped?.()]).then(() => process.exit(0));
      }
      return;
    }
    log.error(`gateway worker ${worker.process.pid} exited (${signal ?? code}): starting a replacement`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping ${config.workers} gateway workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), graceMs + 2_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}

export function isClusterWorker(): boolean {
  return cluster.isWorker && process.env.SITEWAVE_CLUSTER_WORKER === '1';
}
