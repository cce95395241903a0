/** An organisation's invoices, newest first, one page at a time. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { pageQuery } from '../../lib/list-params.js';
import type { InvoiceStatus } from '../../lib/api-types.js';

export const INVOICE_STATUS_FILTERS = ['', 'issued', 'paid', 'void'] as const;

export interface InvoiceListQuery {
  status: InvoiceStatus | '';
  page: number;
  perPage: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: (orgId: string) => [...invoiceKeys.all, 'list', orgId] as const,
  list: (orgId: string, query: InvoiceListQuery) => [...invoiceKeys.lists(orgId), query] as const,
};

export function useInvoices(orgId: string, query: InvoiceListQuery) {
  return useQuery({
    queryKey: invoiceKeys.list(orgId, query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/invoices', {
          params: { path: { orgId }, query: { ...pageQuery(query), status: query.status || undefined } },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
