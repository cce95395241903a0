/** An organisation's devices, one page at a time. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { pageQuery } from '../../lib/list-params.js';

export const DEVICE_SORTS = ['created', 'name', 'serial'] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];
export const DEVICE_STATUS_FILTERS = ['', 'active', 'disabled'] as const;
export const SUBSCRIPTION_FILTERS = ['', 'none', 'active', 'cancelling', 'cancelled'] as const;

export interface DeviceListQuery {
  q: string;
  status: (typeof DEVICE_STATUS_FILTERS)[number];
  subscription: (typeof SUBSCRIPTION_FILTERS)[number];
  sort: DeviceSort;
  page: number;
  perPage: number;
}

export const deviceKeys = {
  all: ['devices'] as const,
  lists: (orgId: string) => [...deviceKeys.all, 'list', orgId] as const,
  list: (orgId: string, query: DeviceListQuery) => [...deviceKeys.lists(orgId), query] as const,
};

export function useDevices(orgId: string, query: DeviceListQuery) {
  return useQuery({
    queryKey: deviceKeys.list(orgId, query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/devices', {
          params: {
            path: { orgId },
            query: { ...pageQuery(query), status: query.status || undefined, subscription: query.subscription || undefined },
          },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
