/** Projects of an organisation: one page of the list, as the projects screen asks for it. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export function useProjects(orgId: string, query: ProjectListQuery) {
  return useQuery({
    queryKey: projectKeys.list(orgId, query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/projects', {
          params: {
            path: { orgId },
            query: { ...pageQuery(query), status: query.status || undefined, mine: query.mine || undefined },
          },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
