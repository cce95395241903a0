/**
 * Photos on the floor page, as one piece the page lays out: the Add photo toggle for its header,
 * the instruction above the plan while a place is being picked, the plan's tool (pins, and a click
 * or Enter that picks a place), the list beside the walks, and the dialogs. Picking a place either
 * adds a photo there or moves the photo chosen for it; Escape or Cancel stops picking.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Button, ToggleButton } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import type { Track } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { toastStore } from '../../ui/toast-store.js';
import type { PlanPoint, PlanTools } from '../heatmap/PlanViewport.js';
import { photoName } from './photo-name.js';
import { groupByWalk, numberPhotos } from './photo-order.js';
import { PhotoLightbox } from './PhotoLightbox.js';
import { PhotoList } from './PhotoList.js';
import { PhotoPins } from './PhotoPins.js';
import { PlacePhotoModal } from './PlacePhotoModal.js';
import { photoKeys, useChangePhoto, useFloorPhotos } from './queries.js';
import './photos.css';

type Picking = { kind: 'place' } | { kind: 'move'; photoId: string } | null;

interface Options {
  floorId: string;
  tracks: readonly Track[];
  /** The walk on screen: a new photo belongs to it unless the person chooses otherwise. */
  trackId: string | undefined;
  mayWrite: boolean;
}

export interface PhotoBoard {
  toggle: ReactNode;
  notice: ReactNode;
  tools: PlanTools;
  list: ReactNode;
  dialogs: ReactNode;
  /** Stops picking a place (another tool takes the plan). */
  stop: () => void;
}

/** Plan pixels are kept to a tenth: finer is below any pointer's precision. */
const tenth = (v: number) => Math.round(v * 10) / 10;

export function usePhotoBoard({ floorId, tracks, trackId, mayWrite }: Options): PhotoBoard {
  const { t } = useTranslation();
  const client = useQueryClient();
  const photos = useFloorPhotos(floorId);
  const change = useChangePhoto(floorId);
  const numbered = useMemo(() => numberPhotos(photos.data?.items ?? []), [photos.data]);
  const [picking, setPicking] = useState<Picking>(null);
  const [placeAt, setPlaceAt] = useState<PlanPoint | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const noticeId = useId();

  useEffect(() => {
    if (!picking) return;
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setPicking(null);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [picking]);

  function move(id: string, point: PlanPoint): Promise<unknown> {
    return change
      .mutateAsync({ id, change: { x: tenth(point.x), y: tenth(point.y) } })
      .then(() => toastStore.show(t('survey.photos.moved'), 'success'))
      .catch(() => toastStore.show(t('survey.photos.moveFailed'), 'error'));
  }

  function picked(point: PlanPoint) {
    if (picking?.kind === 'move') void move(picking.photoId, point);
    else setPlaceAt({ x: tenth(point.x), y: tenth(point.y) });
    setPicking(null);
  }

  const moving = picking?.kind === 'move' ? numbered.find((p) => p.photo.id === picking.photoId) : undefined;
  const walkName = (id: string) => tracks.find((track) => track.id === id)?.name;

  return {
    toggle: mayWrite && (
      <ToggleButton className="button button-secondary photo-toggle" isSelected={picking?.kind === 'place'} onChange={(on) => setPicking(on ? { kind: 'place' } : null)}>
        <CameraIcon />
        {t('survey.photos.add')}
      </ToggleButton>
    ),
    notice: picking && (
      <div className="notice notice-info photo-notice">
        <p id={noticeId}>{moving ? t('survey.photos.moveHint', { name: photoName(t, moving) }) : t('survey.photos.placeHint')}</p>
        <Button className="button button-secondary" onPress={() => setPicking(null)}>
          {t('admin.cancel')}
        </Button>
      </div>
    ),
    tools: {
      onPlanClick: picking ? picked : undefined,
      describedBy: picking ? noticeId : undefined,
      focused: picking !== null,
      markers: (projection) => (
        <PhotoPins
          photos={numbered}
          projection={projection}
          mayMove={mayWrite}
          activeId={openId}
          movingId={picking?.kind === 'move' ? picking.photoId : null}
          onOpen={setOpenId}
          onMove={move}
        />
      ),
    },
    list: <PhotoList groups={groupByWalk(numbered, tracks)} total={numbered.length} mayWrite={mayWrite} onOpen={setOpenId} />,
    dialogs: (
      <>
        {placeAt && (
          <PlacePhotoModal
            floorId={floorId}
            at={placeAt}
            walks={tracks}
            walkId={trackId}
            onClose={() => setPlaceAt(null)}
            onUploaded={() => {
              toastStore.show(t('survey.photos.added'), 'success');
              void client.invalidateQueries({ queryKey: photoKeys.floor(floorId) });
            }}
          />
        )}
        <PhotoLightbox
          floorId={floorId}
          photos={numbered}
          openId={openId}
          onOpen={setOpenId}
          mayWrite={mayWrite}
          walkName={walkName}
          onMove={(id) => {
            setOpenId(null);
            setPicking({ kind: 'move', photoId: id });
          }}
        />
      </>
    ),
    stop: () => setPicking(null),
  };
}

function CameraIcon() {
  return (
    <svg className="photo-toggle-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M9 4h6l1.5 2H20a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3.5z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <circle cx="12" cy="12.5" r="3.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
