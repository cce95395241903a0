/**
 * Carries cache evictions between gateway instances over Redis pub/sub, so a logout or a role
 * change through one instance is seen by all of them within a round trip.
 *
 * Redis going away must not stop the gateway: evictions then apply to this instance only, the
 * outage is logged once, and what this instance evicted meanwhile waits (the latest
 * MAX_PENDING) to be published when Redis is back. Other instances' evictions of that time are
 * lost to this one, so on reconnecting it forgets every cached session and permission list
 * (an `everything` event to its own caches): one refill instead of a stale right.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { isEvictionEvent, type EvictionBroadcast, type EvictionEvent } from './evictions.js';

export const EVICTION_CHANNEL = 'sitewave:gateway:evictions';
const MAX_PENDING = 10_000;

export interface RedisEvictionBroadcast extends EvictionBroadcast {
  /** Settles when the first subscription is made or has failed: the gateway starts either way. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function connectEvictionBroadcast(redisUrl: string, onEvent: (event: EvictionEvent) => void, log: FastifyBaseLogger): RedisEvictionBroadcast {
  const instance = randomUUID();
  // Commands are not queued while disconnected (pending below does that for publishes), and
  // the subscription is made again on every connection rather than replayed by ioredis.
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, autoResubscribe: false, connectTimeout: 2_000 };
  const publisher = new Redis(redisUrl, options);
  // A subscribed connection can do nothing else, so it gets its own.
  const subscriber = new Redis(redisUrl, options);
  let pending: string[] = [];
  let down = false;
  let closing = false;

  const wentDown = (reason: string) => {
    if (down || closing) return;
    down = true;
    log.warn({ reason }, 'eviction broadcast: redis is unavailable; evictions apply to this instance only until it is back');
  };
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => wentDown(error.message));
    client.on('close', () => wentDown('connection closed'));
  }

  subscriber.on('message', (_channel: string, message: string) => {
    let parsed: { from?: unknown; event?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.from !== instance && isEvictionEvent(parsed.event)) onEvent(parsed.event);
  });

  let firstSubscription = true;
  const ready = new Promise<void>((resolve) => {
    subscriber.on('ready', () => {
      subscriber.subscribe(EVICTION_CHANNEL).then(
        () => {
          if (!firstSubscription && down) {
            down = false;
            onEvent({ type: 'everything' });
            log.info('eviction broadcast: redis is back; cached sessions and permissions were forgotten, as evictions may have been missed');
          }
          firstSubscription = false;
          resolve();
        },
        (error: Error) => wentDown(error.message),
      );
    });
    // Redis down at start: serve without it rather than not at all.
    subscriber.once('error', () => resolve());
  });

  const send = (message: string) => {
    publisher.publish(EVICTION_CHANNEL, message).catch((error: Error) => {
      wentDown(error.message);
      keep(message);
    });
  };
  const keep = (message: string) => {
    pending.push(message);
    if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
  };
  publisher.on('ready', () => {
    const waiting = pending;
    pending = [];
    for (const message of waiting) send(message);
  });

  return {
    ready,
    publish(event) {
      const message = JSON.stringify({ from: instance, event });
      if (publisher.status === 'ready') send(message);
      else keep(message);
    },
    async close() {
      closing = true;
      // quit() says goodbye on a live connection; disconnect() also stops reconnecting to a dead one.
      await Promise.allSettled(
        [subscriber, publisher].map(async (client) => {
          if (client.status === 'ready') await client.quit();
          else client.disconnect();
        }),
      );
    },
  };
}
