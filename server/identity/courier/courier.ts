/**
 * The courier: e-mails are written to the outbox in the same transaction as the change that
 * causes them (a code is never stored without its e-mail, nor the reverse), and a delivery loop
 * hands queued messages to SMTP when one is configured.
 */
import type { Queryable } from '../../db/database.js';
import { enqueueMessage } from '../store/courier.js';
import type { RenderedEmail } from './templates.js';

export interface Courier {
  queue(q: Queryable, recipient: string, email: RenderedEmail): Promise<string>;
  /** Nudges the delivery loop after a commit, so mail goes out at once rather than on the next tick. */
  wake(): void;
}

export function createCourier(now: () => Date, wake: () => void = () => undefined): Courier {
  return {
    queue: (q, recipient, email) => enqueueMessage(q, { recipient, ...email }, now()),
    wake,
  };
}
