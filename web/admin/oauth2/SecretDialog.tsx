/**
 * An application's secret, right after it was made (a new application or a new secret): the API
 * answers it once, so it is shown once, with a copy button, the client id and the provider's
 * addresses beside it, and a plain warning. Closing is a deliberate "I have stored it".
 */
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { Modal } from '../../ui/Modal.js';
import { SecretReveal } from '../../ui/SecretReveal.js';
import { ProviderDetails } from './ProviderDetails.js';

export interface ShownSecret {
  title: string;
  clientId: string;
  /** Null for a public application, which has none. */
  secret: string | null;
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen
      size="XL"
      isDismissable={false}
      onOpenChange={(open) => !open && onClose()}
      title={shown.title}
      footer={
        <Button className="button button-primary" onPress={onClose}>
          {shown.secret ? t('oauth2Admin.secretStored') : t('oauth2Admin.done')}
        </Button>
      }
    >
      {shown.secret ? (
        <SecretReveal label={t('oauth2Admin.clientSecret')} value={shown.secret} warning={t('oauth2Admin.secretOnce')} />
      ) : (
        <p className="panel-text">{t('oauth2Admin.publicNoSecret')}</p>
      )}
      <ProviderDetails clientId={shown.clientId} />
    </Modal>
  );
}
