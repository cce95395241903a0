/**
 * The whole product for browser journeys, as `npm start` runs it: the embedded services and the
 * gateway serving the built client, on a free port with its own data directory. Runs in the
 * test process so the test can read the identity service's courier through its admin API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { loadConfig } from '../../../server/config.js';
import { startEmbeddedServices, type EmbeddedServices } from '../../../server/embedded.js';
import { buildGateway } from '../../../server/gateway/app.js';

export const ADMIN_TOKEN = 'e2e-identity-admin-token-0123456789';

export interface Stack {
  url: string;
  identityAdminUrl: string;
  gateway: FastifyInstance;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-e2e-'));
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    WEB_ROOT: path.resolve('dist/web'),
    IDENTITY_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    // Journeys submit many forms from one address within a minute.
    RATE_LIMIT_IDENTITY_SUBMITS: '10000',
    ...env,
  });
  const log = pino({ level: 'warn' });
  let embedded: EmbeddedServices | undefined;
  try {
    embedded = await startEmbeddedServices(config, log, 'e2e');
    const gateway = await buildGateway(config, { version: 'e2e' });
    await gateway.listen({ host: '127.0.0.1', port });
    const services = embedded;
    return {
      url: config.publicUrl,
      identityAdminUrl: config.identityAdminUrl!,
      gateway,
      async stop() {
        await gateway.close();
        await services.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await embedded?.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The newest e-mail to `recipient`, through the identity service's admin courier API. */
export async function lastMail(stack: Stack, recipient: string): Promise<{ subject: string; body: string }> {
  const url = new URL('/admin/courier/messages', stack.identityAdminUrl);
  url.searchParams.set('recipient', recipient);
  const response = await fetch(url, { headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/json' } });
  if (!response.ok) throw new Error(`courier messages answered ${response.status}`);
  const messages = (await response.json()) as { subject: string; body: string }[];
  if (!messages[0]) throw new Error(`no e-mail to ${recipient}`);
  return messages[0];
}

export async function lastCode(stack: Stack, recipient: string): Promise<string> {
  const code = (await lastMail(stack, recipient)).body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the last e-mail to ${recipient}`);
  return code;
}
