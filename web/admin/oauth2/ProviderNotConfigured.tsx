/**
 * What the OAuth2 screens show when the API has no provider to administer (it answers 503): what
 * is missing and how to add it, instead of an error.
 */
import { useTranslation } from '../../lib/i18n.js';

export function ProviderNotConfigured() {
  const { t } = useTranslation();
  return (
    <section className="panel notice-panel" aria-labelledby="oauth2-not-configured">
      <h2 id="oauth2-not-configured" className="panel-title">
        {t('oauth2Admin.notConfiguredTitle')}
      </h2>
      <p className="panel-text">{t('oauth2Admin.notConfiguredText')}</p>
      <p className="panel-text">
        {t('oauth2Admin.notConfiguredHow')} <code>OAUTH2_ADMIN_URL</code>, <code>OAUTH2_ADMIN_TOKEN</code>
      </p>
    </section>
  );
}
