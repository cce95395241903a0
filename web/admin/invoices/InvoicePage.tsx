/**
 * `/admin/orgs/:orgId/invoices/:invoiceId`: one invoice as a document — who is billed, for which
 * period and device, its lines and total in the invoice's currency — with a print button whose
 * output is a clean A4 page (invoice-print.css).
 */
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { formatMoney } from '../../lib/money.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { AppLink } from '../../ui/AppLink.js';
import { DateText } from '../../ui/DateText.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryError } from '../../ui/QueryError.js';
import { devicePath } from '../devices/device-path.js';
import { useOrg } from '../org-settings/queries.js';
import { InvoiceStatusBadge } from './InvoiceStatusBadge.js';
import { useInvoice } from './queries.js';
import './invoice.css';

export function InvoicePage({ orgId, invoiceId }: { orgId: string; invoiceId: string }) {
  const { t, i18n } = useTranslation();
  const orgName = useOrgName(orgId, t('shell.organization'));
  const invoice = useInvoice(orgId, invoiceId);
  const org = useOrg(orgId);
  if (invoice.isPending) return <div className="shell-loading spinner" />;
  if (invoice.isError) return <QueryError error={invoice.error} onRetry={() => void invoice.refetch()} />;
  const inv = invoice.data;
  const money = (minor: number) => formatMoney(minor, inv.currency, i18n.language);
  const billed = org.data;
  const country = billed?.address.country ? new Intl.DisplayNames([i18n.language], { type: 'region' }).of(billed.address.country) : '';

  return (
    <>
      <PageHeader
        title={t('admin.invoices.invoiceTitle', { number: inv.number })}
        subtitle={<InvoiceStatusBadge status={inv.status} />}
        crumbs={[
          { label: orgName, href: projectsPath(orgId) },
          { label: t('shell.nav.invoices'), href: `/admin/orgs/${encodeURIComponent(orgId)}/invoices` },
          { label: inv.number },
        ]}
        actions={
          <Button className="button button-secondary" onPress={() => window.print()}>
            {t('common.print')}
          </Button>
        }
      />
      <article className="invoice" aria-labelledby="invoice-title">
        <header className="invoice-head">
          <div>
            <p className="invoice-brand">sitewave</p>
            <h2 id="invoice-title" className="invoice-title">
              {t('admin.invoices.invoice')} {inv.number}
            </h2>
          </div>
          <dl className="invoice-meta">
            <dt>{t('admin.invoices.issued')}</dt>
            <dd>
              <DateText date={inv.issuedAt} />
            </dd>
            <dt>{t('admin.invoices.period')}</dt>
            <dd>
              <DateText date={inv.periodStart} /> – <DateText date={inv.periodEnd} />
            </dd>
            {inv.deviceId && (
              <>
                <dt className="screen-only">{t('admin.invoices.device')}</dt>
                <dd className="screen-only">
                  <AppLink className="link" href={devicePath(orgId, inv.deviceId)}>
                    {t('admin.invoices.openDevice')}
                  </AppLink>
                </dd>
              </>
            )}
          </dl>
        </header>
        {billed && (
          <address className="invoice-billed">
            <span className="invoice-label">{t('admin.invoices.billedTo')}</span>
            <strong>{billed.legalName || billed.name}</strong>
            {billed.address.street && <span>{billed.address.street}</span>}
            {(billed.address.postalCode || billed.address.city) && <span>{[billed.address.postalCode, billed.address.city].filter(Boolean).join(' ')}</span>}
            {country && <span>{country}</span>}
            {billed.vatId && (
              <span>
                {t('admin.vatLabel')}: {billed.vatId}
              </span>
            )}
          </address>
        )}
        <table className="invoice-lines">
          <caption className="visually-hidden">{t('admin.invoices.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.invoices.description')}</th>
              <th scope="col" className="num">
                {t('admin.invoices.quantity')}
              </th>
              <th scope="col" className="num">
                {t('admin.invoices.unitPrice')}
              </th>
              <th scope="col" className="num">
                {t('admin.invoices.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.description}</td>
                <td className="num">{line.quantity.toLocaleString(i18n.language)}</td>
                <td className="num">{money(line.unitAmountMinor)}</td>
                <td className="num">{money(line.amountMinor)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('admin.invoices.total')}
              </th>
              <td className="num invoice-total">{money(inv.totalMinor)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="invoice-note">{t('admin.invoices.pricesFinal')}</p>
      </article>
    </>
  );
}
