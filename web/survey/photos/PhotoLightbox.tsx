/**
 * One photo large, with its caption and where it belongs; previous and next go round the floor's
 * photos (buttons, or the arrow keys outside a text field). Who may change photos edits the
 * caption, moves the pin (pick its new place on the plan, by pointer or keyboard) or deletes the
 * photo after confirming; everyone else only looks.
 */
import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DateText } from '../../ui/DateText.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { PhotoCaptionForm } from './PhotoCaptionForm.js';
import { photoName } from './photo-name.js';
import type { NumberedPhoto } from './photo-order.js';
import { useDeletePhoto } from './queries.js';

interface Props {
  floorId: string;
  photos: readonly NumberedPhoto[];
  openId: string | null;
  onOpen: (id: string | null) => void;
  mayWrite: boolean;
  walkName: (trackId: string) => string | undefined;
  onMove: (id: string) => void;
}

export function PhotoLightbox({ floorId, photos, openId, onOpen, mayWrite, walkName, onMove }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeletePhoto(floorId);
  const body = useRef<HTMLDivElement>(null);
  const index = photos.findIndex((p) => p.photo.id === openId);
  const item = photos[index];
  const step = (by: number) => onOpen(photos[(index + by + photos.length) % photos.length]!.photo.id);

  useEffect(() => {
    if (!item || photos.length < 2) return;
    const key = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const dialog = body.current?.closest('[role=dialog]');
      // Only in this dialog (not a confirmation above it), and never while typing.
      if (event.defaultPrevented || !dialog?.contains(target) || target.closest('input, textarea, select, [role=listbox]')) return;
      if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'ArrowRight') step(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  });

  if (!item) return null;
  const { photo } = item;
  const name = photoName(t, item);
  const walk = photo.trackId ? walkName(photo.trackId) : undefined;
  const number = new Intl.NumberFormat(i18n.language);

  async function askToDelete() {
    const confirmed = await confirm({
      title: t('survey.photos.deleteTitle'),
      message: t('survey.photos.deleteText', { name }),
      confirmLabel: t('survey.photos.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    const next = photos.length > 1 ? photos[(index + 1) % photos.length]!.photo.id : null;
    remove.mutate(photo.id, {
      onSuccess: () => {
        toastStore.show(t('survey.photos.deleted'), 'success');
        onOpen(next);
      },
      onError: () => toastStore.show(t('survey.photos.deleteFailed'), 'error'),
    });
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onOpen(null)}
      title={name}
      size="4XL"
      footer={
        mayWrite && (
          <>
            <Button className="button button-secondary" onPress={() => onMove(photo.id)}>
              {t('survey.photos.move')}
            </Button>
            <Button className="button button-danger" onPress={() => void askToDelete()} isPending={remove.isPending}>
              {t('survey.photos.delete')}
            </Button>
          </>
        )
      }
    >
      <div ref={body} className="photo-lightbox">
        <div className="photo-stage">
          <img key={photo.id} className="photo-image" src={photo.url} width={photo.width || undefined} height={photo.height || undefined} alt={photo.caption.trim() || name} />
          {photos.length > 1 && (
            <>
              <Button className="photo-step photo-step-previous" aria-label={t('survey.photos.previous')} onPress={() => step(-1)}>
                <span aria-hidden="true">‹</span>
              </Button>
              <Button className="photo-step photo-step-next" aria-label={t('survey.photos.next')} onPress={() => step(1)}>
                <span aria-hidden="true">›</span>
              </Button>
            </>
          )}
        </div>
        <div className="photo-side">
          {!mayWrite && photo.caption.trim() && <p className="photo-caption">{photo.caption}</p>}
          <ul className="photo-meta">
            <li>{t('survey.photos.position', { number: item.number, total: photos.length })}</li>
            <li>{walk ? t('survey.photos.onWalk', { name: walk }) : t('survey.photos.noWalk')}</li>
            <li>
              <DateText date={photo.createdAt} withTime />
            </li>
            <li>{t('survey.photos.size', { width: number.format(photo.width), height: number.format(photo.height) })}</li>
          </ul>
          {mayWrite && <PhotoCaptionForm key={photo.id} floorId={floorId} photo={photo} />}
        </div>
      </div>
    </Modal>
  );
}
