/** What the other application's operator pastes into its "OpenID Connect" settings. */
import { useTranslation } from '../../lib/i18n.js';
import { CopyableValue } from './CopyableValue.js';
import { providerUrls } from './provider-urls.js';

export function ProviderDetails({ clientId }: { clientId?: string }) {
  const { t } = useTranslation();
  const { issuer, discovery } = providerUrls();
  return (
    <dl className="facts provider-facts">
      {clientId && (
        <>
          <dt>{t('oauth2Admin.clientId')}</dt>
          <dd>
            <CopyableValue label={t('oauth2Admin.clientId')} value={clientId} />
          </dd>
        </>
      )}
      <dt>{t('oauth2Admin.issuer')}</dt>
      <dd>
        <CopyableValue label={t('oauth2Admin.issuer')} value={issuer} />
      </dd>
      <dt>{t('oauth2Admin.discovery')}</dt>
      <dd>
        <CopyableValue label={t('oauth2Admin.discovery')} value={discovery} />
      </dd>
    </dl>
  );
}
