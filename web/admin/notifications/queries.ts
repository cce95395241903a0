/** The organisation's notifications page by page, optionally of one kind. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { notificationKeys } from '../../shell/notification-queries.js';

/** The kinds the API records; the page filters by them and names each in the reader's language. */
export const NOTIFICATION_KINDS = ['', 'invite.accepted', 'subscription.started', 'subscription.cancelled', 'subscription.ended'] as const;
export type NotificationKindFilter = (typeof NOTIFICATION_KINDS)[number];

/** `subscription.started` → `subscriptionStarted`: a dot would nest the text's key one level deeper. */
export function kindKey(kind: string): string {
  return kind.replace(/\.(\w)/g, (_, first: string) => first.toUpperCase());
}

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
