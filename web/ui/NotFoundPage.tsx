/** An address inside the application that leads nowhere, or an id that does not exist (any more). */
import { AppLink } from './AppLink.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('shell.notFoundTitle')]);
  return (
    <section className="empty-state">
      <h1 className="page-title">{t('shell.notFoundTitle')}</h1>
      <p>{t('shell.notFoundText')}</p>
      <AppLink className="button button-primary" href="/">
        {t('shell.toStart')}
      </AppLink>
    </section>
  );
}
