/** The organisation's notifications page by page, optionally of one kind. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { notificationKeys } from '../../shell/notification-queries.js';

/** The kinds the API records; the page filters by them and names each in the reader's language. */
export const NOTIFICATION_KINDS = ['', 'invite.accepted', 'subscription.started', 'subscription.cancelled', 'subscription.ended', 'firmware.released'] as const;
export type NotificationKindFilter = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationListQuery {
  kind: NotificationKindFilter;
  page: number;
  perPage: number;
}

export function useNotifications(orgId: string, query: NotificationListQuery) {
  return useQuery({
    queryKey: [...notificationKeys.all, orgId, 'list', query] as const,
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/notifications', {
          params: { path: { orgId }, query: { page: query.page, per_page: query.perPage, kind: query.kind || undefined } },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
