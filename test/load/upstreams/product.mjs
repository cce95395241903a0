/**
 * The product as `npm start` runs it with no configuration (dist/): the embedded OAuth2
 * provider, identity service and API on loopback, on a thread of their own, and the gateway in
 * front on the main thread, in one process, on a fresh data directory. Announces the gateway's
 * origin, the provider's admin API and the directory its e-mails land in on stdout. `unrecorded` after the port: the API records no
 * audit events, for the audit bench's before row (audit-product.mjs); nothing else differs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../../dist/server/config.js';
import { startEmbeddedServicesOnThread } from '../../../dist/server/embedded-thread.js';
import { buildGateway } from '../../../dist/server/gateway/app.js';

const [port, unrecorded] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), 'sitewave-bench-product-'));
const config = loadConfig({
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  WEB_ROOT: join(dataDir, 'web'),
  // Warnings would come before the announcement on stdout (no client is built here, and none
  // is needed); errors still show in the bench's log file.
  LOG_LEVEL: 'error',
  // Fresh per run: nothing here is a credential anyone could reuse.
  OAUTH2_ADMIN_TOKEN: randomBytes(24).toString('base64url'),
  // The bench registers its user through the same door sign-ups use.
  RATE_LIMIT_IDENTITY_SUBMITS: '10000',
  // The bench's PostgreSQL rows give a fresh database; PGlite in the data directory otherwise.
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const embedded = await startEmbeddedServicesOnThread(config, pino({ level: 'error' }), 'bench', { unrecorded: unrecorded === 'unrecorded' });
const gateway = await buildGateway(config, { version: 'bench' });
await gateway.listen({ host: '127.0.0.1', port: Number(port) });

const stop = async () => {
  await gateway.close();
  await embedded.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The bench holds an IPC channel: when it dies, so does this process.
process.on('disconnect', stop);

process.stdout.write(
  `${JSON.stringify({ url: config.publicUrl, oauth2AdminUrl: config.oauth2AdminUrl, oauth2AdminToken: config.oauth2AdminToken, mailDirectory: join(dataDir, 'mail') })}\n`,
);
