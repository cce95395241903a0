/** `/admin/orgs/:orgId/invoices`: what the organisation was billed, per period, newest first. */
import type { Invoice } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { INVOICE_STATUS_FILTERS, useInvoices } from './queries.js';

const TONE = { issued: 'warn', paid: 'good', void: undefined } as const;

export function InvoicesPage({ orgId }: { orgId: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useListParams<'issued'>({ sort: 'issued', sorts: ['issued'], filters: { status: '' } });
  const status = INVOICE_STATUS_FILTERS.find((s) => s === params.filters.status) ?? '';
  const query = useInvoices(orgId, { status, page: params.page, perPage: params.perPage });
  const orgName = useOrgName(orgId, t('shell.organization'));
  const money = (invoice: Invoice) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: invoice.currency }).format(invoice.totalMinor / 100);

  const columns: DataColumn<Invoice, 'issued'>[] = [
    { id: 'number', header: t('admin.invoices.number'), isRowHeader: true, cell: (i) => <span className="cell-strong">{i.number}</span> },
    {
      id: 'period',
      header: t('admin.invoices.period'),
      cell: (i) => (
        <>
          <DateText date={i.periodStart} /> – <DateText date={i.periodEnd} />
        </>
      ),
    },
    { id: 'total', header: t('admin.invoices.total'), align: 'end', cell: money },
    {
      id: 'status',
      header: t('admin.invoices.status'),
      cell: (i) => (
        <span className="status-badge" data-tone={TONE[i.status]}>
          {t(`admin.invoices.statuses.${i.status}`)}
        </span>
      ),
    },
    { id: 'issued', header: t('admin.invoices.issued'), cell: (i) => <DateText date={i.issuedAt} /> },
  ];

  return (
    <>
      <PageHeader title={t('admin.invoices.title')} crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: t('shell.nav.invoices') }]} />
      <div className="list-toolbar">
        <FilterSelect
          label={t('admin.invoices.status')}
          value={status}
          options={INVOICE_STATUS_FILTERS.map((value) => ({ value, label: value ? t(`admin.invoices.statuses.${value}`) : t('shell.all') }))}
          onChange={(value) => setParams({ filters: { status: value } })}
        />
      </div>
      <DataTable
        label={t('admin.invoices.title')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        empty={status ? t('shell.noMatches') : t('admin.invoices.empty')}
      />
    </>
  );
}
