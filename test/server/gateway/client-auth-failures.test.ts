/**
 * The throttle's rules on their own, over in-memory counts and a clock moved by hand: which
 * counts stop an attempt, for how long, and what an unresolved attempt holds.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ClientAuthFailures, type ClientAuthAttempt } from '../../../server/gateway/client-auth-failures.js';
import { MemoryWindowCounts } from '../../../server/gateway/window-counts.js';
import { ManualClock } from '../support/gateway.js';

const LIMITS = { perClientAddress: 3, perAddress: 5, perClient: 6, windowMs: 60_000, attemptTtlMs: 10_000 };

let clock: ManualClock;
let failures: ClientAuthFailures;
beforeEach(() => {
  clock = new ManualClock();
  failures = new ClientAuthFailures(new MemoryWindowCounts(clock), LIMITS);
});

/** One attempt from start to answer; answers the wait when it was refused. */
async function attempt(who: ClientAuthAttempt, outcome: 'failed' | 'authenticated' | 'other' = 'failed'): Promise<number | undefined> {
  const admission = await failures.admit(who);
  if ('waitMs' in admission) return admission.waitMs;
  await failures.settle(who, admission.held, outcome);
  return undefined;
}

const at = (network: string, clientId?: string): ClientAuthAttempt => ({ network, clientId });

describe('ClientAuthFailures', () => {
  it('stops a client at an address after its failures, for the rest of the window, and then lets it in again', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt(at('a', 'app'))).toBeUndefined();
    clock.advance(20_000);
    expect(await attempt(at('a', 'app'))).toBe(40_000);
    expect(await attempt(at('b', 'app'))).toBeUndefined();
    expect(await attempt(at('a', 'other'))).toBeUndefined();
    clock.advance(40_000);
    expect(await attempt(at('a', 'app'), 'authenticated')).toBeUndefined();
  });

  it('counts attempts that name no client against their address alone', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt(at('a'))).toBeUndefined();
    expect(await attempt(at('a'))).toBe(60_000);
    expect(await attempt(at('a', 'app'), 'authenticated')).toBe(60_000);
    expect(await attempt(at('b'))).toBeUndefined();
  });

  it('does not count answers other than a failed authentication', async () => {
    for (let i = 0; i < 10; i++) expect(await attempt(at('a', 'app'), 'other')).toBeUndefined();
    for (let i = 0; i < 10; i++) expect(await attempt(at('a', 'app'), 'authenticated')).toBeUndefined();
  });

  it('under attack from many addresses, stops those that failed for the client and spares the clean ones', async () => {
    for (const network of ['a', 'b', 'c']) for (let i = 0; i < 2; i++) await attempt(at(network, 'app'));
    expect(await attempt(at('a', 'app'), 'authenticated')).toBe(60_000);
    expect(await attempt(at('clean', 'app'), 'authenticated')).toBeUndefined();
    expect(await attempt(at('fresh', 'app'))).toBeUndefined();
    expect(await attempt(at('fresh', 'app'))).toBe(60_000);
    // An address where the client has authenticated in the window is not suspected.
    await attempt(at('clean', 'app'), 'failed');
    expect(await attempt(at('clean', 'app'), 'authenticated')).toBeUndefined();
  });

  it('holds a place for each unresolved attempt, so attempts under way together cannot pass the limit', async () => {
    const admitted = await Promise.all(Array.from({ length: 5 }, () => failures.admit(at('a', 'app'))));
    expect(admitted.filter((admission) => 'held' in admission)).toHaveLength(3);
    expect(admitted.filter((admission) => 'waitMs' in admission)).toEqual(Array(2).fill({ waitMs: 1_000 }));
    // A place given back without a failure frees it.
    const first = admitted[0] as { held: string[] };
    await failures.settle(at('a', 'app'), first.held, 'other');
    expect('held' in (await failures.admit(at('a', 'app')))).toBe(true);
  });

  it('holds no place for a client at an address where it has authenticated', async () => {
    expect(await attempt(at('a', 'app'), 'authenticated')).toBeUndefined();
    const admitted = await Promise.all(Array.from({ length: 10 }, () => failures.admit(at('a', 'app'))));
    expect(admitted).toEqual(Array(10).fill({ held: [] }));
  });

  it('lets a place lapse when its answer is never seen', async () => {
    for (let i = 0; i < 3; i++) await failures.admit(at('a', 'app'));
    expect(await failures.admit(at('a', 'app'))).toEqual({ waitMs: 1_000 });
    clock.advance(10_000);
    expect('held' in (await failures.admit(at('a', 'app')))).toBe(true);
  });

  it('names the limits a failure has just reached, once', async () => {
    const fail = async (who: ClientAuthAttempt) => {
      const admission = await failures.admit(who);
      if (!('held' in admission)) throw new Error(`refused: ${JSON.stringify(who)}`);
      return failures.settle(who, admission.held, 'failed');
    };
    expect(await fail(at('a', 'app'))).toEqual([]);
    expect(await fail(at('a', 'app'))).toEqual([]);
    expect(await fail(at('a', 'app'))).toEqual(['client and address']);
    for (let i = 0; i < 4; i++) expect(await fail(at('z', `c${i}`))).toEqual([]);
    expect(await fail(at('z', 'c4'))).toEqual(['address']);
    expect(await fail(at('b', 'app'))).toEqual([]);
    expect(await fail(at('c', 'app'))).toEqual([]);
    expect(await fail(at('d', 'app'))).toEqual(['client']);
  });
});
