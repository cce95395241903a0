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
          <dt>{t('admin.oauth2.clientId')}</dt>
          <dd>
            <CopyableValue label={t('admin.oauth2.clientId')} value={clientId} />
          </dd>
        </>
      )}
      <dt>{t('admin.oauth2.issuer')}</dt>
      <dd>
        <CopyableValue label={t('admin.oauth2.issuer')} value={issuer} />
      </dd>
      <dt>{t('admin.oauth2.discovery')}</dt>
      <dd>
        <CopyableValue label={t('admin.oauth2.discovery')} value={discovery} />
      </dd>
    </dl>
  );
}
