/**
 * Counts that expire — what the client-authentication throttle keeps. In memory they belong to
 * one gateway process; in Redis every instance shares them. When Redis does not answer, this
 * process's own counts stand in: an outage narrows a limit to one instance's view instead of
 * lifting it.
 */
import type { ChainableCommander, Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.js';

export interface WindowCount {
  count: number;
  /** Until the count expires; 0 when nothing is counted. */
  msLeft: number;
}

export type CountOp =
  /** The count as it is. */
  | { op: 'get'; key: string }
  /** One more in a fixed window, opened by the first and not moved by the others. */
  | { op: 'add'; key: string; windowMs: number }
  /** One more, the count kept `ttlMs` from now (something under way, whose end may never be seen). */
  | { op: 'hold'; key: string; ttlMs: number }
  /** One fewer, for a `hold` that has ended. */
  | { op: 'release'; key: string }
  /** Set to one for `ttlMs` from now. */
  | { op: 'mark'; key: string; ttlMs: number };

export interface WindowCounts {
  /** Applies the operations as one, so no other request comes between them; answers each key's count after its operation. */
  apply(ops: readonly CountOp[]): Promise<WindowCount[]>;
}

const NOTHING: WindowCount = { count: 0, msLeft: 0 };

/** DECR that never goes below zero: a release after its hold expired must leave no debt (nor a key without expiry). */
const RELEASE = "local n = redis.call('DECR', KEYS[1]) if n <= 0 then redis.call('DEL', KEYS[1]) return 0 end return n";

export class MemoryWindowCounts implements WindowCounts {
  // Bounded, so made-up client ids and addresses cannot grow it without end.
  private readonly counts = new LRUCache<string, { count: number; expiresAt: number }>({ max: 100_000 });

  constructor(private readonly clock: Clock) {}

  async apply(ops: readonly CountOp[]): Promise<WindowCount[]> {
    const now = this.clock.now();
    return ops.map((op) => {
      const current = this.counts.get(op.key);
      const entry = current && current.expiresAt > now ? current : { count: 0, expiresAt: now };
      if (op.op === 'get') return entry.count > 0 ? { count: entry.count, msLeft: entry.expiresAt - now } : NOTHING;
      if (op.op === 'add') {
        if (entry.count === 0) entry.expiresAt = now + op.windowMs;
        entry.count++;
      } else if (op.op === 'hold') {
        entry.count++;
        entry.expiresAt = now + op.ttlMs;
      } else if (op.op === 'release') {
        entry.count = Math.max(entry.count - 1, 0);
      } else {
        entry.count = 1;
        entry.expiresAt = now + op.ttlMs;
      }
      if (entry.count === 0) {
        this.counts.delete(op.key);
        return NOTHING;
      }
      this.counts.set(op.key, entry);
      return { count: entry.count, msLeft: entry.expiresAt - now };
    });
  }
}

export class RedisWindowCounts implements WindowCounts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: WindowCounts,
  ) {}

  async apply(ops: readonly CountOp[]): Promise<WindowCount[]> {
    if (this.redis.status !== 'ready') return this.fallback.apply(ops);
    // One transaction: no other instance comes between a count read and a place taken.
    const transaction = this.redis.multi();
    // Where each operation's (count, pttl) replies will be among the transaction's.
    const replies: number[] = [];
    let queued = 0;
    for (const op of ops) {
      const { count, ttl, commands } = queue(transaction, this.prefix + op.key, op);
      replies.push(queued + count, queued + ttl);
      queued += commands;
    }
    try {
      const answers = await transaction.exec();
      if (!answers) throw new Error('redis discarded the transaction');
      return countsFrom(
        replies.map((at) => answers[at]!),
        ops.length,
      );
    } catch {
      return this.fallback.apply(ops);
    }
  }
}

/** Queues one operation: how many commands it took, and which of them answer its count and its pttl. */
function queue(transaction: ChainableCommander, key: string, op: CountOp): { commands: number; count: number; ttl: number } {
  switch (op.op) {
    case 'get':
      transaction.get(key).pttl(key);
      return { commands: 2, count: 0, ttl: 1 };
    case 'add':
      transaction.set(key, '0', 'PX', op.windowMs, 'NX').incr(key).pttl(key);
      return { commands: 3, count: 1, ttl: 2 };
    case 'hold':
      transaction.incr(key).pexpire(key, op.ttlMs).pttl(key);
      return { commands: 3, count: 0, ttl: 2 };
    case 'release':
      transaction.eval(RELEASE, 1, key).pttl(key);
      return { commands: 2, count: 0, ttl: 1 };
    case 'mark':
      transaction.set(key, '1', 'PX', op.ttlMs).get(key).pttl(key);
      return { commands: 3, count: 1, ttl: 2 };
  }
}

/** (count, pttl) reply pairs as counts; a failed reply fails them all. */
function countsFrom(replies: [Error | null, unknown][] | null | undefined, expected: number): WindowCount[] {
  if (!replies || replies.length !== expected * 2) throw new Error('redis answered an incomplete reply');
  const counts: WindowCount[] = [];
  for (let index = 0; index < replies.length; index += 2) {
    const [countError, count] = replies[index]!;
    const [ttlError, ttl] = replies[index + 1]!;
    if (countError || ttlError) throw countError ?? ttlError;
    // pttl is -2 for a key that is gone, -1 for one without expiry (never written here).
    const value = Math.max(Number(count ?? 0), 0);
    counts.push(value === 0 || Number(ttl) === -2 ? NOTHING : { count: value, msLeft: Math.max(Number(ttl), 0) });
  }
  return counts;
}
