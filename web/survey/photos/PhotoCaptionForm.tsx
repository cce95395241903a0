/** A photo's caption, edited in its lightbox: Save and Reset wait for a change, a refusal keeps the text. */
import type { Photo } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { FormActions } from '../../ui/form/FormActions.js';
import { FormError } from '../../ui/form/FormError.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { toastStore } from '../../ui/toast-store.js';
import { useChangePhoto } from './queries.js';

/** The API's limit. */
const MAX_CAPTION = 1000;

export function PhotoCaptionForm({ floorId, photo }: { floorId: string; photo: Photo }) {
  const { t } = useTranslation();
  const change = useChangePhoto(floorId);
  const form = useFormState({ caption: photo.caption });
  const submit = form.handleSubmit(async ({ caption }) => {
    await change.mutateAsync({ id: photo.id, change: { caption: caption.trim() } });
    toastStore.show(t('survey.photos.captionSaved'), 'success');
  });
  return (
    <form className="form-stack photo-caption-form" noValidate onSubmit={submit}>
      <TextField label={t('survey.photos.caption')} rows={2} maxLength={MAX_CAPTION} description={t('survey.photos.captionHint')} {...form.field('caption')} />
      <FormError text={form.formError} />
      <FormActions dirty={form.dirty} pending={form.pending} onReset={form.reset} saveLabel={t('survey.photos.saveCaption')} />
    </form>
  );
}
