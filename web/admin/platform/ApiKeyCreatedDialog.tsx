/**
 * A new API key's value, the one time the API answers it: shown in full with a copy button, how
 * to send it, and a plain warning that it will not be shown again. Closing is a deliberate "I
 * have stored it"; the value is forgotten with the dialog.
 */
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { Modal } from '../../ui/Modal.js';
import { SecretReveal } from '../../ui/SecretReveal.js';

export function ApiKeyCreatedDialog({ name, value, onClose }: { name: string; value: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen
      size="XL"
      isDismissable={false}
      onOpenChange={(open) => !open && onClose()}
      title={t('platformAdmin.apiKeys.createdTitle', { name })}
      footer={
        <Button className="button button-primary" onPress={onClose}>
          {t('platformAdmin.apiKeys.stored')}
        </Button>
      }
    >
      <SecretReveal label={t('platformAdmin.apiKeys.value')} value={value} warning={t('platformAdmin.apiKeys.once')} />
      <p className="panel-text">{t('platformAdmin.apiKeys.usage', { base: `${globalThis.location?.origin ?? ''}/.ory` })}</p>
    </Modal>
  );
}
