/** Firmware releases by device model, and deleting one. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';

export interface ReleaseListQuery {
  deviceModel: string;
  page: number;
  perPage: number;
}

export const firmwareKeys = {
  all: ['firmware'] as const,
  list: (query: ReleaseListQuery) => [...firmwareKeys.all, 'list', query] as const,
  models: () => [...firmwareKeys.all, 'models'] as const,
};

export function useReleases(query: ReleaseListQuery) {
  return useQuery({
    queryKey: firmwareKeys.list(query),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/firmware/releases', { params: { query: { deviceModel: query.deviceModel || undefined, page: query.page, per_page: query.perPage } }, signal }), signal),
    placeholderData: keepPreviousData,
  });
}

/** The models releases exist for, newest releases first (enough for a filter). */
export function useReleaseModels() {
  return useQuery({
    queryKey: firmwareKeys.models(),
    queryFn: async ({ signal }) => {
      const page = await dataOf(api.GET('/api/firmware/releases', { params: { query: { per_page: 100 } }, signal }), signal);
      return [...new Set(page.items.map((release) => release.deviceModel))].sort();
    },
  });
}

export function useDeleteRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (releaseId: string) => dataOf(api.DELETE('/api/admin/firmware/releases/{releaseId}', { params: { path: { releaseId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
