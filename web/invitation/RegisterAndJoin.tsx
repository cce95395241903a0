/**
 * No account for the invited address yet: a name and a password are all it takes. The API
 * creates the account (the address counts as verified: the invitation reached it) and joins in
 * one step; then the new member is signed in and lands in the organisation.
 */
import { useTranslation } from '../lib/i18n.js';
import { goTo } from '../lib/navigate.js';
import { persistentStorage } from '../lib/persistent-storage.js';
import { projectsPath } from '../shell/org-path.js';
import { Card } from '../ui/Card.js';
import { FormError } from '../ui/form/FormError.js';
import { PasswordField } from '../ui/form/PasswordField.js';
import { TextField } from '../ui/form/TextField.js';
import { useFormState } from '../ui/form/use-form-state.js';
import { password, required } from '../ui/form/validators.js';
import { Button } from 'react-aria-components';
import type { Invitation } from './invitation-types.js';
import { InvitationSummary } from './InvitationSummary.js';
import { useRegisterAndJoin } from './queries.js';
import { signInWithPassword } from './sign-in.js';

const EMPTY = { firstName: '', lastName: '', password: '' };

export function RegisterAndJoin({ token, invite }: { token: string; invite: Invitation }) {
  const { t } = useTranslation();
  const register = useRegisterAndJoin(token);
  const form = useFormState(EMPTY, { firstName: required(t), password: password(t) });

  const submit = form.handleSubmit(
    async (values) => {
      await register.mutateAsync({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), password: values.password });
      persistentStorage.selectOrganization(invite.orgId, invite.orgName);
      const target = projectsPath(invite.orgId);
      if (await signInWithPassword(invite.email, values.password)) goTo(target);
      else goTo(`/login?return_to=${encodeURIComponent(target)}`);
    },
    (failure) => {
      if (failure.status === 409) return t('invitation.accountExists');
      if (failure.field === 'password') return t('invitation.passwordRefused');
      return undefined;
    },
  );

  return (
    <Card title={t('invitation.title', { org: invite.orgName })}>
      <InvitationSummary invite={invite} />
      <form className="invitation-form" noValidate onSubmit={submit} aria-label={t('invitation.createAccount')}>
        <p>{t('invitation.createText')}</p>
        <TextField label={t('invitation.email')} value={invite.email} onChange={() => undefined} isDisabled autoComplete="email" />
        <div className="invitation-names">
          <TextField label={t('invitation.firstName')} isRequired maxLength={100} autoComplete="given-name" {...form.field('firstName')} />
          <TextField label={t('invitation.lastName')} maxLength={100} autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <PasswordField label={t('invitation.password')} isRequired description={t('invitation.passwordHint')} {...form.field('password')} />
        <FormError text={form.formError} />
        <div className="card-actions">
          <Button type="submit" className="button button-primary" isPending={form.pending}>
            {t('invitation.createAndJoin')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
