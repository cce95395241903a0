/** The counts the throttle keeps answer the same in memory and in Redis, and Redis standing in for a lost connection. */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryWindowCounts, RedisWindowCounts, type CountOp, type WindowCounts } from '../../../server/gateway/window-counts.js';
import { ManualClock } from '../support/gateway.js';
import { REDIS_URL, redisAvailable } from '../support/redis.js';

/** A run of operations and the counts each should answer. */
const SCRIPT: [CountOp, number][] = [
  [{ op: 'get', key: 'f' }, 0],
  [{ op: 'add', key: 'f', windowMs: 60_000 }, 1],
  [{ op: 'add', key: 'f', windowMs: 5 }, 2],
  [{ op: 'get', key: 'f' }, 2],
  [{ op: 'hold', key: 'h', ttlMs: 60_000 }, 1],
  [{ op: 'hold', key: 'h', ttlMs: 60_000 }, 2],
  [{ op: 'release', key: 'h' }, 1],
  [{ op: 'release', key: 'h' }, 0],
  // A release with nothing held leaves nothing behind, not a debt.
  [{ op: 'release', key: 'h' }, 0],
  [{ op: 'hold', key: 'h', ttlMs: 60_000 }, 1],
  [{ op: 'mark', key: 'm', ttlMs: 60_000 }, 1],
  [{ op: 'mark', key: 'm', ttlMs: 60_000 }, 1],
];

async function play(counts: WindowCounts): Promise<void> {
  for (const [op, expected] of SCRIPT) {
    const [answer] = await counts.apply([op]);
    expect(answer!.count, JSON.stringify(op)).toBe(expected);
    // The window opened by the first `add` is not moved by the second.
    if (expected > 0) expect(answer!.msLeft, JSON.stringify(op)).toBeGreaterThan(50_000);
  }
}

describe('MemoryWindowCounts', () => {
  it('answers the script', async () => {
    await play(new MemoryWindowCounts(new ManualClock()));
  });
});

const available = await redisAvailable();

describe.runIf(available)('RedisWindowCounts', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('answers the script as memory does, and leaves no key without expiry', async () => {
    const prefix = `sitewave:test:${randomUUID()}:`;
    await play(new RedisWindowCounts(redis, prefix, new MemoryWindowCounts(new ManualClock())));
    for (const key of await redis.keys(`${prefix}*`)) expect(await redis.pttl(key), key).toBeGreaterThan(0);
    await redis.del(...(await redis.keys(`${prefix}*`)));
  });

  it('counts in memory while Redis is not connected', async () => {
    const closed = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false });
    const memory = new MemoryWindowCounts(new ManualClock());
    const counts = new RedisWindowCounts(closed, 'sitewave:test:', memory);
    await counts.apply([{ op: 'add', key: 'k', windowMs: 60_000 }]);
    expect((await memory.apply([{ op: 'get', key: 'k' }]))[0]!.count).toBe(1);
    closed.disconnect();
  });
});
