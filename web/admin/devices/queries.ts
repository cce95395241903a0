/** An organisation's devices: the list, one device, and what can be done to them. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { DeviceChange, NewSubscription } from '../../lib/api-types.js';
import { pageQuery } from '../../lib/list-params.js';
import { invoiceKeys } from '../invoices/queries.js';

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
  detail: (deviceId: string) => [...deviceKeys.all, 'detail', deviceId] as const,
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

export function useDevice(deviceId: string) {
  return useQuery({
    queryKey: deviceKeys.detail(deviceId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/devices/{deviceId}', { params: { path: { deviceId } }, signal }), signal),
  });
}

/** After any change the device's page, the lists and its invoices read again. */
function useRefreshDevices() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: deviceKeys.all }), client.invalidateQueries({ queryKey: invoiceKeys.all })]);
  };
}

export function useRegisterDevice(orgId: string) {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: (body: { serial: string; claimCode: string; name?: string }) => dataOf(api.POST('/api/orgs/{orgId}/devices/register', { params: { path: { orgId } }, body })),
    onSuccess: refresh,
  });
}

export function useUpdateDevice(deviceId: string) {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: (body: DeviceChange) => dataOf(api.PUT('/api/devices/{deviceId}', { params: { path: { deviceId } }, body })),
    onSuccess: refresh,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: ['subscription-plans'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/subscriptions/plans', { signal }), signal),
    // The catalogue changes with a release, not during a visit.
    staleTime: Infinity,
  });
}

export function useStartSubscription(deviceId: string) {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: (body: NewSubscription) => dataOf(api.POST('/api/devices/{deviceId}/startsubscription', { params: { path: { deviceId } }, body })),
    onSuccess: refresh,
  });
}

export function useCancelSubscription(deviceId: string) {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: (immediately: boolean) => dataOf(api.POST('/api/devices/{deviceId}/cancelsubscription', { params: { path: { deviceId } }, body: { immediately } })),
    onSuccess: refresh,
  });
}
