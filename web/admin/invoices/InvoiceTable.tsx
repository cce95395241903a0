/**
 * An organisation's invoices as a table with their own paging in the address: the invoices page
 * shows all of them with a status filter, a device's page those of one device.
 */
import type { ReactNode } from 'react';
import type { Invoice } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { formatMoney } from '../../lib/money.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { invoicePath } from './invoice-path.js';
import { InvoiceStatusBadge } from './InvoiceStatusBadge.js';
import { INVOICE_STATUS_FILTERS, useInvoices } from './queries.js';

export function InvoiceTable({ orgId, deviceId, empty, withFilters = false }: { orgId: string; deviceId?: string; empty: ReactNode; withFilters?: boolean }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useListParams<'issued'>({ sort: 'issued', sorts: ['issued'], filters: { status: '', from: '', to: '' } });
  const status = INVOICE_STATUS_FILTERS.find((s) => s === params.filters.status) ?? '';
  const from = params.filters.from ?? '';
  const to = params.filters.to ?? '';
  const query = useInvoices(orgId, { status, deviceId: deviceId ?? '', from, to, page: params.page, perPage: params.perPage });
  const filtered = Boolean(status || from || to);

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
    { id: 'total', header: t('admin.invoices.total'), align: 'end', cell: (i) => formatMoney(i.totalMinor, i.currency, i18n.language) },
    { id: 'status', header: t('admin.invoices.status'), cell: (i) => <InvoiceStatusBadge status={i.status} /> },
    { id: 'issued', header: t('admin.invoices.issued'), cell: (i) => <DateText date={i.issuedAt} /> },
  ];

  return (
    <>
      {withFilters && (
        <div className="list-toolbar">
          <FilterSelect
            label={t('admin.invoices.status')}
            value={status}
            options={INVOICE_STATUS_FILTERS.map((value) => ({ value, label: value ? t(`admin.invoices.statuses.${value}`) : t('shell.all') }))}
            onChange={(value) => setParams({ filters: { status: value } })}
          />
          <DateFilter label={t('admin.invoices.issuedFrom')} value={from} onChange={(value) => setParams({ filters: { from: value } })} />
          <DateFilter label={t('admin.invoices.issuedTo')} value={to} onChange={(value) => setParams({ filters: { to: value } })} />
        </div>
      )}
      <DataTable
        label={t('admin.invoices.title')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        rowHref={(invoice) => invoicePath(orgId, invoice.id)}
        empty={filtered ? t('shell.noMatches') : empty}
      />
    </>
  );
}

/** A day for the period filter; the browser's own date input, so it is keyboard- and locale-aware. */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="filter-select">
      <span className="filter-select-label">{label}</span>
      <input className="filter-select-control" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
