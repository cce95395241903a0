/** Whether a device may upload: active, or disabled by an administrator. */
import type { Device } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';

export function DeviceStatusBadge({ status }: { status: Device['status'] }) {
  const { t } = useTranslation();
  return (
    <span className="status-badge" data-tone={status === 'active' ? 'good' : 'warn'}>
      {t(`admin.devices.statuses.${status}`)}
    </span>
  );
}
