/** A user's names, address, state and global role; the API keeps at least one global administrator. */
import { useMemo } from 'react';
import type { User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { FormActions } from '../../ui/form/FormActions.js';
import { FormError } from '../../ui/form/FormError.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { emailAddress } from '../../ui/form/validators.js';
import { toastStore } from '../../ui/toast-store.js';
import { GLOBAL_ROLES, USER_STATES, useUpdateUser } from './queries.js';

export function UserProfilePanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const stored = useMemo(
    (): { firstName: string; lastName: string; email: string; state: string | null; globalRole: string | null } => ({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      state: user.state,
      globalRole: user.globalRole,
    }),
    [user],
  );
  const form = useFormState(stored, { email: emailAddress(t) });
  const save = form.handleSubmit(
    async (values) => {
      // Only what changed is sent: an unchanged address is not re-verified, an unchanged role not re-checked.
      const change: Record<string, string> = {};
      if (values.firstName !== stored.firstName) change.firstName = values.firstName.trim();
      if (values.lastName !== stored.lastName) change.lastName = values.lastName.trim();
      if (values.email !== stored.email) change.email = values.email.trim();
      if (values.state !== stored.state) change.state = values.state === 'inactive' ? 'inactive' : 'active';
      if (values.globalRole !== stored.globalRole) change.globalRole = values.globalRole === 'admin' ? 'admin' : 'user';
      await update.mutateAsync(change);
      toastStore.show(t('admin.settings.saved'), 'success');
    },
    (failure) => {
      if (failure.status === 409 && failure.reason?.includes('administrator')) return t('admin.users.lastAdmin');
      if (failure.status === 409) return t('admin.users.emailTaken');
      return undefined;
    },
  );
  return (
    <form className="panel" aria-labelledby="user-profile" noValidate onSubmit={save}>
      <h2 id="user-profile" className="panel-title">
        {t('admin.users.profile')}
      </h2>
      <div className="form-grid">
        <TextField label={t('invitation.firstName')} maxLength={100} {...form.field('firstName')} />
        <TextField label={t('invitation.lastName')} maxLength={100} {...form.field('lastName')} />
        <TextField label={t('admin.members.email')} type="email" isRequired maxLength={254} {...form.field('email')} />
        <SelectField
          label={t('admin.users.state')}
          description={t('admin.users.stateHint')}
          options={USER_STATES.map((id) => ({ id, label: t(`admin.users.states.${id}`) }))}
          {...form.field('state')}
        />
        <SelectField
          label={t('admin.users.globalRole')}
          description={t('admin.users.roleHint')}
          options={GLOBAL_ROLES.map((id) => ({ id, label: t(`admin.users.roles.${id}`) }))}
          {...form.field('globalRole')}
        />
      </div>
      <FormError text={form.formError} />
      <FormActions dirty={form.dirty} pending={form.pending} onReset={form.reset} />
    </form>
  );
}
