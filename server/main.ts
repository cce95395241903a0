/**
 * Starts sitewave: reads the configuration, starts the embedded identity service and API
 * where no remote one is configured (on a thread of their own), then the gateway; shuts down
 * gracefully on SIGTERM/SIGINT.
 */
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config.js';
import { pino } from 'pino';
import { logOutput } from './logging/log-output.js';
import { startEmbeddedServicesOnThread } from './embedded-thread.js';
import { startupBanner } from './startup-banner.js';
import { buildGateway } from './gateway/app.js';
import { prepareNewDatabase } from './prepare-database.js';
import { isClusterWorker, runPrimary } from './workers.js';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The project's version, from server/ when run from source or dist/server/ when built. */
function packageVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    const file = new URL(relative, import.meta.url);
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

async function main(): Promise<void> {
  const config = readConfig();
  if (isClusterWorker()) return runGateway(config, true);

  const log = pino({ level: config.logLevel }, logOutput(config.logFormat));
  // A new PGlite database is created in a child process, so this one opens it as on a restart.
  await prepareNewDatabase(config, log);
  // Without IDENTITY_PUBLIC_URL or API_URL the embedded service takes its place, so both are set now.
  const embedded = await startEmbeddedServicesOnThread(config, log, packageVersion());
  const banner = () => {
    if (config.logFormat !== 'pretty') return;
    const embeddedMail = 'IDENTITY_PUBLIC_URL' in embedded.env || 'API_URL' in embedded.env;
    process.stdout.write(startupBanner(config, { version: packageVersion(), embeddedMail }));
  };

  if (config.workers > 1) {
    // Workers must sign with one key, including the one made up at start for an embedded API.
    await runPrimary({ config, env: { ASSERTION_SECRET: config.assertionSecret, ...embedded.env }, log, graceMs: SHUTDOWN_GRACE_MS, onStopped: embedded.close });
    log.info({ publicUrl: config.publicUrl, workers: config.workers }, `sitewave is starting ${config.workers} gateway workers: open ${config.publicUrl}`);
    banner();
    return;
  }
  await runGateway(config, false, embedded.close);
  banner();
}

async function runGateway(config: Config, clusterWorker: boolean, closeEmbedded: () => Promise<void> = async () => undefined): Promise<void> {
  const gateway = await buildGateway(config, { version: packageVersion(), clusterWorker });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    gateway.log.info({ signal }, 'shutting down: no new connections, draining requests in flight');
    const force = setTimeout(() => {
      gateway.log.error('requests still in flight after the grace period: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    gateway
      .close()
      .then(closeEmbedded)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          gateway.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await gateway.listen({ port: config.port, host: config.host });
  if (!clusterWorker) gateway.log.info({ publicUrl: config.publicUrl }, `sitewave is listening: open ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`sitewave failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
