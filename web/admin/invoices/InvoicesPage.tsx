/** `/admin/orgs/:orgId/invoices`: what the organisation was billed, newest first, by status and issue date. */
import { useTranslation } from '../../lib/i18n.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { InvoiceTable } from './InvoiceTable.js';

export function InvoicesPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const orgName = useOrgName(orgId, t('shell.organization'));
  return (
    <>
      <PageHeader title={t('admin.invoices.title')} crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: t('shell.nav.invoices') }]} />
      <InvoiceTable orgId={orgId} withFilters empty={t('admin.invoices.empty')} />
    </>
  );
}
