/**
 * `npm start` runs the embedded services (embedded.ts) on a worker thread of their own, so the
 * gateway's event loop only proxies and the process uses a second core: under load the API's
 * handlers, the identity service's password hashing and a just-imported track's processing no
 * longer queue behind the gateway's requests, nor the gateway behind them. They share one thread
 * because on the embedded default they share one PGlite instance, which only one thread may open.
 *
 * The thread starts from a copy of the configuration and answers with what the services changed
 * in it (their loopback URLs and admin tokens), as the in-process start does. A thread that fails
 * after starting takes the process down, as an uncaught error of the services would in-process:
 * a gateway without its upstreams must not go on answering.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { EmbeddedMeasurement, EmbeddedServices } from './embedded.js';
import { siblingModule } from './sibling-module.js';
import { startThread } from './threads.js';

const THREAD_MODULE = siblingModule(import.meta.url, 'embedded-thread-entry');

/**
 * A thread is a second V8 heap, and V8 grows a heap's young generation to 48 MB while a start
 * keeps much of what it allocates (modules, schemas, the demo's processing), then keeps it
 * resident while idle. 24 MB holds the services' requests just as well and keeps the resident
 * set of `npm start` within its budget (docs/performance.md).
 */
const YOUNG_GENERATION_MB = 24;

/** What the thread is started with. */
export interface EmbeddedThreadData {
  config: Config;
  version: string;
  measurement?: EmbeddedMeasurement;
}

/** What the thread says: once started (or not), and once closed. */
export type EmbeddedThreadMessage = { type: 'started'; config: Config; env: Record<string, string> } | { type: 'failed'; error: string } | { type: 'closed' };

/** The thread is told to close its services with this message. */
export const CLOSE_MESSAGE = 'close';

export async function startEmbeddedServicesOnThread(config: Config, log: FastifyBaseLogger, version: string, measurement?: EmbeddedMeasurement): Promise<EmbeddedServices> {
  const data: EmbeddedThreadData = { config, version, measurement };
  const worker = startThread(THREAD_MODULE, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  let closing = false;

  const started = await new Promise<Extract<EmbeddedThreadMessage, { type: 'started' }>>((resolve, reject) => {
    const onMessage = (message: EmbeddedThreadMessage) => {
      if (message.type === 'started') resolve(message);
      if (message.type === 'failed') reject(new Error(message.error));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded services stopped while starting (thread exit code ${code})`)));
  });
  worker.removeAllListeners();

  worker.on('error', (error) => {
    log.fatal({ err: error }, 'the embedded services failed: exiting');
    process.exit(1);
  });
  worker.on('exit', (code) => {
    if (closing) return;
    log.fatal({ code }, 'the embedded services stopped unexpectedly: exiting');
    process.exit(1);
  });
  Object.assign(config, started.config);

  return {
    env: started.env,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (message: EmbeddedThreadMessage) => message.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage(CLOSE_MESSAGE);
      await closed;
      await worker.terminate();
    },
  };
}
