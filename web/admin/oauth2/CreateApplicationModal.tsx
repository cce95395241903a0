/** A new application; once the API made it, its secret is shown once (SecretDialog, whose title says it was created). */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { Modal } from '../../ui/Modal.js';
import { NEW_APPLICATION } from './application-form.js';
import { ApplicationForm } from './ApplicationForm.js';
import { useCreateApplication } from './queries.js';
import type { ShownSecret } from './SecretDialog.js';

export function CreateApplicationModal({ onClose, onCreated }: { onClose: () => void; onCreated: (shown: ShownSecret) => void }) {
  const { t } = useTranslation();
  const create = useCreateApplication();
  const [pending, setPending] = useState(false);
  return (
    <Modal
      isOpen
      size="2XL"
      isDismissable={!pending}
      onOpenChange={(open) => !open && onClose()}
      title={t('oauth2Admin.add')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose} isDisabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="create-application" isPending={pending}>
            {t('oauth2Admin.create')}
          </Button>
        </>
      }
    >
      <ApplicationForm
        id="create-application"
        initial={NEW_APPLICATION}
        onPendingChange={setPending}
        onSave={async (input) => {
          const created = await create.mutateAsync(input);
          onCreated({ title: t('oauth2Admin.createdTitle', { name: created.application.name }), clientId: created.application.id, secret: created.clientSecret });
        }}
      />
    </Modal>
  );
}
