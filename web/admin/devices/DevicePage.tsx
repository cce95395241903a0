/**
 * `/admin/orgs/:orgId/devices/:deviceId`: one device — its name and state, its upload token, its
 * subscription and the invoices it caused. Each panel offers only what the caller may do.
 */
import { useTranslation } from '../../lib/i18n.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryError } from '../../ui/QueryError.js';
import { InvoiceTable } from '../invoices/InvoiceTable.js';
import { AuditEventsPanel } from '../audit/AuditEventsPanel.js';
import { DeviceDetailsPanel } from './DeviceDetailsPanel.js';
import { DeviceTokenPanel } from './DeviceTokenPanel.js';
import { DeviceStatusBadge } from './DeviceStatusBadge.js';
import { useDevice } from './queries.js';
import { SubscriptionPanel } from './SubscriptionPanel.js';
import '../admin.css';

export function DevicePage({ orgId, deviceId }: { orgId: string; deviceId: string }) {
  const { t } = useTranslation();
  const orgName = useOrgName(orgId, t('shell.organization'));
  const permissions = usePermissions({ orgId });
  const device = useDevice(deviceId);
  if (device.isPending) return <div className="shell-loading spinner" />;
  if (device.isError) return <QueryError error={device.error} onRetry={() => void device.refetch()} />;
  const d = device.data;
  const mayManage = permissions.can('org:devices:manage');
  return (
    <>
      <PageHeader
        title={d.name}
        subtitle={
          <>
            {d.model} · <code>{d.serial}</code> · <DeviceStatusBadge status={d.status} />
          </>
        }
        crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: t('shell.nav.devices'), href: `/admin/orgs/${encodeURIComponent(orgId)}/devices` }, { label: d.name }]}
      />
      <DeviceDetailsPanel device={d} mayManage={mayManage} />
      {mayManage && <DeviceTokenPanel device={d} />}
      <SubscriptionPanel device={d} mayManage={permissions.can('org:billing:manage')} />
      <AuditEventsPanel scope={{ kind: 'org', orgId }} subject={d.id} permissionOrgId={orgId} />
      {permissions.can('org:billing:read') && (
        <section className="panel panel-wide" aria-labelledby="device-invoices">
          <h2 id="device-invoices" className="panel-title">
            {t('admin.devices.invoices')}
          </h2>
          <InvoiceTable orgId={orgId} deviceId={deviceId} empty={t('admin.devices.noInvoices')} />
        </section>
      )}
    </>
  );
}
