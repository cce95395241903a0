/**
 * What gateway workers (GATEWAY_WORKERS > 1) and their primary say to each other over IPC
 * (server/workers.ts is the primary's side):
 *  - evictions: a worker sends its evictions to the primary, which applies them, relays them to
 *    the other workers and, with REDIS_URL, to other instances;
 *  - session lookups: a worker's session cache asks the primary on a miss, so one whoami call
 *    per session per TTL serves every worker, as it would a single process.
 */
import { randomUUID } from 'node:crypto';
import type { Credential } from './credentials.js';
import { isEvictionEvent, type EvictionBroadcast, type EvictionEvent } from './evictions.js';
import { HttpError } from './http-error.js';
import type { SessionAnswer, SessionLookup } from './session.js';

export type ClusterMessage =
  | { type: 'sitewave:evict'; event: EvictionEvent }
  | { type: 'sitewave:session?'; id: string; credential: Credential }
  | { type: 'sitewave:session'; id: string; answer?: SessionAnswer; error?: { status: number; reason: string } };

export function isClusterMessage(message: unknown): message is ClusterMessage {
  if (typeof message !== 'object' || message === null) return false;
  const candidate = message as ClusterMessage;
  switch (candidate.type) {
    case 'sitewave:evict':
      return isEvictionEvent(candidate.event);
    case 'sitewave:session?':
      return typeof candidate.id === 'string' && typeof candidate.credential?.hash === 'string';
    case 'sitewave:session':
      return typeof candidate.id === 'string';
    default:
      return false;
  }
}

export interface ClusterWorkerLink {
  broadcast: EvictionBroadcast;
  lookup: SessionLookup;
  close(): void;
}

/** A worker's link to its primary; `null` when this process has none. */
export function connectToPrimary(onEviction: (event: EvictionEvent) => void, timeoutMs: number): ClusterWorkerLink | null {
  const send = process.send?.bind(process);
  if (!send) return null;
  const pending = new Map<string, { resolve: (answer: SessionAnswer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();

  const listener = (message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.type === 'sitewave:evict') return onEviction(message.event);
    if (message.type !== 'sitewave:session') return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.answer) waiting.resolve(message.answer);
    else waiting.reject(new HttpError(message.error?.status ?? 502, message.error?.reason ?? 'The session could not be checked'));
  };
  process.on('message', listener);

  return {
    broadcast: {
      publish(event) {
        send({ type: 'sitewave:evict', event } satisfies ClusterMessage);
      },
    },
    lookup(credential) {
      return new Promise((resolve, reject) => {
        const id = randomUUID();
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new HttpError(504, 'The identity service did not answer in time'));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        send({ type: 'sitewave:session?', id, credential } satisfies ClusterMessage);
      });
    },
    close() {
      process.off('message', listener);
      for (const waiting of pending.values()) clearTimeout(waiting.timer);
    },
  };
}
