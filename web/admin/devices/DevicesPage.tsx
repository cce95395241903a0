/**
 * `/admin/orgs/:orgId/devices`: the organisation's survey devices with firmware, state and
 * subscription, searchable by name or serial and filterable by state and subscription; each row
 * opens the device's page. Those who manage devices register new ones here.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Device } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { devicePath } from './device-path.js';
import { DeviceStatusBadge } from './DeviceStatusBadge.js';
import { RegisterDeviceModal } from './RegisterDeviceModal.js';
import { SubscriptionBadge } from './SubscriptionBadge.js';
import { DEVICE_SORTS, DEVICE_STATUS_FILTERS, SUBSCRIPTION_FILTERS, useDevices, type DeviceSort } from './queries.js';

export function DevicesPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useListParams<DeviceSort>({ sort: 'created', sorts: DEVICE_SORTS, filters: { status: '', subscription: '' } });
  const status = DEVICE_STATUS_FILTERS.find((s) => s === params.filters.status) ?? '';
  const subscription = SUBSCRIPTION_FILTERS.find((s) => s === params.filters.subscription) ?? '';
  const query = useDevices(orgId, { q: params.q, status, subscription, sort: params.sort, page: params.page, perPage: params.perPage });
  const orgName = useOrgName(orgId, t('shell.organization'));
  const mayRegister = usePermissions({ orgId }).can('org:devices:manage');
  const [registering, setRegistering] = useState(false);

  const columns: DataColumn<Device, DeviceSort>[] = [
    {
      id: 'name',
      header: t('admin.devices.name'),
      isRowHeader: true,
      sort: { value: 'name', direction: 'ascending' },
      cell: (d) => <span className="cell-strong">{d.name || d.serial}</span>,
    },
    { id: 'serial', header: t('admin.devices.serial'), sort: { value: 'serial', direction: 'ascending' }, cell: (d) => <code>{d.serial}</code> },
    { id: 'model', header: t('admin.devices.model'), cell: (d) => d.model },
    { id: 'firmware', header: t('admin.devices.firmware'), cell: (d) => d.firmwareVersion ?? '—' },
    {
      id: 'status',
      header: t('admin.devices.status'),
      cell: (d) => <DeviceStatusBadge status={d.status} />,
    },
    { id: 'subscription', header: t('admin.devices.subscription'), cell: (d) => <SubscriptionBadge subscription={d.subscription} /> },
    { id: 'lastSeen', header: t('admin.devices.lastSeen'), cell: (d) => <DateText date={d.lastSeenAt} withTime /> },
    { id: 'created', header: t('admin.devices.registered'), sort: { value: 'created', direction: 'descending' }, cell: (d) => <DateText date={d.createdAt} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.devices.title')}
        crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: t('shell.nav.devices') }]}
        actions={
          mayRegister && (
            <Button className="button button-primary" onPress={() => setRegistering(true)}>
              {t('admin.devices.register')}
            </Button>
          )
        }
      />
      {registering && <RegisterDeviceModal orgId={orgId} onClose={() => setRegistering(false)} />}
      <div className="list-toolbar">
        <ListSearch label={t('admin.devices.search')} value={params.q} onChange={(q) => setParams({ q })} />
        <FilterSelect
          label={t('admin.devices.status')}
          value={status}
          options={DEVICE_STATUS_FILTERS.map((value) => ({ value, label: value ? t(`admin.devices.statuses.${value}`) : t('shell.all') }))}
          onChange={(value) => setParams({ filters: { status: value } })}
        />
        <FilterSelect
          label={t('admin.devices.subscription')}
          value={subscription}
          options={SUBSCRIPTION_FILTERS.map((value) => ({ value, label: value ? t(`admin.subscriptionStates.${value}`) : t('shell.all') }))}
          onChange={(value) => setParams({ filters: { subscription: value } })}
        />
      </div>
      <DataTable
        label={t('admin.devices.title')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        rowHref={(device) => devicePath(orgId, device.id)}
        empty={params.q || status || subscription ? t('shell.noMatches') : t('admin.devices.empty')}
      />
    </>
  );
}
