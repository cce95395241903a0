/**
 * Lifespans as the identity platform stores them, Go durations (`24h`, `1h30m`, `90s`, the
 * syntax of server/platform/duration.ts), and as people enter them: an amount of days, hours,
 * minutes or seconds. Go has no day unit, so days are stored as hours.
 */
const GO_UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const GO_DURATION = /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/;

export const DURATION_UNITS = ['d', 'h', 'm', 's'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

const UNIT_MS: Record<DurationUnit, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 };

export interface FriendlyDuration {
  /** `NaN` while the field is empty. */
  amount: number;
  unit: DurationUnit;
}

/** Milliseconds, or undefined when the text is not a Go duration. */
export function parseGoDuration(text: string): number | undefined {
  if (!GO_DURATION.test(text)) return undefined;
  let total = 0;
  for (const [, amount, , unit] of text.matchAll(/([0-9]+(\.[0-9]+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(amount) * GO_UNIT_MS[unit!]!;
  return total;
}

/** The largest unit the stored duration is a whole number of (`1h30m` is 90 minutes); seconds otherwise. */
export function friendlyDuration(stored: unknown, fallback: FriendlyDuration): FriendlyDuration {
  const ms = typeof stored === 'string' ? parseGoDuration(stored) : undefined;
  if (ms === undefined || ms <= 0) return fallback;
  const unit = DURATION_UNITS.find((u) => ms % UNIT_MS[u] === 0) ?? 's';
  return { amount: ms / UNIT_MS[unit], unit };
}

/** The Go duration to store: `30d` → `720h`. */
export function goDurationOf({ amount, unit }: FriendlyDuration): string {
  return unit === 'd' ? `${amount * 24}h` : `${amount}${unit}`;
}

/** A positive, finite amount: what a lifespan must be. */
export function isValidAmount(amount: number): boolean {
  return Number.isFinite(amount) && amount > 0;
}
