/**
 * Runs the real entry point (server/main.ts) in a child process, for tests that must observe
 * the gateway from outside: its memory, its exit code, its signals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { onFreePort } from '../../support/listen.js';
import { startFakeApi, type FakeApi } from './fake-api.js';
import { startFakeIdentity, type FakeIdentity } from './fake-identity.js';
import { SECRET } from './gateway.js';

export interface GatewayProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resident set size in bytes, read from /proc. */
  rss(): number;
  stop(): Promise<number | null>;
}

export function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  return onFreePort((port) => startOnPort(port, env));
}

async function startOnPort(port: number, env: Record<string, string>): Promise<GatewayProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw Object.assign(new Error(`gateway exited early:\n${output}`), { code: output.includes('EADDRINUSE') ? 'EADDRINUSE' : undefined });
    }
    try {
      const res = await fetch(`${url}/bff/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gateway did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    child,
    url,
    output: () => output,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      });
    },
  };
}

export interface FakeUpstreams {
  identity: FakeIdentity;
  api: FakeApi;
  /** The variables that point a gateway process at them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeUpstreams(): Promise<FakeUpstreams> {
  const identity = await startFakeIdentity();
  const api = await startFakeApi(SECRET);
  return {
    identity,
    api,
    env: { IDENTITY_PUBLIC_URL: identity.url, API_URL: api.url, ASSERTION_SECRET: SECRET },
    async close() {
      await identity.close();
      await api.close();
    },
  };
}
