/** The selected organisation's newest notifications, polled while the page is open. */
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../lib/api-client.js';
import type { Notification } from '../lib/api-types.js';

export const NOTIFICATIONS_SHOWN = 20;
const POLL_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: (orgId: string) => [...notificationKeys.all, orgId, 'latest'] as const,
};

export function useLatestNotifications(orgId: string) {
  return useQuery({
    queryKey: notificationKeys.latest(orgId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/orgs/{orgId}/notifications', { params: { path: { orgId }, query: { per_page: NOTIFICATIONS_SHOWN } }, signal }), signal),
    refetchInterval: POLL_MS,
  });
}

/** The notifications of a page not yet in the seen set. */
export function unseenOf(items: readonly Notification[], seen: ReadonlySet<string>): Notification[] {
  return items.filter((item) => !seen.has(item.id));
}
