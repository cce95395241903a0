/**
 * The administration area's screens by address. This file is the area's chunk entry: the shell
 * loads it when an address under `/admin/…` is opened. Each screen names the permission it needs;
 * without it the caller is told so (the gateway refuses the calls anyway).
 */
import { Route, Switch } from 'wouter';
import { RequirePermission } from '../shell/RequirePermission.js';
import { NotFoundPage } from '../ui/NotFoundPage.js';
import { DevicesPage } from './devices/DevicesPage.js';
import { InvoicesPage } from './invoices/InvoicesPage.js';

export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/admin/orgs/:orgId/devices">
        {({ orgId }) => (
          <RequirePermission key={orgId} orgId={orgId} ids={['org:devices:read']}>
            <DevicesPage orgId={orgId} />
          </RequirePermission>
        )}
      </Route>
      <Route path="/admin/orgs/:orgId/invoices">
        {({ orgId }) => (
          <RequirePermission key={orgId} orgId={orgId} ids={['org:billing:read']}>
            <InvoicesPage orgId={orgId} />
          </RequirePermission>
        )}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
