/**
 * GATEWAY_WORKERS > 1: the primary process forks that many gateway workers sharing the port
 * (node:cluster), relays cache evictions between them, replaces a worker that dies, and on
 * SIGTERM/SIGINT lets every worker drain before it exits.
 */
import cluster, { type Worker } from 'node:cluster';
import { isClusterEvictionMessage } from './gateway/cluster-broadcast.js';

export interface PrimaryOptions {
  workers: number;
  /** Environment every worker gets on top of the primary's (resolved upstream URLs, shared secret). */
  env: Record<string, string>;
  log: (message: string) => void;
  graceMs: number;
}

export function runPrimary(options: PrimaryOptions): void {
  let stopping = false;
  const fork = () => cluster.fork({ ...options.env, SITEWAVE_CLUSTER_WORKER: '1' });

  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isClusterEvictionMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    options.log(`gateway worker ${worker.process.pid} exited (${signal ?? code}): starting a replacement`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.log(`${signal}: stopping ${options.workers} gateway workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), options.graceMs + 2_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < options.workers; i++) fork();
}

export function isClusterWorker(): boolean {
  return cluster.isWorker && process.env.SITEWAVE_CLUSTER_WORKER === '1';
}
