/**
 * `/admin/orgs/:orgId/notifications`: everything the bell has announced, newest first, by kind,
 * each with a link to what it is about. Those not yet seen in this browser are marked new, and
 * count as seen once this page showed them.
 */
import { useEffect, useState } from 'react';
import type { Notification } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { persistentStorage } from '../../lib/persistent-storage.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { AppLink } from '../../ui/AppLink.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { RelativeTime } from '../../ui/RelativeTime.js';
import { notificationTarget } from './notification-target.js';
import { kindKey, notificationTitle } from '../../shell/notification-queries.js';
import { NOTIFICATION_KINDS, useNotifications } from './queries.js';

const TONE: Record<string, 'good' | 'warn' | 'bad' | undefined> = {
  'invite.accepted': 'good',
  'subscription.started': 'good',
  'subscription.cancelled': 'warn',
  'subscription.ended': 'bad',
};

export function NotificationsPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const orgName = useOrgName(orgId, t('shell.organization'));
  const [params, setParams] = useListParams<'newest'>({ sort: 'newest', sorts: ['newest'], filters: { kind: '' } });
  const kind = NOTIFICATION_KINDS.find((k) => k === params.filters.kind) ?? '';
  const query = useNotifications(orgId, { kind, page: params.page, perPage: params.perPage });
  // What was new when the rows arrived stays marked while the page is open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const items = query.data?.items;
  useEffect(() => {
    if (!items) return;
    const unseen = items.filter((item) => !persistentStorage.get().seenNotificationIds.has(item.id)).map((item) => item.id);
    if (unseen.length === 0) return;
    setFresh((current) => new Set([...current, ...unseen]));
    persistentStorage.markNotificationsSeen(unseen);
  }, [items]);

  const columns: DataColumn<Notification, 'newest'>[] = [
    {
      id: 'kind',
      header: t('admin.notifications.kind'),
      cell: (n) => (
        <span className="status-badge" data-tone={TONE[n.kind]}>
          {t(`admin.notifications.kinds.${kindKey(n.kind)}`, { defaultValue: n.kind })}
        </span>
      ),
    },
    {
      id: 'title',
      header: t('admin.notifications.what'),
      isRowHeader: true,
      cell: (n) => (
        <span className="notification-cell">
          {fresh.has(n.id) && <span className="notification-new">{t('shell.new')}</span>}
          <span className="cell-strong">{notificationTitle(t, n)}</span>
          {n.body && <span className="notification-body">{n.body}</span>}
        </span>
      ),
    },
    {
      id: 'when',
      header: t('admin.notifications.when'),
      cell: (n) => <RelativeTime date={n.createdAt} />,
    },
    {
      id: 'link',
      header: t('admin.notifications.about'),
      cell: (n) => {
        const target = notificationTarget(orgId, n);
        return target ? (
          <AppLink className="link" href={target.href}>
            {t(`admin.notifications.open.${target.label}`)}
          </AppLink>
        ) : (
          '—'
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title={t('shell.notifications')} crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: t('shell.nav.notifications') }]} />
      <div className="list-toolbar">
        <FilterSelect
          label={t('admin.notifications.kind')}
          value={kind}
          options={NOTIFICATION_KINDS.map((value) => ({ value, label: value ? t(`admin.notifications.kinds.${kindKey(value)}`) : t('shell.all') }))}
          onChange={(value) => setParams({ filters: { kind: value } })}
        />
      </div>
      <DataTable
        label={t('shell.notifications')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        empty={kind ? t('shell.noMatches') : t('shell.notificationsEmpty')}
      />
    </>
  );
}
