/**
 * The subscription catalogue: plans, their prices per interval and currency, in minor units.
 * Prices are final (what the invoice totals). A yearly subscription costs ten monthly ones.
 */

export const INTERVALS = ['monthly', 'yearly'] as const;
export type Interval = (typeof INTERVALS)[number];

export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Plan {
  id: string;
  name: string;
  /** Monthly price per currency; yearly is ten times it. */
  monthly: Record<Currency, number>;
}

export const PLANS: readonly Plan[] = [
  { id: 'basic', name: 'Basic', monthly: { EUR: 900, USD: 1000, GBP: 800 } },
  { id: 'professional', name: 'Professional', monthly: { EUR: 2900, USD: 3200, GBP: 2500 } },
  { id: 'enterprise', name: 'Enterprise', monthly: { EUR: 7900, USD: 8700, GBP: 6900 } },
];

export const PLAN_IDS = PLANS.map((p) => p.id);

export function planById(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function priceMinor(plan: Plan, interval: Interval, currency: Currency): number {
  return interval === 'monthly' ? plan.monthly[currency] : plan.monthly[currency] * 10;
}
