/** Subscriptions of devices, in the API schema. */
import type { Static } from 'typebox';
import type { Queryable } from '../../db/database.js';
import type { SubscriptionSchema } from '../http/response-schemas.js';
import type { Currency, Interval } from './plans.js';
import type { SubscriptionState } from './transitions.js';

/** The wire shape, derived from its response schema so the two cannot drift. */
export type Subscription = Static<typeof SubscriptionSchema>;

export interface SubscriptionRow {
  id: string;
  device_id: string;
  org_id: string;
  plan: string;
  interval: Interval;
  price_minor: number;
  currency: Currency;
  state: SubscriptionState;
  started_at: Date;
  current_period_start: Date;
  current_period_end: Date;
  cancelled_at: Date | null;
  ended_at: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscription(r: SubscriptionRow): Subscription {
  return {
    id: r.id,
    deviceId: r.device_id,
    orgId: r.org_id,
    plan: r.plan,
    interval: r.interval,
    priceMinor: r.price_minor,
    currency: r.currency,
    state: r.state,
    startedAt: r.started_at.toISOString(),
    currentPeriodStart: r.current_period_start.toISOString(),
    currentPeriodEnd: r.current_period_end.toISOString(),
    cancelledAt: iso(r.cancelled_at),
    endedAt: iso(r.ended_at),
  };
}

/** The device's latest subscription (running or ended); `lock` takes it FOR UPDATE. */
export async function latestSubscriptionRow(db: Queryable, deviceId: string, lock = false): Promise<SubscriptionRow | undefined> {
  const r = await db.query<SubscriptionRow>(`SELECT * FROM subscriptions WHERE device_id = $1 ORDER BY started_at DESC, id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`, [deviceId]);
  return r.rows[0];
}
