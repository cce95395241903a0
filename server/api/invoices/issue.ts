/**
 * Issues the invoice of one subscription period: billed in advance, when the period starts.
 * Numbers come from one database sequence (`SW-<year>-<six digits>`), so they are unique across
 * instances. At most one invoice per subscription period: issuing it again returns nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { Period } from '../subscriptions/periods.js';
import { planById } from '../subscriptions/plans.js';
import type { SubscriptionRow } from '../subscriptions/store.js';
import { toInvoice, type Invoice, type InvoiceLine, type InvoiceRow } from './store.js';

export interface BilledDevice {
  serial: string;
  model: string;
  name: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function issueInvoice(tx: Queryable, sub: SubscriptionRow, device: BilledDevice, period: Period, issuedAt: Date): Promise<Invoice | undefined> {
  const plan = planById(sub.plan)?.name ?? sub.plan;
  const line: InvoiceLine = {
    description: `${plan} plan, ${sub.interval}, ${device.name || device.model} (${device.model}, serial ${device.serial}), ${day(period.start)} to ${day(period.end)}`,
    quantity: 1,
    unitAmountMinor: sub.price_minor,
    amountMinor: sub.price_minor,
  };
  const r = await tx.query<InvoiceRow>(
    `INSERT INTO invoices (id, org_id, subscription_id, device_id, number, period_start, period_end, currency, lines, total_minor, status, issued_at)
     VALUES ($1, $2, $3, $4, 'SW-' || to_char($9::timestamptz AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0'),
             $5, $6, $7, $8::jsonb, $10, 'issued', $9)
     ON CONFLICT (subscription_id, period_start) DO NOTHING
     RETURNING *`,
    [randomUUID(), sub.org_id, sub.id, sub.device_id, period.start, period.end, sub.currency, JSON.stringify([line]), issuedAt, line.amountMinor],
  );
  return r.rows[0] && toInvoice(r.rows[0]);
}
