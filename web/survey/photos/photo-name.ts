/** A photo as people and screen readers hear it, on its pin, in the list and in the lightbox: "Photo 3: Riser cupboard". */
import type { Translate } from '../../lib/translator.js';
import type { NumberedPhoto } from './photo-order.js';

/** Long enough to tell photos apart; a longer caption is read in full in the lightbox. */
const NAME_CAPTION = 60;

export function photoName(t: Translate, { photo, number }: NumberedPhoto): string {
  const full = photo.caption.trim().replace(/\s+/g, ' ');
  const caption = full.length > NAME_CAPTION ? `${full.slice(0, NAME_CAPTION - 1).trimEnd()}…` : full;
  return caption ? t('survey.photos.named', { number, caption }) : t('survey.photos.unnamed', { number });
}
