/** A new organisation for a customer: its details and its first owner (the administrator when none is chosen). */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { FormError } from '../../ui/form/FormError.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { UserPicker } from '../../ui/form/UserPicker.js';
import { installationUsers } from '../users/queries.js';
import { EMPTY_ORG, orgChecks } from './org-form.js';
import { OrgFields } from './OrgFields.js';
import { useCreateOrg } from './queries.js';

export function CreateOrgModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOrg();
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const form = useFormState(EMPTY_ORG, orgChecks(t));
  const submit = form.handleSubmit(
    async (values) => {
      const org = await create.mutateAsync({ values, ownerId });
      toastStore.show(t('admin.allOrgs.createdToast', { name: org.name }), 'success');
      onClose();
    },
    (failure) => {
      if (failure.status === 409) return t('admin.orgs.duplicateName', { name: form.values.name.trim() });
      if (failure.field === 'ownerId') return t('admin.allOrgs.ownerUnknown');
      return undefined;
    },
  );
  return (
    <Modal
      isOpen
      size="2XL"
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.allOrgs.create')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="create-org" isPending={form.pending}>
            {t('admin.allOrgs.createSubmit')}
          </Button>
        </>
      }
    >
      <form id="create-org" noValidate onSubmit={submit}>
        <OrgFields field={form.field} />
        <fieldset className="form-section">
          <legend>{t('admin.allOrgs.owner')}</legend>
          <UserPicker label={t('admin.allOrgs.owner')} source={installationUsers} value={ownerId} onChange={setOwnerId} description={t('admin.allOrgs.ownerHint')} />
        </fieldset>
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
