/** Audit events, a cursor page at a time: everything (global administrators) or one organisation's. */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { AuditActorType, AuditEvent, AuditGroup, AuditOutcome, AuditTrail } from '../../../shared/audit-actions.js';
import { api, dataOf } from '../../lib/api-client.js';

export interface AuditFilters {
  /** Whose trail (global administrators): the API's unless another service's is chosen. */
  trail?: AuditTrail;
  actor?: string;
  group?: AuditGroup | '';
  target?: string;
  subject?: string;
  outcome?: AuditOutcome | '';
  actorType?: AuditActorType | '';
  /** ISO instants: at or after, strictly before. */
  from?: string;
  to?: string;
}

/** Where the events come from: the whole installation, or one organisation. */
export type AuditScope = { kind: 'global' } | { kind: 'org'; orgId: string };

export const auditKeys = { all: ['audit'] as const };

function queryOf(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return query;
}

export function useAuditEvents(scope: AuditScope, filters: AuditFilters, limit = 50) {
  const query = queryOf(filters);
  return useInfiniteQuery({
    queryKey: [...auditKeys.all, scope, query, limit],
    queryFn: async ({ pageParam, signal }) => {
      const q = { ...query, limit, cursor: pageParam ? Number(pageParam) : undefined };
      const page =
        scope.kind === 'global'
          ? await dataOf(api.GET('/api/admin/audit', { params: { query: q }, signal }), signal)
          : await dataOf(api.GET('/api/orgs/{orgId}/audit', { params: { path: { orgId: scope.orgId }, query: q }, signal }), signal);
      return page as { items: AuditEvent[]; next: string | null };
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The export of the same filters, as the browser downloads it (the session cookie goes along). */
export function exportHref(scope: AuditScope, filters: AuditFilters, format: 'csv' | 'jsonl'): string {
  const base = scope.kind === 'global' ? '/api/admin/audit/export' : `/api/orgs/${encodeURIComponent(scope.orgId)}/audit/export`;
  return `${base}?${new URLSearchParams({ ...queryOf(filters), format }).toString()}`;
}

export function useVerifyChain() {
  return useMutation({ mutationFn: (trail: AuditTrail) => dataOf(api.POST('/api/admin/audit/verify', { params: { query: { trail } } })) });
}
