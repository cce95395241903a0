/**
 * The administration area's screens by address. This file is the area's chunk entry: the shell
 * loads it when an address under `/admin/…` is opened. Each screen names the permission it needs;
 * without it the caller is told so (the gateway refuses the calls anyway).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import type { PermissionId } from '../../shared/permission-ids.js';
import { useTranslation } from '../lib/i18n.js';
import { GLOBAL_SECTIONS, ORG_SECTIONS } from '../shell/nav-items.js';
import { RequirePermission } from '../shell/RequirePermission.js';
import { NotFoundPage } from '../ui/NotFoundPage.js';
import { AdminFrame } from './AdminFrame.js';
import { FirstSection } from './FirstSection.js';
import { loadOAuth2Texts } from './oauth2/texts.js';
import { loadPlatformTexts } from './platform/texts.js';
import { loadAuditTexts } from './audit/texts.js';

/**
 * Each screen is a chunk of its own: opening the devices does not download the phone-number
 * metadata of the settings form or the checksum code of the firmware upload.
 */
// A device's page shows its recent audit events: their texts come with it.
const DevicePage = lazy(async () => {
  const [page] = await Promise.all([import('./devices/DevicePage.js'), loadAuditTexts()]);
  return { default: page.DevicePage };
});
const AuditLogPage = lazy(async () => {
  const [page] = await Promise.all([import('./audit/AuditLogPage.js'), loadAuditTexts()]);
  return { default: page.AuditLogPage };
});
const DevicesPage = lazy(async () => ({ default: (await import('./devices/DevicesPage.js')).DevicesPage }));
const FirmwarePage = lazy(async () => ({ default: (await import('./firmware/FirmwarePage.js')).FirmwarePage }));
const InvoicePage = lazy(async () => ({ default: (await import('./invoices/InvoicePage.js')).InvoicePage }));
const InvoicesPage = lazy(async () => ({ default: (await import('./invoices/InvoicesPage.js')).InvoicesPage }));
const MembersPage = lazy(async () => ({ default: (await import('./members/MembersPage.js')).MembersPage }));
const ApplicationPage = lazy(async () => {
  const [page] = await Promise.all([import('./oauth2/ApplicationPage.js'), loadOAuth2Texts()]);
  return { default: page.ApplicationPage };
});
const OAuth2Page = lazy(async () => {
  const [page] = await Promise.all([import('./oauth2/OAuth2Page.js'), loadOAuth2Texts()]);
  return { default: page.OAuth2Page };
});
const PlatformPage = lazy(async () => {
  const [page] = await Promise.all([import('./platform/PlatformPage.js'), loadPlatformTexts()]);
  return { default: page.PlatformPage };
});
const NotificationsPage = lazy(async () => ({ default: (await import('./notifications/NotificationsPage.js')).NotificationsPage }));
const OrgSettingsPage = lazy(async () => ({ default: (await import('./org-settings/OrgSettingsPage.js')).OrgSettingsPage }));
const AllOrgsPage = lazy(async () => ({ default: (await import('./orgs/AllOrgsPage.js')).AllOrgsPage }));
// A person's page explains their access to a project: its texts come with it.
const UserPage = lazy(async () => {
  const page = await import('./users/UserPage.js');
  // One after the other: each merges into the catalogue as it was when it started.
  await page.loadAccessTexts();
  await loadAuditTexts();
  return { default: page.UserPage };
});
const UsersPage = lazy(async () => ({ default: (await import('./users/UsersPage.js')).UsersPage }));

/**
 * A page of the installation's administration (global administrators). Rights are the caller's
 * own list, as the gateway reads these routes: no organisation is needed, none is selected.
 */
