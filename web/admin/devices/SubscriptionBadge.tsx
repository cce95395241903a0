/** A device's subscription: its plan and state, or that it has none. */
import type { Subscription } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';

const TONE = { active: 'good', cancelling: 'warn', cancelled: 'bad' } as const;

export function SubscriptionBadge({ subscription }: { subscription: Subscription | null }) {
  const { t } = useTranslation();
  if (!subscription) return <span className="status-badge">{t('admin.subscriptionStates.none')}</span>;
  return (
    <span className="status-badge" data-tone={TONE[subscription.state]} title={subscription.plan}>
      {t(`admin.subscriptionStates.${subscription.state}`)}
    </span>
  );
}
