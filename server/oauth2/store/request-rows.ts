/**
 * Rows read together with an access token, for the rest of the same request only. Answering
 * `/userinfo` oidc-provider reads the token, then its sign-in session, its client and its grant,
 * one after the other: on PostgreSQL four round trips where one statement can answer all four.
 * Each row so read is handed out once, to the lookup it was read for, within the request that
 * read it; any write in that request ends them. Nothing outlives the request, so a revocation
 * is seen by the next request exactly as without them.
 */
import type { AdapterPayload } from 'oidc-provider';
import type { LookupKind } from './model-cache.js';

export interface RequestRow {
  payload: AdapterPayload;
  expiresAt: number | null;
}

/** The models a token's statement reads beside it, and the lookup each answers (adapter.ts). */
export const TOKEN_COMPANIONS = [
  { model: 'Session', kind: 'uid', match: "m.uid = token.payload->>'sessionUid'" },
  { model: 'Client', kind: 'id', match: "m.id = token.payload->>'clientId'" },
  { model: 'Grant', kind: 'id', match: 'm.id = token.grant_id' },
] as const satisfies readonly { model: string; kind: LookupKind; match: string }[];

export class RequestRows {
  private readonly byRequest = new WeakMap<object, Map<string, RequestRow>>();

  keep(request: object, rows: { model: string; kind: LookupKind; value: string; row: RequestRow }[]): void {
    const kept = new Map<string, RequestRow>();
    for (const { model, kind, value, row } of rows) kept.set(keyOf(model, kind, value), row);
    this.byRequest.set(request, kept);
  }

  /** The row read for this lookup in this request, once. */
  take(request: object, model: string, kind: LookupKind, value: string): RequestRow | undefined {
    const kept = this.byRequest.get(request);
    if (!kept) return undefined;
    const key = keyOf(model, kind, value);
    const row = kept.get(key);
    kept.delete(key);
    return row;
  }

  /** A write in this request: what was read before it may be what it changed. */
  forget(request: object): void {
    this.byRequest.delete(request);
  }
}

function keyOf(model: string, kind: LookupKind, value: string): string {
  return `${model}\u0000${kind}\u0000${value}`;
}
