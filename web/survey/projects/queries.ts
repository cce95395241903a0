/** Projects of an organisation: one page of the list, as the projects screen asks for it. */
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { pageQuery } from '../../lib/list-params.js';
import type { ProjectStatus } from '../../lib/api-types.js';

export const PROJECT_SORTS = ['updated', 'name', 'created'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export interface ProjectListQuery {
  q: string;
  status: ProjectStatus | '';
  mine: boolean;
  sort: ProjectSort;
  page: number;
  perPage: number;
}

export const projectKeys = {
  all: ['projects'] as const,
  lists: (orgId: string) => [...projectKeys.all, 'list', orgId] as const,
  list: (orgId: string, query: ProjectListQuery) => [...projectKeys.lists(orgId), query] as const,
  detail: (projectId: string) => [...projectKeys.all, 'detail', projectId] as const,
  stats: (projectId: string) => [...projectKeys.detail(projectId), 'stats'] as const,
  floors: (projectId: string) => [...projectKeys.detail(projectId), 'floors'] as const,
};

/**
 * The total an answer already in the cache gave for the same search (any page, size or order):
 * sent with a later page so the server need not count every match again. An invalidated answer
 * (the list changed since) is not used, nor a total that is only a lower bound (the server would
 * take it for exact).
 */
function knownTotal(client: QueryClient, orgId: string, query: ProjectListQuery): number | undefined {
  if (query.page === 1) return undefined;
  for (const cached of client.getQueryCache().findAll({ queryKey: projectKeys.lists(orgId) })) {
    const other = cached.queryKey[3] as ProjectListQuery | undefined;
    const data = cached.state.data as { total?: number; totalIsLowerBound?: boolean } | undefined;
    if (cached.state.isInvalidated || typeof data?.total !== 'number' || data.totalIsLowerBound || !other) continue;
    if (other.q === query.q && other.status === query.status && other.mine === query.mine) return data.total;
  }
  return undefined;
}

export function useProjects(orgId: string, query: ProjectListQuery) {
  const client = useQueryClient();
  return useQuery({
    queryKey: projectKeys.list(orgId, query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/projects', {
          params: {
            path: { orgId },
            query: {
              ...pageQuery(query),
              status: query.status || undefined,
              mine: query.mine || undefined,
              known_total: knownTotal(client, orgId, query),
            },
          },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