function GlobalPage({ ids, children }: { ids: readonly PermissionId[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AdminFrame sections={GLOBAL_SECTIONS} orgId={null} label={t('shell.nav.administration')}>
      <RequirePermission orgId={null} installation ids={ids}>
        <Suspense fallback={<div className="shell-loading spinner" />}>{children}</Suspense>
      </RequirePermission>
    </AdminFrame>
  );
}

/** A page of the selected organisation's administration. */
function OrgPage({ orgId, ids, children }: { orgId: string; ids: readonly PermissionId[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AdminFrame sections={ORG_SECTIONS} orgId={orgId} label={t('shell.nav.organizationAdmin')}>
      <RequirePermission key={orgId} orgId={orgId} ids={ids}>
        <Suspense fallback={<div className="shell-loading spinner" />}>{children}</Suspense>
      </RequirePermission>
    </AdminFrame>
  );
}

export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/admin">{() => <FirstSection sections={GLOBAL_SECTIONS} />}</Route>
      <Route path="/admin/orgs">
        <GlobalPage ids={['admin:orgs']}>
          <AllOrgsPage />
        </GlobalPage>
      </Route>
      <Route path="/admin/users">
        <GlobalPage ids={['admin:users']}>
          <UsersPage />
        </GlobalPage>
      </Route>
      <Route path="/admin/users/:userId">
        {({ userId }) => (
          <GlobalPage ids={['admin:users']}>
            <UserPage key={userId} userId={userId} />
          </GlobalPage>
        )}
      </Route>
      <Route path="/admin/firmware">
        <GlobalPage ids={['admin:firmware']}>
          <FirmwarePage />
        </GlobalPage>
      </Route>
      <Route path="/admin/oauth2">
        <GlobalPage ids={['admin:oauth2']}>
          <OAuth2Page tab="applications" />
        </GlobalPage>
      </Route>
      <Route path="/admin/oauth2/issuers">
        <GlobalPage ids={['admin:oauth2']}>
          <OAuth2Page tab="issuers" />
        </GlobalPage>
      </Route>
      <Route path="/admin/oauth2/applications/:clientId">
        {({ clientId }) => (
          <GlobalPage ids={['admin:oauth2']}>
            <ApplicationPage key={clientId} clientId={clientId} />
          </GlobalPage>
        )}
      </Route>
      <Route path="/admin/audit">
        <GlobalPage ids={['admin:audit']}>
          <AuditLogPage />
        </GlobalPage>
      </Route>
      <Route path="/admin/platform">
        <GlobalPage ids={['admin:platform']}>
          <PlatformPage tab="settings" />
        </GlobalPage>
      </Route>
      <Route path="/admin/platform/permissions">
        <GlobalPage ids={['admin:platform']}>
          <PlatformPage tab="permissions" />
        </GlobalPage>
      </Route>
      <Route path="/admin/platform/history">
        <GlobalPage ids={['admin:platform']}>
          <PlatformPage tab="history" />
        </GlobalPage>
      </Route>
      <Route path="/admin/platform/api-keys">
        <GlobalPage ids={['admin:platform']}>
          <PlatformPage tab="api-keys" />
        </GlobalPage>
      </Route>
      <Route path="/admin/platform/members">
        <GlobalPage ids={['admin:platform']}>
          <PlatformPage tab="members" />
        </GlobalPage>
      </Route>
      <Route path="/admin/orgs/:orgId">{({ orgId }) => <FirstSection key={orgId} sections={ORG_SECTIONS} orgId={orgId} />}</Route>
      <Route path="/admin/orgs/:orgId/settings">
        {({ orgId }) => (
          <OrgPage orgId={orgId} ids={['org:read']}>
            <OrgSettingsPage orgId={orgId} />
          </OrgPage>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/members">
        {({ orgId }) => (
          <OrgPage orgId={orgId} ids={['org:users:read', 'org:invites:read']}>
            <MembersPage orgId={orgId} />
          </OrgPage>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/devices">
        {({ orgId }) => (
          <OrgPage orgId={orgId} ids={['org:devices:read']}>
            <DevicesPage orgId={orgId} />
          </OrgPage>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/devices/:deviceId">
        {({ orgId, deviceId }) => (
          <OrgPage orgId={orgId} ids={['org:devices:read']}>
            <DevicePage key={deviceId} orgId={orgId} deviceId={deviceId} />
          </OrgPage>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/invoices/:invoiceId">
        {({ orgId, invoiceId }) => (
          <OrgPage orgId={orgId} ids={['org:billing:read']}>
            <InvoicePage key={invoiceId} orgId={orgId} invoiceId={invoiceId} />
          </OrgPage>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/invoices">
        {({ orgId }) => (
          <OrgPage orgId={orgId} ids={['org:billing:read']}>
            <InvoicesPage orgId={orgId} />
          </OrgPage>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/notifications">
        {({ orgId }) => (
          <OrgPage orgId={orgId} ids={['org:notifications:read']}>
            <NotificationsPage orgId={orgId} />
          </OrgPage>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/audit">
        {({ orgId }) => (
          <OrgPage orgId={orgId} ids={['org:audit:read']}>
            <AuditLogPage key={orgId} orgId={orgId} />
          </OrgPage>
        )}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
