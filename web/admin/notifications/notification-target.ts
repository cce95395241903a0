/** Where a notification leads: the device, the invoice or the members it is about. */
import type { Notification } from '../../lib/api-types.js';
import { devicePath } from '../devices/device-path.js';
import { invoicePath } from '../invoices/invoice-path.js';

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function notificationTarget(orgId: string, item: Notification): { href: string; label: 'device' | 'invoice' | 'members' } | undefined {
  const invoiceId = text(item.data.invoiceId);
  if (item.kind === 'subscription.started' && invoiceId) return { href: invoicePath(orgId, invoiceId), label: 'invoice' };
  const deviceId = text(item.data.deviceId);
  if (deviceId) return { href: devicePath(orgId, deviceId), label: 'device' };
  if (item.kind === 'invite.accepted') return { href: `/admin/orgs/${encodeURIComponent(orgId)}/members`, label: 'members' };
  return undefined;
}
