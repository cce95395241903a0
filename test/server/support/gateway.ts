/** Builds a gateway wired to the fake upstreams, with a clock the test moves by hand. */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/config.js';
import { buildGateway, type GatewayConfig, type GatewayTuning } from '../../../server/gateway/app.js';
import { startFakeApi, type FakeApi } from './fake-api.js';
import { startFakeIdentity, type FakeIdentity } from './fake-identity.js';

export const SECRET = 'test-assertion-secret-that-is-long-enough';
export const ORIGIN = 'http://localhost:3000';

export class ManualClock {
  private readonly start: number;
  private readonly epochAtStart = Date.now();
  constructor(public time = 1_000_000) {
    this.start = time;
  }
  now(): number {
    return this.time;
  }
  /** Moves with `advance`, from the real time the clock was made. */
  epochMs(): number {
    return this.epochAtStart + (this.time - this.start);
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface Harness {
  gateway: FastifyInstance;
  identity: FakeIdentity;
  api: FakeApi;
  clock: ManualClock;
  logs: string[];
  close(): Promise<void>;
}

export async function startHarness(overrides: Partial<GatewayConfig> = {}, tuning: GatewayTuning = {}, upstreams?: { identity?: FakeIdentity; api?: FakeApi }): Promise<Harness> {
  const identity = upstreams?.identity ?? (await startFakeIdentity());
  const api = upstreams?.api ?? (await startFakeApi(SECRET));
  const clock = new ManualClock();
  const logs: string[] = [];
  const config: GatewayConfig = {
    ...loadConfig({ PUBLIC_URL: ORIGIN, WEB_ROOT: '/nonexistent-web-root' }),
    identityPublicUrl: identity.url,
    apiUrl: api.url,
    assertionSecret: SECRET,
    ...overrides,
  };
  const gateway = await buildGateway(config, {
    clock,
    logStream: new Writable({
      write(chunk, _encoding, callback) {
        logs.push(String(chunk));
        callback();
      },
    }),
    ...tuning,
  });
  await gateway.ready();
  return {
    gateway,
    identity,
    api,
    clock,
    logs,
    async close() {
      await gateway.close();
      if (!upstreams?.identity) await identity.close();
      if (!upstreams?.api) await api.close();
    },
  };
}

/** Headers of a same-origin browser request that passes the CSRF check. */
export function browserWrite(cookie = ''): Record<string, string> {
  return {
    origin: ORIGIN,
    cookie: `XSRF-TOKEN=xsrf-1${cookie ? `; ${cookie}` : ''}`,
    'x-xsrf-token': 'xsrf-1',
  };
}
