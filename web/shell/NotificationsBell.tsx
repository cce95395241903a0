/**
 * The bell: how many of the organisation's newest notifications this browser has not shown yet
 * (the list minus `seenNotificationIds`). Opening it shows them, new ones marked, and counts
 * them as seen.
 */
import { useState } from 'react';
import { useTranslation } from '../lib/i18n.js';
import { persistentStorage, usePersistentStorage } from '../lib/persistent-storage.js';
import { PopoverPanel } from '../ui/PopoverPanel.js';
import { QueryError } from '../ui/QueryError.js';
import { RelativeTime } from '../ui/RelativeTime.js';
import { notificationTitle, NOTIFICATIONS_SHOWN, unseenOf, useLatestNotifications } from './notification-queries.js';

export function NotificationsBell({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const query = useLatestNotifications(orgId);
  const { seenNotificationIds } = usePersistentStorage();
  // What was new when the panel opened stays marked while it is open.
  const [newWhenOpened, setNewWhenOpened] = useState<ReadonlySet<string>>(new Set());
  const items = query.data?.items ?? [];
  const unseen = unseenOf(items, seenNotificationIds);
  const more = unseen.length === NOTIFICATIONS_SHOWN && (query.data?.total ?? 0) > NOTIFICATIONS_SHOWN;
  const count = unseen.length === 0 ? null : more ? `${unseen.length}+` : String(unseen.length);

  return (
    <PopoverPanel
      buttonClassName="icon-button bell"
      buttonLabel={count ? t('shell.notificationsUnseen', { number: count }) : t('shell.notifications')}
      button={
        <>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
          {count && (
            <span className="badge" aria-hidden="true">
              {count}
            </span>
          )}
        </>
      }
      panelLabel={t('shell.notifications')}
      panelClassName="notifications-panel"
      align="end"
      onOpenChange={(open) => {
        if (!open) return;
        setNewWhenOpened(new Set(unseen.map((item) => item.id)));
        if (unseen.length > 0) persistentStorage.markNotificationsSeen(unseen.map((item) => item.id));
      }}
    >
      <h2 className="notifications-title">{t('shell.notifications')}</h2>
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && <span className="spinner" role="status" aria-label={t('common.loading')} />}
      {query.isSuccess && items.length === 0 && <p className="notifications-empty">{t('shell.notificationsEmpty')}</p>}
      {items.length > 0 && (
        <ul className="notifications-list">
          {items.map((item) => (
            <li key={item.id} className="notification" data-new={newWhenOpened.has(item.id) || undefined}>
              <p className="notification-title">
                {newWhenOpened.has(item.id) && <span className="notification-new">{t('shell.new')}</span>}
                {notificationTitle(t, item)}
              </p>
              {item.body && <p className="notification-body">{item.body}</p>}
              <RelativeTime className="notification-time" date={item.createdAt} />
            </li>
          ))}
        </ul>
      )}
    </PopoverPanel>
  );
}
