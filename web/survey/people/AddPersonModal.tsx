/**
 * Adding someone of the organisation to the project with a role. What each role may do is said
 * under the choice; the API's refusals (already in the project, no longer in the organisation)
 * are said in the form.
 */
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { personName } from '../../lib/person-name.js';
import { FormError } from '../../ui/form/FormError.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { UserPicker } from '../../ui/form/UserPicker.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { organisationUsers, PROJECT_ROLES, useAddPerson, useProjectPeople } from './queries.js';

/** A project's team fits one page of this size; beyond it the API's refusal still tells. */
const TEAM_PAGE = { page: 1, perPage: 100 };
const EMPTY = { userId: null as string | null, role: 'surveyor' as string | null };

export function AddPersonModal({ projectId, orgId, onClose }: { projectId: string; orgId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddPerson(projectId);
  const team = useProjectPeople(projectId, TEAM_PAGE);
  // Those already in the project are not offered again.
  const inTeam = new Set((team.data?.items ?? []).map((p) => p.userId));
  const form = useFormState(EMPTY, {
    userId: (value) => (value ? undefined : t('survey.people.personRequired')),
    role: (value) => (value ? undefined : t('admin.fieldRequired')),
  });
  const role = PROJECT_ROLES.find((r) => r === form.values.role);
  const submit = form.handleSubmit(
    async (values) => {
      const added = await add.mutateAsync({ userId: values.userId!, role: role! });
      toastStore.show(t('survey.people.addedToast', { name: personName(added), role: t(`survey.people.roles.${added.role}`) }), 'success');
      onClose();
    },
    (failure) => {
      if (failure.status === 409) return t('survey.people.alreadyListed');
      if (failure.status === 400 && failure.field === 'userId') return t('survey.people.notInOrganisation');
      return undefined;
    },
  );
  const person = form.field('userId');
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t('survey.people.addTitle')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="add-person" isPending={form.pending}>
            {t('survey.people.addSubmit')}
          </Button>
        </>
      }
    >
      <form id="add-person" className="form-stack" noValidate onSubmit={submit}>
        <UserPicker
          label={t('survey.people.person')}
          source={organisationUsers(orgId)}
          exclude={inTeam}
          value={person.value}
          onChange={(userId) => {
            person.onChange(userId);
            person.onBlur();
          }}
          description={t('survey.people.personHint')}
          error={person.error}
          isRequired
        />
        <SelectField
          label={t('admin.members.role')}
          isRequired
          description={role && t(`survey.people.roleHints.${role}`)}
          options={PROJECT_ROLES.map((id) => ({ id, label: t(`survey.people.roles.${id}`) }))}
          {...form.field('role')}
        />
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
