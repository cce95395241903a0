/**
 * A new user: address, names, global role and, optionally, a first password. Without one the
 * user sets their own through a recovery link, which the user's page issues.
 */
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { CheckboxField } from '../../ui/form/CheckboxField.js';
import { FormError } from '../../ui/form/FormError.js';
import { PasswordField } from '../../ui/form/PasswordField.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { emailAddress, password, required } from '../../ui/form/validators.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { GLOBAL_ROLES, useCreateUser } from './queries.js';
import { userPath } from './user-path.js';

const EMPTY = { email: '', firstName: '', lastName: '', password: '', globalRole: 'user' as string | null, verified: true };

export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const form = useFormState(EMPTY, {
    email: emailAddress(t),
    password: (value) => (value ? password(t)(value) : undefined),
    globalRole: required(t),
  });
  const submit = form.handleSubmit(
    async (values) => {
      const user = await create.mutateAsync({
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        globalRole: values.globalRole === 'admin' ? 'admin' : 'user',
        verified: values.verified,
        ...(values.password ? { password: values.password } : {}),
      });
      toastStore.show(t('admin.users.created', { email: user.email }), 'success');
      onClose();
      goTo(userPath(user.id));
    },
    (failure) => (failure.status === 409 ? t('admin.users.emailTaken') : undefined),
  );
  return (
    <Modal
      isOpen
      size="XL"
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.users.create')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="create-user" isPending={form.pending}>
            {t('admin.users.createSubmit')}
          </Button>
        </>
      }
    >
      <form id="create-user" noValidate onSubmit={submit}>
        <TextField label={t('admin.members.email')} type="email" isRequired autoFocus autoComplete="off" maxLength={254} {...form.field('email')} />
        <div className="form-grid">
          <TextField label={t('invitation.firstName')} maxLength={100} {...form.field('firstName')} />
          <TextField label={t('invitation.lastName')} maxLength={100} {...form.field('lastName')} />
        </div>
        <SelectField
          label={t('admin.users.globalRole')}
          isRequired
          options={GLOBAL_ROLES.map((id) => ({ id, label: t(`admin.users.roles.${id}`) }))}
          {...form.field('globalRole')}
        />
        <PasswordField label={t('admin.users.firstPassword')} description={t('admin.users.firstPasswordHint')} {...form.field('password')} />
        <CheckboxField label={t('admin.users.verified')} {...form.field('verified')} />
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
