/**
 * Carries cache evictions between the gateway workers of one process tree (GATEWAY_WORKERS > 1
 * without Redis): each worker sends its evictions to the primary, which relays them to the
 * others (server/workers.ts). With REDIS_URL set, the Redis broadcast covers workers too.
 */
import { isEvictionEvent, type EvictionBroadcast, type EvictionEvent } from './evictions.js';

export const CLUSTER_EVICTION_MESSAGE = 'sitewave:evict';

export interface ClusterEvictionMessage {
  type: typeof CLUSTER_EVICTION_MESSAGE;
  event: EvictionEvent;
}

export function isClusterEvictionMessage(message: unknown): message is ClusterEvictionMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as ClusterEvictionMessage).type === CLUSTER_EVICTION_MESSAGE &&
    isEvictionEvent((message as ClusterEvictionMessage).event)
  );
}

/** For a worker: `null` when this process has no primary to talk to. */
export function connectClusterBroadcast(onEvent: (event: EvictionEvent) => void): (EvictionBroadcast & { close(): void }) | null {
  const send = process.send?.bind(process);
  if (!send) return null;
  const listener = (message: unknown) => {
    if (isClusterEvictionMessage(message)) onEvent(message.event);
  };
  process.on('message', listener);
  return {
    publish(event) {
      const message: ClusterEvictionMessage = { type: CLUSTER_EVICTION_MESSAGE, event };
      send(message);
    },
    close() {
      process.off('message', listener);
    },
  };
}
