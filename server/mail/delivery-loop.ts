/**
 * The rhythm both outboxes (the identity service's courier and the API's) are delivered in:
 * a round on every poll and whenever woken, one round at a time, the next at once after a
 * full batch (more may be waiting), and a stop that waits for the round in flight. What a
 * round claims and records is the caller's.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface DeliveryLoop {
  /** Polls from now on, starting with a round. */
  start(): void;
  /** A round now, or right after the current one; nothing before start or after stop. */
  wake(): void;
  /** Resolves when the round in flight is over. */
  stop(): Promise<void>;
}

export interface DeliveryLoopOptions {
  /** Attempts up to `batch` messages; answers how many it attempted. */
  round(): Promise<number>;
  batch: number;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Names the outbox in the log line of a failed round. */
  what: string;
}

export function deliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  let started = false;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const loop = async () => {
    do {
      again = false;
      try {
        if ((await options.round()) === options.batch) again = true;
      } catch (err) {
        options.log.error({ err }, `${options.what} delivery round failed; retrying on the next poll`);
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = undefined;
    });
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      timer = setInterval(wake, options.pollMs);
      timer.unref();
      wake();
    },
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
