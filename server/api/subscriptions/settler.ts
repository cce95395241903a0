/**
 * Settles due subscriptions of every organisation on a timer, so a renewal is invoiced and a
 * cancelled subscription ends even when nobody opens the organisation's devices or invoices.
 * Safe with several API instances: settling locks the rows and issues each period's invoice once.
 */
import type { Database } from '../../db/database.js';
import { settleAllSubscriptions } from './settle.js';

export interface SettlerOptions {
  /** Default every five minutes: periods are whole months, so this is prompt enough. */
  intervalMs?: number;
  now?: () => Date;
  onError?: (err: unknown) => void;
}

export class SubscriptionSettler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly options: SettlerOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Settles now; resolves when done. */
  async runOnce(): Promise<number> {
    while (this.running) await this.running.catch(() => undefined);
    let settled = 0;
    this.running = (async () => {
      settled = await settleAllSubscriptions(this.db, (this.options.now ?? (() => new Date()))());
    })();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
    return settled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await this.running.catch(() => undefined);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      if (this.stopped) return;
      this.runOnce()
        .catch((err: unknown) => this.options.onError?.(err))
        .finally(() => {
          if (!this.stopped) this.schedule(this.options.intervalMs ?? 5 * 60_000);
        });
    }, ms);
    this.timer.unref();
  }
}
