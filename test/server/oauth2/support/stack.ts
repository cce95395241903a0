/**
 * The product as `npm start` runs it, in the test's process: the embedded OAuth2 provider,
 * identity service and API on loopback, and the gateway on the port its public URL names.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { loadConfig, type Config } from '../../../../server/config.js';
import { startEmbeddedServices, type EmbeddedServices } from '../../../../server/embedded.js';
import { buildGateway, type GatewayTuning } from '../../../../server/gateway/app.js';
import { onFreePort } from '../../../support/listen.js';

export interface Stack {
  config: Config;
  /** The gateway's origin, as browsers and relying parties see it. */
  origin: string;
  issuer: string;
  gateway: FastifyInstance;
  /** A call to the provider's admin API with its token. */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * Load shedding off: here the embedded services share the gateway's thread (`npm start` gives them
 * one of their own), so PGlite starting up or a busy test file can hold the loop for a whole
 * sample, which under-pressure reads as an infinite delay and answers 503 to whatever comes next.
 * Shedding itself is tested on a gateway of its own.
 */
export const IN_PROCESS_TUNING: GatewayTuning = { maxEventLoopDelayMs: 0 };

export function startStack(env: Record<string, string> = {}, tuning: GatewayTuning = {}): Promise<Stack> {
  return onFreePort((port) => startOnPort(port, env, tuning));
}

async function startOnPort(port: number, env: Record<string, string>, tuning: GatewayTuning): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sitewave-oauth2-'));
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_ROOT: '/nonexistent-web-root', ...env });
  let embedded: EmbeddedServices | undefined;
  let gateway: FastifyInstance | undefined;
  try {
    embedded = await startEmbeddedServices(config, pino({ level: 'silent' }), 'test');
    gateway = await buildGateway(config, { version: 'test', ...IN_PROCESS_TUNING, ...tuning });
    await gateway.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await gateway?.close();
    await embedded?.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = { gateway, embedded };
  return {
    config,
    origin,
    issuer: `${origin}/.ory`,
    gateway,
    async admin(method, adminPath, body) {
      const headers: Record<string, string> = { authorization: `Bearer ${config.oauth2AdminToken}` };
      let payload: string | undefined;
      if (body instanceof URLSearchParams) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = body.toString();
      } else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const response = await fetch(new URL(adminPath, config.oauth2AdminUrl), { method, headers, body: payload });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await running.gateway.close();
      await running.embedded.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
