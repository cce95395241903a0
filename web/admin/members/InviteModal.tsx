/** Inviting someone by e-mail address and role; the invitation e-mail carries the join link. */
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { FormError } from '../../ui/form/FormError.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { emailAddress, required } from '../../ui/form/validators.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { ORG_ROLES, useInvite } from './queries.js';

const EMPTY = { email: '', role: 'member' as string | null };

export function InviteModal({ orgId, onClose }: { orgId: string; onClose: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const invite = useInvite(orgId);
  const form = useFormState(EMPTY, {
    email: emailAddress(t),
    role: required(t),
  });
  const submit = form.handleSubmit(
    async (values) => {
      const role = ORG_ROLES.find((r) => r === values.role) ?? 'member';
      await invite.mutateAsync({ email: values.email.trim(), role });
      toastStore.show(t('admin.invites.sentTo', { email: values.email.trim() }), 'success');
      onClose(true);
    },
    (failure) => (failure.status === 409 ? t('admin.invites.duplicate', { email: form.values.email.trim() }) : undefined),
  );
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose(false)}
      title={t('admin.members.invite')}
      footer={
        <>
          <Button className="button button-secondary" onPress={() => onClose(false)}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="invite-member" isPending={form.pending}>
            {t('admin.invites.send')}
          </Button>
        </>
      }
    >
      <form id="invite-member" noValidate onSubmit={submit}>
        <p className="panel-text">{t('admin.invites.text')}</p>
        <TextField label={t('admin.members.email')} type="email" isRequired autoFocus autoComplete="off" maxLength={254} {...form.field('email')} />
        <SelectField
          label={t('admin.members.role')}
          isRequired
          description={t('admin.invites.roleHint')}
          options={ORG_ROLES.map((id) => ({ id, label: t(`shell.roles.${id}`) }))}
          {...form.field('role')}
        />
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
