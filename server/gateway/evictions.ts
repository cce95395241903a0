/**
 * Cache evictions: what logout, re-authentication and role changes make stale. Each one is
 * applied to this instance's caches and, when a broadcast is attached (Redis), to every other
 * gateway instance's.
 */
import type { Eviction } from '../../shared/api-route-policy.js';
import type { Session } from '../../shared/identity-session.js';
import type { ApiKeys } from './api-keys.js';
import type { PermissionLists } from './permissions.js';
import type { SessionCache } from './session.js';

export type EvictionEvent =
  | { type: 'credential'; hash: string }
  | { type: 'session'; sessionId: string }
  | { type: 'identity-sessions'; identityId: string; keepHash?: string }
  | { type: 'identity-permissions'; identityId: string }
  | { type: 'scope-permissions'; kind: 'org' | 'project'; id: string }
  /** An API key was revoked: forget its cached check. */
  | { type: 'api-key'; keyId: string }
  /** Events may have been missed (the broadcast was down): forget every session, permission list and key check. */
  | { type: 'everything' };

export interface EvictionBroadcast {
  publish(event: EvictionEvent): void;
}

export class Evictions {
  private broadcast: EvictionBroadcast | undefined;

  constructor(
    private readonly sessions: SessionCache,
    private readonly permissions: PermissionLists,
    private readonly apiKeys?: Pick<ApiKeys, 'evict' | 'clear'>,
  ) {}

  attach(broadcast: EvictionBroadcast): void {
    this.broadcast = broadcast;
  }

  emit(event: EvictionEvent): void {
    this.apply(event);
    this.broadcast?.publish(event);
  }

  /** Applies an event locally; also the entry point for events from other instances. */
  apply(event: EvictionEvent): void {
    switch (event.type) {
      case 'credential':
        return this.sessions.evict(event.hash);
      case 'session':
        return this.sessions.evictSession(event.sessionId);
      case 'identity-sessions':
        return this.sessions.evictIdentity(event.identityId, event.keepHash);
      case 'identity-permissions':
        return this.permissions.evictIdentity(event.identityId);
      case 'scope-permissions':
        return this.permissions.evictScope({ kind: event.kind, id: event.id });
      case 'api-key':
        return this.apiKeys?.evict(event.keyId);
      case 'everything':
        this.sessions.clear();
        this.apiKeys?.clear();
        return this.permissions.clear();
    }
  }

  /** `DELETE /sessions` ended every session of the caller's identity but the caller's own. */
  revokeOtherSessions(callerHash: string): void {
    const identityId = this.sessions.identityOf(callerHash);
    if (identityId) this.emit({ type: 'identity-sessions', identityId, keepHash: callerHash });
  }

  /** The eviction a route policy (of `/api` or an admin API) names, after that route succeeded. */
  afterMutation(policy: { evicts?: Eviction }, params: Record<string, string>, caller: Session | null): void {
    const evicts = policy.evicts;
    if (!evicts) return;
    if ('caller' in evicts) {
      if (caller) this.emit({ type: 'identity-permissions', identityId: caller.identity.id });
    } else if ('identityParam' in evicts) {
      const identityId = params[evicts.identityParam];
      if (identityId) this.emit({ type: 'identity-permissions', identityId });
    } else if ('identitySessionsParam' in evicts) {
      const identityId = params[evicts.identitySessionsParam];
      if (identityId) this.emit({ type: 'identity-sessions', identityId });
    } else if ('sessionParam' in evicts) {
      const sessionId = params[evicts.sessionParam];
      if (sessionId) this.emit({ type: 'session', sessionId });
    } else {
      const id = params[evicts.scopeParam];
      if (id) this.emit({ type: 'scope-permissions', kind: evicts.scopeParam === 'orgId' ? 'org' : 'project', id });
    }
  }
}

export function isEvictionEvent(value: unknown): value is EvictionEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  const text = (key: string) => typeof event[key] === 'string' && event[key].length > 0;
  switch (event.type) {
    case 'credential':
      return text('hash');
    case 'session':
      return text('sessionId');
    case 'identity-sessions':
    case 'identity-permissions':
      return text('identityId');
    case 'scope-permissions':
      return (event.kind === 'org' || event.kind === 'project') && text('id');
    case 'api-key':
      return text('keyId');
    case 'everything':
      return true;
    default:
      return false;
  }
}
