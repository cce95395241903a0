/**
 * A project's details, new or changed: name (required, unique in the organisation), customer,
 * address and description. A new project opens at once; its creator manages it.
 */
import { Button } from 'react-aria-components';
import type { Project } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { FormError } from '../../ui/form/FormError.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { useCreateProject, useUpdateProject } from './queries.js';

type Values = { name: string; customer: string; address: string; description: string };

export function ProjectFormModal({ orgId, project, onClose }: { orgId: string; project?: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProject(orgId);
  const update = useUpdateProject(project?.id ?? '');
  const stored: Values = { name: project?.name ?? '', customer: project?.customer ?? '', address: project?.address ?? '', description: project?.description ?? '' };
  const form = useFormState(stored, { name: (v) => (v.trim() ? undefined : t('survey.projectForm.nameRequired')) });
  const submit = form.handleSubmit(
    async (values) => {
      const body = { ...values, name: values.name.trim() };
      if (project) {
        await update.mutateAsync(body);
        toastStore.show(t('survey.projectForm.savedToast'), 'success');
        onClose();
        return;
      }
      const created = await create.mutateAsync(body);
      toastStore.show(t('survey.projectForm.createdToast', { name: created.name }), 'success');
      onClose();
      goTo(`/projects/${created.id}`);
    },
    (failure) => (failure.status === 409 ? t('survey.projectForm.duplicate', { name: form.values.name.trim() }) : undefined),
  );
  return (
    <Modal
      isOpen
      size="XL"
      onOpenChange={(open) => !open && onClose()}
      title={project ? t('survey.projectForm.editTitle') : t('survey.projectForm.createTitle')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="project-form" isPending={form.pending}>
            {project ? t('survey.projectForm.save') : t('survey.projectForm.create')}
          </Button>
        </>
      }
    >
      <form id="project-form" className="form-stack" noValidate onSubmit={submit}>
        <TextField label={t('survey.projectForm.name')} isRequired autoFocus maxLength={200} {...form.field('name')} />
        <TextField label={t('survey.customer')} maxLength={200} {...form.field('customer')} />
        <TextField label={t('survey.projectForm.address')} maxLength={500} {...form.field('address')} />
        <TextField label={t('survey.projectForm.description')} rows={4} maxLength={5000} {...form.field('description')} />
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
