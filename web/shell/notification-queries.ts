/** The selected organisation's newest notifications, polled while the page is open. */
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../lib/api-client.js';
import type { Notification } from '../lib/api-types.js';
import type { Translate } from '../lib/translator.js';

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

/** `subscription.started` → `subscriptionStarted`: a dot would nest the text's key one level deeper. */
export function kindKey(kind: string): string {
  return kind.replace(/\.(\w)/g, (_, first: string) => first.toUpperCase());
}

/** The values each kind's title names; the API records them in the notification's `data`. */
const TITLE_VALUES: Readonly<Record<string, readonly string[]>> = {
  'invite.accepted': ['name'],
  'subscription.started': ['device'],
  'subscription.cancelled': ['device'],
  'subscription.ended': ['device'],
  'firmware.released': ['version', 'deviceModel'],
};

/**
 * A notification's title in the reader's language (`shell.notificationTitles`). The API's own
 * English title stays the answer for a kind this client does not know, or a notification recorded
 * before its data carried the title's values.
 */
export function notificationTitle(t: Translate, notification: Pick<Notification, 'kind' | 'title' | 'data'>): string {
  const names = TITLE_VALUES[notification.kind];
  const data = (notification.data ?? {}) as Record<string, unknown>;
  if (!names || !names.every((name) => typeof data[name] === 'string' && data[name] !== '')) return notification.title;
  const values = Object.fromEntries(names.map((name) => [name, data[name]]));
  return t(`shell.notificationTitles.${kindKey(notification.kind)}`, { ...values, defaultValue: notification.title });
}

/** The notifications of a page not yet in the seen set. */
export function unseenOf(items: readonly Notification[], seen: ReadonlySet<string>): Notification[] {
  return items.filter((item) => !seen.has(item.id));
}
