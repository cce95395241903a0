/** An invoice's state: open (issued), paid or void. */
import type { InvoiceStatus } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';

const TONE = { issued: 'warn', paid: 'good', void: undefined } as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <span className="status-badge" data-tone={TONE[status]}>
      {t(`admin.invoices.statuses.${status}`)}
    </span>
  );
}
