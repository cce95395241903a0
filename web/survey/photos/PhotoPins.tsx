/**
 * The photos' pins over the plan, laid in the viewport's frame rather than on the zoomed stage so
 * they keep one size at any zoom, their tip on the place the photo was taken. A pin is a button:
 * Enter or a click opens the photo. Who may change photos drags a pin to move it; the move shows
 * at once and is kept or undone when the API answers.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import type { PlanPoint, PlanProjection } from '../heatmap/PlanViewport.js';
import { photoName } from './photo-name.js';
import type { NumberedPhoto } from './photo-order.js';

interface Props {
  photos: readonly NumberedPhoto[];
  projection: PlanProjection;
  /** Pins may be dragged. */
  mayMove: boolean;
  /** The photo open in the lightbox or waiting to be moved. */
  activeId: string | null;
  movingId: string | null;
  onOpen: (id: string) => void;
  onMove: (id: string, point: PlanPoint) => Promise<unknown>;
}

export function PhotoPins({ photos, projection, mayMove, activeId, movingId, onOpen, onMove }: Props) {
  return photos.map((item) => (
    <Pin
      key={item.photo.id}
      item={item}
      projection={projection}
      mayMove={mayMove}
      state={item.photo.id === movingId ? 'moving' : item.photo.id === activeId ? 'active' : undefined}
      onOpen={onOpen}
      onMove={onMove}
    />
  ));
}

/** Below this many screen pixels a press is a click, not a drag (a hand is never quite still). */
const DRAG_SLOP = 4;

interface PinProps {
  item: NumberedPhoto;
  projection: PlanProjection;
  mayMove: boolean;
  state: 'active' | 'moving' | undefined;
  onOpen: (id: string) => void;
  onMove: (id: string, point: PlanPoint) => Promise<unknown>;
}

function Pin({ item, projection, mayMove, state, onOpen, onMove }: PinProps) {
  const { t } = useTranslation();
  const { photo, number } = item;
  // Where the press began, and how far from the pin's tip: a pin grabbed by its head keeps that grip.
  const press = useRef<{ x: number; y: number; dx: number; dy: number; dragging: boolean } | null>(null);
  const dragged = useRef(false);
  // Where the pin is while dragged and until the list holds its new place (or its old one again).
  const [dragAt, setDragAt] = useState<PlanPoint | null>(null);
  const at = projection.toFrame(dragAt ?? photo);

  function down(event: PointerEvent<HTMLButtonElement>) {
    // The plan underneath must not start panning, nor take this press for a click on the plan.
    event.stopPropagation();
    dragged.current = false;
    if (!mayMove || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const box = event.currentTarget.getBoundingClientRect();
    press.current = { x: event.clientX, y: event.clientY, dx: event.clientX - (box.left + box.width / 2), dy: event.clientY - box.bottom, dragging: false };
  }

  function tipUnder(event: PointerEvent<HTMLButtonElement>, grip: { dx: number; dy: number }): PlanPoint {
    return projection.toPlan({ clientX: event.clientX - grip.dx, clientY: event.clientY - grip.dy });
  }

  function move(event: PointerEvent<HTMLButtonElement>) {
    const current = press.current;
    if (!current) return;
    event.stopPropagation();
    if (!current.dragging && Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_SLOP) return;
    current.dragging = true;
    setDragAt(tipUnder(event, current));
  }

  function up(event: PointerEvent<HTMLButtonElement>) {
    const current = press.current;
    press.current = null;
    if (!current?.dragging) return;
    event.stopPropagation();
    // The click that follows a drag is not a request to open the photo.
    dragged.current = true;
    const point = tipUnder(event, current);
    setDragAt(point);
    void onMove(photo.id, point).finally(() => setDragAt(null));
  }

  return (
    <button
      type="button"
      className="photo-pin"
      data-state={state}
      data-dragging={dragAt ? true : undefined}
      data-movable={mayMove || undefined}
      style={{ left: at.left, top: at.top }}
      aria-label={photoName(t, item)}
      title={photo.caption || undefined}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        press.current = null;
        setDragAt(null);
      }}
      onClick={(event) => {
        // A click from Enter or Space (detail 0) always opens; one ending a drag does not.
        if (dragged.current && event.detail > 0) {
          dragged.current = false;
          return;
        }
        onOpen(photo.id);
      }}
    >
      <svg className="photo-pin-shape" viewBox="0 0 28 36" aria-hidden="true">
        <path d="M14 35C14 35 2 22 2 14a12 12 0 0 1 24 0c0 8-12 21-12 21z" />
      </svg>
      <span className="photo-pin-number" aria-hidden="true">
        {number}
      </span>
    </button>
  );
}
