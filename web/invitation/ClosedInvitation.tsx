/** An invitation that can no longer be answered, and why: expired, cancelled, used, declined or unknown. */
import { useTranslation } from '../lib/i18n.js';
import { AppLink } from '../ui/AppLink.js';
import { Card } from '../ui/Card.js';

const KNOWN = ['accepted', 'declined', 'expired', 'cancelled', 'removed'];

export function ClosedInvitation({ status, orgName }: { status: string; orgName?: string }) {
  const { t } = useTranslation();
  const reason = KNOWN.includes(status) ? status : 'unknown';
  return (
    <Card title={t(`invitation.closed.${reason}.title`)}>
      <p>{t(`invitation.closed.${reason}.text`, { org: orgName ?? '' })}</p>
      <div className="card-actions">
        <AppLink className="button button-primary" href="/">
          {t('invitation.toApp')}
        </AppLink>
      </div>
    </Card>
  );
}
