/**
 * `/admin/orgs` (global administrators): every organisation with query and sort, creating one for
 * a customer with its first owner, and joining one as administrator to support it.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import type { OrgSummary } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { goTo } from '../../lib/navigate.js';
import { persistentStorage } from '../../lib/persistent-storage.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { toastStore } from '../../ui/toast-store.js';
import { AppLink } from '../../ui/AppLink.js';
import { ALL_ORG_SORTS, useAllOrgs, useJoinOrg, type AllOrgSort } from './queries.js';

// The form (its fields, the country list, the phone metadata) is fetched when it is opened:
// about 60 KB the administration's first page need not carry.
const CreateOrgModal = lazy(async () => ({ default: (await import('./CreateOrgModal.js')).CreateOrgModal }));

const settingsPath = (orgId: string) => `/admin/orgs/${encodeURIComponent(orgId)}/settings`;

export function AllOrgsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useListParams<AllOrgSort>({ sort: 'name', sorts: ALL_ORG_SORTS });
  const query = useAllOrgs({ q: params.q, sort: params.sort, page: params.page, perPage: params.perPage });
  const join = useJoinOrg();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);

  async function joinOrg(org: OrgSummary) {
    const sure = await confirm({ title: t('admin.allOrgs.joinTitle', { name: org.name }), message: t('admin.allOrgs.joinText'), confirmLabel: t('admin.allOrgs.join') });
    if (!sure) return;
    try {
      await join.mutateAsync(org.id);
    } catch {
      toastStore.show(t('admin.allOrgs.joinFailed'), 'error');
      return;
    }
    persistentStorage.selectOrganization(org.id, org.name);
    toastStore.show(t('admin.allOrgs.joined', { name: org.name }), 'success');
    goTo(settingsPath(org.id));
  }

  const columns: DataColumn<OrgSummary, AllOrgSort>[] = [
    { id: 'name', header: t('admin.orgs.name'), isRowHeader: true, sort: { value: 'name', direction: 'ascending' }, cell: (o) => <span className="cell-strong">{o.name}</span> },
    { id: 'legalName', header: t('admin.orgs.legalName'), cell: (o) => o.legalName || '—' },
    { id: 'members', header: t('admin.allOrgs.members'), align: 'end', cell: (o) => o.members },
    { id: 'role', header: t('admin.allOrgs.yourRole'), cell: (o) => (o.role ? t(`shell.roles.${o.role}`) : '—') },
    { id: 'created', header: t('admin.allOrgs.created'), sort: { value: 'created', direction: 'descending' }, cell: (o) => <DateText date={o.createdAt} /> },
    {
      id: 'actions',
      header: t('admin.members.actions'),
      align: 'end',
      cell: (o) =>
        o.role ? (
          <AppLink className="link" href={settingsPath(o.id)}>
            {t('admin.allOrgs.open')}
          </AppLink>
        ) : (
          <button type="button" className="button button-small button-secondary" onClick={() => void joinOrg(o)}>
            {t('admin.allOrgs.join')}
          </button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.allOrgs.title')}
        actions={
          <Button className="button button-primary" onPress={() => setCreating(true)}>
            {t('admin.allOrgs.create')}
          </Button>
        }
      />
      {creating && (
        <Suspense fallback={null}>
          <CreateOrgModal onClose={() => setCreating(false)} />
        </Suspense>
      )}
      <div className="list-toolbar">
        <ListSearch label={t('admin.allOrgs.search')} value={params.q} onChange={(q) => setParams({ q })} />
      </div>
      <DataTable
        label={t('admin.allOrgs.title')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        empty={params.q ? t('shell.noMatches') : t('admin.allOrgs.empty')}
      />
    </>
  );
}
