/**
 * The worker thread of embedded-thread.ts: starts the embedded services with the configuration
 * it was given, reports what they changed in it, and closes them when told. Logs go to the
 * process's output in its format.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { logOutput } from './logging/log-output.js';
import { startEmbeddedServices } from './embedded.js';
import { CLOSE_MESSAGE, type EmbeddedThreadData, type EmbeddedThreadMessage } from './embedded-thread.js';

const port = parentPort;
if (!port) throw new Error('embedded-thread-entry runs only as a worker thread of embedded-thread.ts');
const say = (message: EmbeddedThreadMessage) => port.postMessage(message);

const { config, version, measurement } = workerData as EmbeddedThreadData;
const log = pino({ level: config.logLevel }, logOutput(config.logFormat));

try {
  const services = await startEmbeddedServices(config, log, version, measurement);
  port.on('message', (message: unknown) => {
    if (message !== CLOSE_MESSAGE) return;
    services
      .close()
      .catch((error: unknown) => log.error({ err: error }, 'closing the embedded services failed'))
      .finally(() => {
        say({ type: 'closed' });
        port.close();
      });
  });
  say({ type: 'started', config, env: services.env });
} catch (error) {
  say({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  port.close();
}
