/** An organisation's invoices, newest first, one page at a time; and one invoice. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { InvoiceStatus } from '../../lib/api-types.js';

export const INVOICE_STATUS_FILTERS = ['', 'issued', 'paid', 'void'] as const;

export interface InvoiceListQuery {
  status: InvoiceStatus | '';
  /** Empty for every device. */
  deviceId: string;
  /** Issued on or after this day (`YYYY-MM-DD`, the reader's calendar), or empty. */
  from: string;
  /** Issued on or before this day, or empty. */
  to: string;
  page: number;
  perPage: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: (orgId: string) => [...invoiceKeys.all, 'list', orgId] as const,
  list: (orgId: string, query: InvoiceListQuery) => [...invoiceKeys.lists(orgId), query] as const,
  detail: (orgId: string, invoiceId: string) => [...invoiceKeys.all, 'detail', orgId, invoiceId] as const,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a day in the reader's time zone; `nextDay` for an inclusive end. */
export function dayStart(day: string, nextDay = false): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d + (nextDay ? 1 : 0));
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

export function useInvoices(orgId: string, query: InvoiceListQuery) {
  return useQuery({
    queryKey: invoiceKeys.list(orgId, query),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/orgs/{orgId}/invoices', {
          params: {
            path: { orgId },
            query: {
              page: query.page,
              per_page: query.perPage,
              status: query.status || undefined,
              deviceId: query.deviceId || undefined,
              from: dayStart(query.from),
              to: dayStart(query.to, true),
            },
          },
          signal,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(orgId: string, invoiceId: string) {
  return useQuery({
    queryKey: invoiceKeys.detail(orgId, invoiceId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/orgs/{orgId}/invoices/{invoiceId}', { params: { path: { orgId, invoiceId } }, signal }), signal),
  });
}
