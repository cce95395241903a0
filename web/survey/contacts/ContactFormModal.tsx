/**
 * A contact, new or changed: name (required), role or title, company, e-mail address, phone and
 * notes. The phone number is checked for its country (Germany when typed without +prefix) and
 * saved in international form, so it can be dialled from anywhere.
 */
import { Button } from 'react-aria-components';
import { formatPhoneNumber } from '../../../shared/validation/phone.js';
import type { Contact } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { FormError } from '../../ui/form/FormError.js';
import { PhoneField } from '../../ui/form/PhoneField.js';
import { phoneNumber } from '../../ui/form/phone-validator.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { emailAddress, optional } from '../../ui/form/validators.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { useCreateContact, useUpdateContact } from './queries.js';

type Values = Pick<Contact, 'name' | 'role' | 'company' | 'email' | 'phone' | 'notes'>;

export function ContactFormModal({ projectId, contact, onClose }: { projectId: string; contact?: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateContact(projectId);
  const update = useUpdateContact(projectId);
  const stored: Values = {
    name: contact?.name ?? '',
    role: contact?.role ?? '',
    company: contact?.company ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    notes: contact?.notes ?? '',
  };
  const form = useFormState(stored, {
    name: (v) => (v.trim() ? undefined : t('survey.contacts.nameRequired')),
    email: optional(emailAddress(t)),
    phone: optional(phoneNumber(t)),
  });
  const submit = form.handleSubmit(async (values) => {
    const body = {
      name: values.name.trim(),
      role: values.role.trim(),
      company: values.company.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() && (formatPhoneNumber(values.phone)?.international ?? values.phone.trim()),
      notes: values.notes.trim(),
    };
    if (contact) {
      await update.mutateAsync({ contactId: contact.id, body });
      toastStore.show(t('survey.contacts.savedToast', { name: body.name }), 'success');
    } else {
      await create.mutateAsync(body);
      toastStore.show(t('survey.contacts.createdToast', { name: body.name }), 'success');
    }
    onClose();
  });
  return (
    <Modal
      isOpen
      size="XL"
      onOpenChange={(open) => !open && onClose()}
      title={contact ? t('survey.contacts.editTitle') : t('survey.contacts.createTitle')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="contact-form" isPending={form.pending}>
            {contact ? t('survey.contacts.save') : t('survey.contacts.add')}
          </Button>
        </>
      }
    >
      <form id="contact-form" className="form-stack" noValidate onSubmit={submit}>
        <TextField label={t('survey.contacts.name')} isRequired autoFocus autoComplete="off" maxLength={200} {...form.field('name')} />
        <div className="contact-form-pair">
          <TextField label={t('survey.contacts.role')} autoComplete="off" maxLength={200} placeholder={t('survey.contacts.rolePlaceholder')} {...form.field('role')} />
          <TextField label={t('survey.contacts.company')} autoComplete="off" maxLength={200} {...form.field('company')} />
        </div>
        <div className="contact-form-pair">
          <TextField label={t('admin.members.email')} type="email" autoComplete="off" maxLength={320} {...form.field('email')} />
          <PhoneField label={t('admin.phoneLabel')} {...form.field('phone')} />
        </div>
        <TextField label={t('survey.contacts.notes')} rows={3} maxLength={5000} description={t('survey.contacts.notesHint')} {...form.field('notes')} />
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
