/**
 * The delivery loop: claims queued messages (several instances never claim the same one), hands
 * each to the transport and records the attempt. A failed message goes back to the queue and is
 * retried on the next round; after MAX_ATTEMPTS it is abandoned, its last error kept. Messages
 * a stopped instance left `processing` are requeued at start: after STALE_MS on PostgreSQL, where
 * another live instance may be sending them, and all of them on PGlite, which one process owns.
 */
import type { IdentityContext } from '../context.js';
import { claimQueued, recordDelivery, requeueStale } from '../store/courier.js';
import { deliveryLoop } from '../../mail/delivery-loop.js';
import type { MailTransport } from '../../mail/transport.js';

export const MAX_ATTEMPTS = 10;
const BATCH = 20;
const STALE_MS = 5 * 60_000;

export interface Delivery {
  /** Runs a round now (or right after the current one). */
  wake(): void;
  /** Resolves when the current round is over. */
  stop(): Promise<void>;
  /** One round; answers how many messages were attempted. For tests and the loop itself. */
  round(): Promise<number>;
}

export function startDelivery(ctx: Pick<IdentityContext, 'db' | 'now' | 'log'>, transport: MailTransport, pollMs = 5_000): Delivery {
  const round = async (): Promise<number> => {
    const claimed = await claimQueued(ctx.db, BATCH, ctx.now());
    for (const message of claimed) {
      try {
        await transport.send(message);
        await ctx.db.transaction((tx) => recordDelivery(tx, message.id, { status: 'sent' }, ctx.now()));
      } catch (err) {
        const reason = (err as Error).message || String(err);
        const status = message.send_count + 1 >= MAX_ATTEMPTS ? 'abandoned' : 'queued';
        // The recipient is personal data and the body holds a code: log the id only.
        ctx.log.warn({ messageId: message.id, attempt: message.send_count + 1, status, reason }, 'e-mail delivery failed');
        await ctx.db.transaction((tx) => recordDelivery(tx, message.id, { status, error: reason }, ctx.now()));
      }
    }
    return claimed.length;
  };
  const loop = deliveryLoop({ round, batch: BATCH, pollMs, log: ctx.log, what: 'courier' });

  const stale = new Date(ctx.now().getTime() - STALE_MS);
  const owned = ctx.db.ownedSince;
  void requeueStale(ctx.db, owned && owned > stale ? owned : stale)
    .catch((err: unknown) => ctx.log.warn({ err }, 'could not requeue stale courier messages'))
    .finally(() => loop.start());

  return {
    wake: loop.wake,
    round,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
