/** The invitations sent, with their state and expiry; a pending one can be cancelled. */
import type { Invite } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { RelativeTime } from '../../ui/RelativeTime.js';
import { toastStore } from '../../ui/toast-store.js';
import { INVITE_STATUS_FILTERS, useCancelInvite, useInvites } from './queries.js';

const TONE = { pending: 'warn', accepted: 'good', declined: undefined, expired: undefined, cancelled: undefined, removed: undefined } as const;

export function InviteTable({ orgId, mayManage }: { orgId: string; mayManage: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [params, setParams] = useListParams<'created'>({ sort: 'created', sorts: ['created'], filters: { tab: 'invitations', status: 'pending' } });
  const status = INVITE_STATUS_FILTERS.find((s) => s === params.filters.status) ?? '';
  const query = useInvites(orgId, { q: params.q, status, page: params.page, perPage: params.perPage });
  const cancel = useCancelInvite(orgId);

  async function cancelInvite(invite: Invite) {
    const sure = await confirm({
      title: t('admin.invites.cancelTitle'),
      message: t('admin.invites.cancelText', { email: invite.email }),
      confirmLabel: t('admin.invites.cancel'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await cancel.mutateAsync(invite.id);
      toastStore.show(t('admin.invites.cancelled', { email: invite.email }), 'success');
    } catch {
      toastStore.show(t('admin.invites.cancelFailed'), 'error');
    }
  }

  const columns: DataColumn<Invite, 'created'>[] = [
    { id: 'email', header: t('admin.members.email'), isRowHeader: true, cell: (i) => <span className="cell-strong">{i.email}</span> },
    { id: 'role', header: t('admin.members.role'), cell: (i) => t(`shell.roles.${i.role}`) },
    {
      id: 'status',
      header: t('admin.invites.status'),
      cell: (i) => (
        <span className="status-badge" data-tone={TONE[i.status]}>
          {t(`admin.invites.statuses.${i.status}`)}
        </span>
      ),
    },
    { id: 'sent', header: t('admin.invites.sent'), cell: (i) => <DateText date={i.createdAt} /> },
    { id: 'expires', header: t('admin.invites.expires'), cell: (i) => (i.status === 'pending' ? <RelativeTime date={i.expiresAt} /> : '—') },
  ];
  if (mayManage) {
    columns.push({
      id: 'actions',
      header: t('admin.members.actions'),
      align: 'end',
      cell: (i) =>
        i.status === 'pending' ? (
          <button type="button" className="button button-small button-secondary" onClick={() => void cancelInvite(i)}>
            {t('admin.invites.cancel')}
          </button>
        ) : null,
    });
  }

  return (
    <>
      <div className="list-toolbar">
        <ListSearch label={t('admin.invites.search')} value={params.q} onChange={(q) => setParams({ q })} />
        <FilterSelect
          label={t('admin.invites.status')}
          value={status}
          options={INVITE_STATUS_FILTERS.map((value) => ({ value, label: value ? t(`admin.invites.statuses.${value}`) : t('shell.all') }))}
          onChange={(value) => setParams({ filters: { status: value } })}
        />
      </div>
      <DataTable
        label={t('admin.members.tabs.invitations')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        empty={params.q || status !== 'pending' ? t('shell.noMatches') : t('admin.invites.empty')}
      />
    </>
  );
}
