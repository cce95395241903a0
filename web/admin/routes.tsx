/**
 * The administration area's screens by address. This file is the area's chunk entry: the shell
 * loads it when an address under `/admin/…` is opened.
 */
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../ui/NotFoundPage.js';
import { DevicesPage } from './devices/DevicesPage.js';
import { InvoicesPage } from './invoices/InvoicesPage.js';

export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/admin/orgs/:orgId/devices">{({ orgId }) => <DevicesPage key={orgId} orgId={orgId} />}</Route>
      <Route path="/admin/orgs/:orgId/invoices">{({ orgId }) => <InvoicesPage key={orgId} orgId={orgId} />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
