/**
 * The whole product for browser journeys, as `npm start` runs it: the embedded services and the
 * gateway serving the built client, on a free port with its own data directory. Runs in the
 * test process so the test can read the identity service's courier through its admin API.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { loadConfig } from '../../../server/config.js';
import type { EmbeddedServices } from '../../../server/embedded.js';
import { startEmbeddedServicesOnThread } from '../../../server/embedded-thread.js';
import { buildGateway } from '../../../server/gateway/app.js';
import { onFreePort } from '../../support/listen.js';

export const ADMIN_TOKEN = 'e2e-identity-admin-token-0123456789';

export interface Stack {
  url: string;
  /** Where the embedded services keep their data, the API's outbox of `.eml` files among it. */
  dataDir: string;
  identityAdminUrl: string;
  /** The embedded OAuth2 provider's admin API (Hydra's wire format) and its token, when it runs. */
  oauth2Admin?: { url: string; token: string };
  gateway: FastifyInstance;
  stop(): Promise<void>;
}

export function startStack(env: Record<string, string> = {}): Promise<Stack> {
  return onFreePort((port) => startOnPort(port, env));
}

async function startOnPort(port: number, env: Record<string, string>): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-e2e-'));
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
  let gateway: FastifyInstance | undefined;
  try {
    // As `npm start` runs them: the services (and a fresh stack's processing of its demo walks)
    // on a thread of their own.
    embedded = await startEmbeddedServicesOnThread(config, log, 'e2e');
    // Overload shedding is the limits test's subject. Here the gateway shares its event loop with
    // the test and its in-process browser driver: on a busy machine a screenshot being encoded
    // would turn a journey's request into a 503.
    gateway = await buildGateway(config, { version: 'e2e', maxEventLoopDelayMs: 5_000 });
    await gateway.listen({ host: '127.0.0.1', port });
    const running = gateway;
    const services = embedded;
    return {
      url: config.publicUrl,
      dataDir,
      identityAdminUrl: config.identityAdminUrl!,
      oauth2Admin: config.oauth2AdminUrl && config.oauth2AdminToken ? { url: config.oauth2AdminUrl, token: config.oauth2AdminToken } : undefined,
      gateway: running,
      async stop() {
        await running.close();
        await services.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await gateway?.close();
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

/**
 * The newest e-mail written to the mail directory for `recipient` whose text matches `content`
 * (the API's outbox and the identity service's courier both write there), decoded from the
 * quoted-printable the mail library may use. Delivery follows the request that queued the mail
 * by a moment; the poll covers it.
 */
export async function lastOutboxMail(stack: Stack, recipient: string, content: RegExp = /./): Promise<string> {
  const directory = path.join(stack.dataDir, 'mail');
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(directory).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse();
    for (const name of names) {
      const raw = await readFile(path.join(directory, name), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (new RegExp(`^To: .*${recipient.replace(/[.+]/g, '\\$&')}`, 'mi').test(text) && content.test(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no outbox e-mail to ${recipient}`);
}
