/**
 * Monotonic milliseconds, injected so the caches' time limits (the 2-minute permission lists,
 * the session TTL) can be tested by moving time rather than by waiting for it.
 */
export interface Clock {
  now(): number;
  /** Wall-clock milliseconds since the epoch, for expiry times given as dates (`expires_at`). */
  epochMs(): number;
}

export const systemClock: Clock = { now: () => performance.now(), epochMs: () => Date.now() };
