/** The selected organisation's newest notifications, polled while the page is open. */
import { useQuery } from '@tanstack/react-query';
import type { ApiPage, Notification } from '../lib/api-types.js';
import { request } from '../lib/http.js';

export const NOTIFICATIONS_SHOWN = 20;
const POLL_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: (orgId: string) => [...notificationKeys.all, orgId, 'latest'] as const,
};

export function useLatestNotifications(orgId: string) {
  return useQuery({
    queryKey: notificationKeys.latest(orgId),
    queryFn: async ({ signal }) =>
      (
        await request<ApiPage<Notification>>(`/api/orgs/${encodeURIComponent(orgId)}/notifications`, {
          params: { per_page: NOTIFICATIONS_SHOWN },
          signal,
        })
      ).data,
    refetchInterval: POLL_MS,
  });
}

/** The notifications of a page not yet in the seen set. */
export function unseenOf(items: readonly Notification[], seen: ReadonlySet<string>): Notification[] {
  return items.filter((item) => !seen.has(item.id));
}
