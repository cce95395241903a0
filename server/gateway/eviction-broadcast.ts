/**
 * Carries cache evictions between gateway instances over Redis pub/sub, so a logout or a role
 * change through one instance is seen by all of them within a round trip.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { isEvictionEvent, type EvictionBroadcast, type EvictionEvent } from './evictions.js';

export const EVICTION_CHANNEL = 'sitewave:gateway:evictions';

export interface RedisEvictionBroadcast extends EvictionBroadcast {
  ready: Promise<void>;
  close(): Promise<void>;
}

export function connectEvictionBroadcast(redisUrl: string, onEvent: (event: EvictionEvent) => void, log: FastifyBaseLogger): RedisEvictionBroadcast {
  const instance = randomUUID();
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false };
  const publisher = new Redis(redisUrl, options);
  // A subscribed connection can do nothing else, so it gets its own.
  const subscriber = new Redis(redisUrl, options);
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log.warn({ reason: error.message }, 'eviction broadcast: redis error'));
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

  const ready = subscriber.subscribe(EVICTION_CHANNEL).then(() => undefined);

  return {
    ready,
    publish(event) {
      publisher.publish(EVICTION_CHANNEL, JSON.stringify({ from: instance, event })).catch((error: Error) => {
        log.error({ reason: error.message, type: event.type }, 'eviction broadcast: publish failed');
      });
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
