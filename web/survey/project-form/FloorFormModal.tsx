/** A floor's name and level (0 is the ground floor, negative below it): a new floor, or a change to one. */
import { Button, Input, Label, NumberField } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { FormError } from '../../ui/form/FormError.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { Modal } from '../../ui/Modal.js';
import { useCreateFloor, useUpdateFloor } from './queries.js';
import '../../ui/form/field.css';

interface Props {
  projectId: string;
  /** The floor to change; without it a new floor is added at nextLevel. */
  floor?: { id: string; name: string; level: number };
  nextLevel: number;
  onClose: () => void;
}

export function FloorFormModal({ projectId, floor, nextLevel, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateFloor(projectId);
  const update = useUpdateFloor(projectId, floor?.id ?? '');
  const form = useFormState({ name: floor?.name ?? '', level: floor?.level ?? nextLevel }, { name: (v) => (v.trim() ? undefined : t('survey.floorForm.nameRequired')) });
  const submit = form.handleSubmit(
    async (values) => {
      const body = { name: values.name.trim(), level: values.level };
      if (floor) {
        await update.mutateAsync(body);
        onClose();
        return;
      }
      const created = await create.mutateAsync(body);
      onClose();
      goTo(`/projects/${projectId}/floors/${created.id}`);
    },
    (failure) => (failure.status === 409 ? t('survey.floorForm.duplicate', { name: form.values.name.trim() }) : undefined),
  );
  const level = form.field('level');
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t(floor ? 'survey.floorForm.editTitle' : 'survey.floorForm.title')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="floor-form" isPending={form.pending}>
            {t(floor ? 'survey.floorForm.save' : 'survey.floorForm.create')}
          </Button>
        </>
      }
    >
      <form id="floor-form" className="form-stack" noValidate onSubmit={submit}>
        <TextField label={t('survey.floorForm.name')} isRequired autoFocus maxLength={100} placeholder={t('survey.floorForm.namePlaceholder')} {...form.field('name')} />
        <NumberField className="field" minValue={-20} maxValue={300} step={1} value={level.value} onChange={(v) => level.onChange(Number.isNaN(v) ? 0 : v)} onBlur={level.onBlur}>
          <Label className="field-label">{t('survey.level')}</Label>
          <Input className="input" />
        </NumberField>
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
