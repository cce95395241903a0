/**
 * The photo for the place just picked on the plan: the image, a caption and the walk it was taken
 * on (the walk on screen unless changed), sent through the one upload dialog with the position.
 */
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { TextField } from '../../ui/form/TextField.js';
import { UploadModal } from '../../ui/UploadModal.js';
import { PHOTO_FILE_TYPES } from '../floor/file-types.js';
import type { PlanPoint } from '../heatmap/PlanViewport.js';

const NO_WALK = 'none';
/** The API's limit. */
const MAX_CAPTION = 1000;

interface Props {
  floorId: string;
  at: PlanPoint;
  walks: readonly { id: string; name: string }[];
  walkId: string | undefined;
  onClose: () => void;
  onUploaded: () => void;
}

export function PlacePhotoModal({ floorId, at, walks, walkId, onClose, onUploaded }: Props) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const [walk, setWalk] = useState(walkId ?? NO_WALK);
  // The position goes before the file: the API reads the fields as they stream in.
  const fields: Record<string, string> = { x: String(at.x), y: String(at.y), caption: caption.trim() };
  if (walk !== NO_WALK) fields.trackId = walk;
  return (
    <UploadModal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      url={`/api/floors/${encodeURIComponent(floorId)}/photos`}
      accept={PHOTO_FILE_TYPES}
      title={t('survey.photos.add')}
      fields={fields}
      onUploaded={onUploaded}
    >
      <TextField label={t('survey.photos.caption')} value={caption} onChange={setCaption} maxLength={MAX_CAPTION} description={t('survey.photos.captionHint')} />
      {walks.length > 0 && (
        <SelectField
          label={t('survey.photos.walk')}
          value={walk}
          onChange={(value) => setWalk(value ?? NO_WALK)}
          options={[...walks.map((w) => ({ id: w.id, label: w.name })), { id: NO_WALK, label: t('survey.photos.noWalk') }]}
        />
      )}
    </UploadModal>
  );
}
