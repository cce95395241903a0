/**
 * A new API key: its name and, optionally, the last day it works. The answer carries the key's
 * value, handed to the dialog that shows it once.
 */
import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { DateField } from '../../ui/form/DateField.js';
import { FormError } from '../../ui/form/FormError.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { Modal } from '../../ui/Modal.js';
import type { ApiKey } from './platform-types.js';
import { useCreateApiKey } from './queries.js';

type Values = {
  name: string;
  expires: CalendarDate | null;
};

const EMPTY: Values = { name: '', expires: null };

export function CreateApiKeyModal({ projectId, onClose, onCreated }: { projectId: string; onClose: () => void; onCreated: (key: ApiKey) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey(projectId);
  const tomorrow = today(getLocalTimeZone()).add({ days: 1 });
  const form = useFormState(EMPTY, {
    name: (value) => (value.trim() ? undefined : t('admin.fieldRequired')),
    expires: (value) => (value && value.compare(tomorrow) < 0 ? t('platformAdmin.apiKeys.expiresFuture') : undefined),
  });
  const expires = form.field('expires');
  const submit = form.handleSubmit(async (values) => {
    const key = await create.mutateAsync({
      name: values.name.trim(),
      // The end of the chosen day where the administrator is.
      ...(values.expires ? { expires_at: new Date(values.expires.add({ days: 1 }).toDate(getLocalTimeZone()).getTime() - 1000).toISOString() } : {}),
    });
    onCreated(key);
  });
  return (
    <Modal
      isOpen
      size="XL"
      isDismissable={!form.pending}
      onOpenChange={(open) => !open && onClose()}
      title={t('platformAdmin.apiKeys.createTitle')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="platform-api-key" isPending={form.pending}>
            {t('platformAdmin.apiKeys.createSubmit')}
          </Button>
        </>
      }
    >
      <form id="platform-api-key" className="config-fields" noValidate onSubmit={submit}>
        <TextField
          label={t('platformAdmin.apiKeys.name')}
          description={t('platformAdmin.apiKeys.nameHint')}
          isRequired
          autoFocus
          autoComplete="off"
          maxLength={100}
          {...form.field('name')}
        />
        <DateField
          label={t('platformAdmin.apiKeys.expires')}
          description={t('platformAdmin.apiKeys.expiresHint')}
          minValue={tomorrow}
          value={expires.value}
          onChange={expires.onChange}
          error={expires.error}
        />
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
