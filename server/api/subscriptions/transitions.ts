/**
 * The subscription state machine. A device with no running subscription is in `none` (it never
 * had one, or its last one is `cancelled`).
 *
 *   none ──start──► active ──cancel──► cancelling ──period ends──► cancelled (= none)
 *                     │                    │
 *                     └──cancel now──► cancelled ◄──cancel now──┘
 *   active ──period ends──► active (renewed, next invoice)
 *
 * Anything else is refused with 409, naming the state the subscription is in.
 */
import { ApiError } from '../http/api-error.js';

export type SubscriptionState = 'active' | 'cancelling' | 'cancelled';
/** What a device is in, as far as subscribing goes. */
export type DeviceSubscriptionState = 'none' | SubscriptionState;

export type SubscriptionAction = 'start' | 'cancel' | 'cancelNow' | 'periodEnds';

const TRANSITIONS: Record<DeviceSubscriptionState, Partial<Record<SubscriptionAction, SubscriptionState>>> = {
  none: { start: 'active' },
  cancelled: { start: 'active' },
  active: { cancel: 'cancelling', cancelNow: 'cancelled', periodEnds: 'active' },
  cancelling: { cancelNow: 'cancelled', periodEnds: 'cancelled' },
};

const REFUSALS: Partial<Record<`${DeviceSubscriptionState}:${SubscriptionAction}`, string>> = {
  'active:start': 'This device already has an active subscription',
  'cancelling:start': 'This device’s subscription is cancelling; it can be started again once it has ended',
  'none:cancel': 'This device has no subscription to cancel',
  'none:cancelNow': 'This device has no subscription to cancel',
  'cancelled:cancel': 'This device’s subscription is already cancelled',
  'cancelled:cancelNow': 'This device’s subscription is already cancelled',
  'cancelling:cancel': 'This device’s subscription is already cancelling at the end of its period; cancel with "immediately": true to end it now',
};

export function transition(from: DeviceSubscriptionState, action: SubscriptionAction): SubscriptionState {
  const to = TRANSITIONS[from][action];
  if (!to) throw new ApiError(409, REFUSALS[`${from}:${action}`] ?? `A subscription in state ${from} cannot ${action}`, { state: from });
  return to;
}
