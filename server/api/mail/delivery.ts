/**
 * The API's outbox delivery: claims unsent `api_outbox` rows, hands each to the mail transport
 * and records the attempt. A failed row is retried on a later round; after MAX_ATTEMPTS it is
 * abandoned with its last error. Runs while the API instance does (started on ready, stopped on
 * close) and is woken when a request queues mail, so an invite goes out at once. On PGlite, which
 * one process owns, the rows a killed process had claimed are taken back at start instead of
 * after their lease.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { deliveryLoop } from '../../mail/delivery-loop.js';
import type { MailTransport } from '../../mail/transport.js';
import { claimUnsent, markFailed, markSent, releaseClaims } from './store.js';

export const MAX_ATTEMPTS = 10;
const BATCH = 20;
/** Longer than any one send may take; a row held longer was left by a stopped instance. */
const LEASE_MS = 5 * 60_000;

export interface OutboxDeliveryOptions {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  transport: MailTransport;
  pollMs?: number;
}

export interface OutboxDelivery {
  start(): void;
  /** Runs a round now (or right after the current one); nothing before start or after stop. */
  wake(): void;
  /** One round; answers how many rows were attempted. For tests and the loop itself. */
  round(): Promise<number>;
  /** Resolves when the current round is over; closes the transport. */
  stop(): Promise<void>;
}

export function outboxDelivery(options: OutboxDeliveryOptions): OutboxDelivery {
  const { db, now, log, transport } = options;

  const round = async (): Promise<number> => {
    const at = now();
    const claimed = await claimUnsent(db, BATCH, at, new Date(at.getTime() + LEASE_MS));
    for (const row of claimed) {
      try {
        await transport.send(row);
        await markSent(db, row.id, now());
      } catch (err) {
        const reason = (err as Error).message || String(err);
        const attempt = row.attempts + 1;
        const abandon = attempt >= MAX_ATTEMPTS;
        // The recipient is personal data and the body holds an invite link: log the id only.
        log.warn({ outboxId: row.id, kind: row.kind, attempt, abandoned: abandon, reason }, 'outbox e-mail delivery failed');
        await markFailed(db, row.id, reason, abandon, now());
      }
    }
    return claimed.length;
  };
  const loop = deliveryLoop({ round, batch: BATCH, pollMs: options.pollMs ?? 5_000, log, what: 'outbox' });

  // A claim made before this process owned the database is a dead process's: its lease began
  // before `ownedSince`, so it ends before `ownedSince + LEASE_MS`.
  const releaseOrphans = async () => {
    if (db.ownedSince) await releaseClaims(db, new Date(db.ownedSince.getTime() + LEASE_MS));
  };

  return {
    start() {
      void releaseOrphans()
        .catch((err: unknown) => log.warn({ err }, 'could not take back the outbox rows a stopped process had claimed'))
        .finally(() => loop.start());
    },
    wake: loop.wake,
    round,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox delivery loop; null when the API was given no mail settings. */
    outboxDelivery: OutboxDelivery | null;
  }
}

/**
 * The capability on an API instance: without a transport (no mail settings, as in most tests)
 * rows stay unsent for another mailer or a person to read. Answers the function that wakes it.
 */
export function installOutboxDelivery(app: FastifyInstance, options: Omit<OutboxDeliveryOptions, 'log' | 'transport'> & { transport?: MailTransport }): () => void {
  const { transport } = options;
  const delivery = transport ? outboxDelivery({ ...options, transport, log: app.log }) : null;
  app.decorate('outboxDelivery', delivery);
  if (!delivery) return () => undefined;
  app.addHook('onReady', async () => delivery.start());
  app.addHook('onClose', async () => delivery.stop());
  return () => delivery.wake();
}
