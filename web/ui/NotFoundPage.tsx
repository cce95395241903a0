/** An address inside the application that leads nowhere, or an id that does not exist (any more). */
import { Link } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="empty-state">
      <h1 className="page-title">{t('shell.notFoundTitle')}</h1>
      <p>{t('shell.notFoundText')}</p>
      <Link className="button button-primary" href="/">
        {t('shell.toStart')}
      </Link>
    </section>
  );
}
