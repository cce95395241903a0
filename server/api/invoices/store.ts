/** Invoices an organisation was issued, in the API schema. Amounts in minor units. */
import type { Queryable } from '../../db/database.js';
import { limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { InvoiceResponse } from '../http/response-schemas.js';

export type InvoiceStatus = 'issued' | 'paid' | 'void';

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmountMinor: number;
  amountMinor: number;
}

/** The wire shape, derived from its response schema so the two cannot drift. */
export type Invoice = InvoiceResponse;

export interface InvoiceRow {
  id: string;
  org_id: string;
  number: string;
  subscription_id: string | null;
  device_id: string | null;
  period_start: Date;
  period_end: Date;
  currency: string;
  lines: InvoiceLine[];
  total_minor: number;
  status: InvoiceStatus;
  issued_at: Date;
}

export function toInvoice(r: InvoiceRow): Invoice {
  return {
    id: r.id,
    orgId: r.org_id,
    number: r.number,
    subscriptionId: r.subscription_id,
    deviceId: r.device_id,
    periodStart: r.period_start.toISOString(),
    periodEnd: r.period_end.toISOString(),
    currency: r.currency,
    lines: r.lines,
    totalMinor: r.total_minor,
    status: r.status,
    issuedAt: r.issued_at.toISOString(),
  };
}

export interface InvoiceFilter {
  status?: InvoiceStatus;
  deviceId?: string;
  /** Issued at or after. */
  from?: string;
  /** Issued strictly before. */
  to?: string;
}

export async function getInvoice(db: Queryable, orgId: string, id: string): Promise<Invoice | undefined> {
  const r = await db.query<InvoiceRow>('SELECT * FROM invoices WHERE org_id = $1 AND id = $2', [orgId, id]);
  return r.rows[0] && toInvoice(r.rows[0]);
}

export async function listInvoices(db: Queryable, orgId: string, filter: InvoiceFilter, args: PageArgs): Promise<Page<Invoice>> {
  const params: unknown[] = [orgId];
  const where = ['org_id = $1'];
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  if (filter.deviceId) where.push(`device_id = $${params.push(filter.deviceId)}`);
  if (filter.from) where.push(`issued_at >= $${params.push(filter.from)}`);
  if (filter.to) where.push(`issued_at < $${params.push(filter.to)}`);
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE ${where.join(' AND ')}`, params);
  // The number sequence breaks ties of one instant (a renewal catching up several periods).
  const rows = await db.query<InvoiceRow>(`SELECT * FROM invoices WHERE ${where.join(' AND ')} ORDER BY issued_at DESC, number DESC ${limitOffset(args, params)}`, params);
  return { items: rows.rows.map(toInvoice), ...args, total: total.rows[0]!.n };
}
