/**
 * A link that opens nothing, and why, in the reader's language: revoked by its owner, expired
 * (on which day), or unknown. Any other failure offers to try again.
 */
import { Button } from 'react-aria-components';
import { isHttpError } from '../lib/http.js';
import { useTranslation } from '../lib/i18n.js';
import { Card } from '../ui/Card.js';

interface ShareError {
  error?: { id?: string; details?: { expiresAt?: string } };
}

export function ShareClosed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const status = isHttpError(error) ? error.response?.status : undefined;
  const body = isHttpError(error) ? (error.response?.data as ShareError | undefined)?.error : undefined;

  if (status === 410 && body?.id === 'share_expired') {
    const at = body.details?.expiresAt;
    const date = at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at)) : '';
    return (
      <Card title={t('share.closed.expiredTitle')}>
        <p>{t('share.closed.expired', { date })}</p>
      </Card>
    );
  }
  if (status === 410) {
    return (
      <Card title={t('share.closed.revokedTitle')}>
        <p>{t('share.closed.revoked')}</p>
      </Card>
    );
  }
  if (status === 404) {
    return (
      <Card title={t('share.closed.unknownTitle')}>
        <p>{t('share.closed.unknown')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('share.closed.failedTitle')}>
      <p>{t('share.closed.failed')}</p>
      <div className="card-actions">
        <Button className="button button-primary" onPress={onRetry}>
          {t('share.closed.retry')}
        </Button>
      </div>
    </Card>
  );
}
