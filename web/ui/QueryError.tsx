/**
 * What a screen shows when a read fails: a refusal (403) says so and names nothing it may not
 * see, a missing resource (404) says it is gone, anything else gives the catalogue's text and a
 * way to try again. Never a blank screen.
 */
import { Button } from 'react-aria-components';
import { isHttpError } from '../lib/http.js';
import { useTranslation } from '../lib/i18n.js';
import { describeQueryError } from '../lib/query-client.js';
import './query-error.css';

export function errorStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}

/** The caller's rights do not cover this: said plainly, naming nothing they may not see. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <div className="query-error" role="alert">
      <p className="query-error-title">{t('shell.forbiddenTitle')}</p>
      <p>{t('shell.forbiddenText')}</p>
    </div>
  );
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const status = errorStatus(error);
  if (status === 403) return <Forbidden />;
  if (status === 404) {
    return (
      <div className="query-error" role="alert">
        <p className="query-error-title">{t('shell.notFoundTitle')}</p>
        <p>{t('shell.notFoundText')}</p>
      </div>
    );
  }
  return (
    <div className="query-error" role="alert">
      <p className="query-error-title">{t('shell.loadFailed')}</p>
      <p className="query-error-detail">{describeQueryError(error)}</p>
      {onRetry && (
        <Button className="button button-secondary" onPress={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
