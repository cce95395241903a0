/**
 * Billing periods counted from the subscription's start (its anchor), in whole calendar months
 * or years. Each period is computed from the anchor rather than from the previous end, so a
 * subscription started on 31 January renews on 28/29 February, 31 March, 30 April, 31 May… and
 * never drifts to the 28th for good.
 */
import type { Interval } from './plans.js';

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** `anchor` plus `months` calendar months, the day clamped to the target month's length (UTC). */
export function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

const MONTHS: Record<Interval, number> = { monthly: 1, yearly: 12 };

export interface Period {
  start: Date;
  end: Date;
}

/** Period `index` (from 0) of a subscription anchored at `anchor`. */
export function periodAt(anchor: Date, interval: Interval, index: number): Period {
  return { start: addMonths(anchor, index * MONTHS[interval]), end: addMonths(anchor, (index + 1) * MONTHS[interval]) };
}

/** The index of the period that starts exactly at `start`; undefined if none does. */
export function periodIndexOf(anchor: Date, interval: Interval, start: Date): number | undefined {
  const monthsApart = (start.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + start.getUTCMonth() - anchor.getUTCMonth();
  const index = Math.round(monthsApart / MONTHS[interval]);
  return index >= 0 && periodAt(anchor, interval, index).start.getTime() === start.getTime() ? index : undefined;
}
