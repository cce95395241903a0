/**
 * The plan under the heatmap: zoom by wheel, pinch, buttons or + and −; pan by dragging or the
 * arrow keys; 0 fits the plan again. While it moves the stage is one composited layer, so an
 * 8000-pixel plan pans as smoothly as a small one. Reports the plan point under the pointer, and a
 * click (not a drag) on the plan; from the keyboard, Enter picks the point under the cross shown at
 * the centre of the focused plan. Markers (photo pins) are laid over the plan at screen size.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { SettledViewContext, type SettledView } from './settled-view.js';
import { fit, MIN_ZOOM_OF_FIT, toStage, zoomAt, type Transform } from './viewport-transform.js';

export interface PlanPoint {
  x: number;
  y: number;
}

/** Between plan pixels and the frame, for markers that keep their size at any zoom. */
export interface PlanProjection {
  /** Where a plan point is, in pixels from the frame's top left corner. */
  toFrame: (point: PlanPoint) => { left: number; top: number };
  /** The plan point under a pointer, held within the plan. */
  toPlan: (event: { clientX: number; clientY: number }) => PlanPoint;
}

/** What a tool (calibration, photos) adds to the plan. */
export interface PlanTools {
  /** `shiftKey`: Shift was held (a drawing tool keeps its line straight). */
  onPlanClick?: (point: PlanPoint, modifiers: { shiftKey: boolean }) => void;
  markers?: (projection: PlanProjection) => ReactNode;
  /** The id of the text that says what a click does now. */
  describedBy?: string;
  /** Moves the keyboard focus to the plan when it turns true (a tool was started from a dialog). */
  focused?: boolean;
}

interface Props extends PlanTools {
  /** The display image's size: the stage every layer is laid on. */
  stage: { width: number; height: number };
  /** Plan pixels per stage pixel (the display image may be smaller than the uploaded plan). */
  planPerStage: number;
  label: string;
  children: ReactNode;
  /** Drawn above the stage and kept at screen size (the readout). */
  overlay?: ReactNode;
  onHover?: (point: PlanPoint | null) => void;
  onScaleChange?: (scale: number) => void;
}

const WHEEL_STEP = 0.0015;
const KEY_ZOOM = 1.25;
const KEY_PAN = 60;
const CLICK_SLOP = 4;
const ZOOM_SETTLE_MS = 200;

export function PlanViewport({ stage, planPerStage, label, children, overlay, onHover, onPlanClick, onScaleChange, markers, describedBy, focused }: Props) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [transform, setTransform] = useState<Transform>({ scale: 1, x: 0, y: 0 });
  const [settled, setSettled] = useState(() => ({ transform, since: performance.now() }));
  const [frameSize, setFrameSize] = useState({ width: 0, height: 0 });
  const fitted = useRef<Transform>(transform);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ moved: number; pinch: number | null }>({ moved: 0, pinch: null });

  // From the frame's inside edge, where the stage is laid (the border would put every point a pixel off).
  function local(event: { clientX: number; clientY: number }) {
    const el = frame.current!;
    const rect = el.getBoundingClientRect();
    return { x: event.clientX - rect.left - el.clientLeft, y: event.clientY - rect.top - el.clientTop };
  }

  // Fit the plan when it changes and when the frame's width does (a rotated phone, a resized window).
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    let width = -1;
    const refit = () => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitted.current = fit({ width: el.clientWidth, height: el.clientHeight }, stage);
      setFrameSize({ width: el.clientWidth, height: el.clientHeight });
      setTransform(fitted.current);
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [stage]);
  useEffect(() => onScaleChange?.(transform.scale), [transform.scale, onScaleChange]);
  // Marked while the plan moves and a moment after: the stage is then one composited layer,
  // moved and scaled as it was last rasterised. At rest it is rasterised again for the scale
  // shown; kept as a layer, the browser would keep compositing it from tiles of the largest scale
  // it was zoomed to, hundreds of them each frame once zoomed back out.
  useLayoutEffect(() => {
    if (frame.current) frame.current.dataset.moving = '';
  }, [transform]);
  // Marked while the zoom changes and a moment after: layers that must be drawn again at every
  // scale (lines that keep their width) step aside meanwhile, so zooming stays one composited move.
  useLayoutEffect(() => {
    if (frame.current) frame.current.dataset.zooming = '';
  }, [transform.scale]);
  // The view at rest, for the layers drawn at screen resolution: they draw once the gesture
  // pauses, in the same frame as the mark goes.
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ transform, since: performance.now() }), ZOOM_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [transform]);
  useLayoutEffect(() => {
    if (settled.transform !== transform || !frame.current) return;
    delete frame.current.dataset.zooming;
    delete frame.current.dataset.moving;
  }, [settled, transform]);
  const settledView = useMemo<SettledView>(() => ({ ...settled, frame: frameSize }), [settled, frameSize]);
  useEffect(() => {
    if (!focused) return;
    // After the dialog that started the tool has closed and handed focus back to its opener.
    const frameId = requestAnimationFrame(() => frame.current?.focus());
    return () => cancelAnimationFrame(frameId);
  }, [focused]);

  // The wheel listener must not be passive, or the page would scroll as the plan zooms.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const at = local(event);
      setTransform((t0) => zoomAt(t0, Math.exp(-event.deltaY * WHEEL_STEP), at, fitted.current.scale * MIN_ZOOM_OF_FIT));
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, []);

  function planPoint(at: { x: number; y: number }): PlanPoint | null {
    const s = toStage(transform, at);
    if (s.x < 0 || s.y < 0 || s.x > stage.width || s.y > stage.height) return null;
    return { x: s.x * planPerStage, y: s.y * planPerStage };
  }

  const projection: PlanProjection = {
    toFrame: (point) => ({ left: transform.x + (point.x / planPerStage) * transform.scale, top: transform.y + (point.y / planPerStage) * transform.scale }),
    toPlan: (event) => {
      const s = toStage(transform, local(event));
      return { x: Math.min(stage.width, Math.max(0, s.x)) * planPerStage, y: Math.min(stage.height, Math.max(0, s.y)) * planPerStage };
    },
  };

  function zoomBy(factor: number) {
    const el = frame.current!;
    setTransform((t0) => zoomAt(t0, factor, { x: el.clientWidth / 2, y: el.clientHeight / 2 }, fitted.current.scale * MIN_ZOOM_OF_FIT));
  }

  return (
    <div className="plan-viewport">
      <div
        ref={frame}
        className="plan-frame"
        style={{ aspectRatio: `${stage.width} / ${stage.height}` }}
        role="application"
        aria-roledescription={t('survey.viewer.planRole')}
        aria-label={label}
        aria-describedby={describedBy}
        data-aiming={onPlanClick ? true : undefined}
        tabIndex={0}
        onKeyDown={(event) => {
          // Keys pressed on a marker are the marker's own.
          if (event.target !== event.currentTarget) return;
          const pan = (dx: number, dy: number) => setTransform((t0) => ({ ...t0, x: t0.x + dx, y: t0.y + dy }));
          const keys: Record<string, () => void> = {
            '+': () => zoomBy(KEY_ZOOM),
            '=': () => zoomBy(KEY_ZOOM),
            '-': () => zoomBy(1 / KEY_ZOOM),
            '0': () => setTransform(fitted.current),
            ArrowLeft: () => pan(KEY_PAN, 0),
            ArrowRight: () => pan(-KEY_PAN, 0),
            ArrowUp: () => pan(0, KEY_PAN),
            ArrowDown: () => pan(0, -KEY_PAN),
          };
          if (onPlanClick) {
            keys.Enter = () => {
              const el = frame.current!;
              const point = planPoint({ x: el.clientWidth / 2, y: el.clientHeight / 2 });
              if (point) onPlanClick(point, { shiftKey: event.shiftKey });
            };
          }
          const action = keys[event.key];
          if (!action) return;
          event.preventDefault();
          action();
        }}
        onPointerDown={(event) => {
          frame.current!.setPointerCapture(event.pointerId);
          pointers.current.set(event.pointerId, local(event));
          gesture.current = { moved: 0, pinch: null };
        }}
        onPointerMove={(event) => {
          const at = local(event);
          const previous = pointers.current.get(event.pointerId);
          if (!previous) {
            onHover?.(planPoint(at));
            return;
          }
          pointers.current.set(event.pointerId, at);
          const all = [...pointers.current.values()];
          if (all.length === 2) {
            const [a, b] = all as [PlanPoint, PlanPoint];
            const distance = Math.hypot(a.x - b.x, a.y - b.y);
            const centre = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
            if (gesture.current.pinch) setTransform((t0) => zoomAt(t0, distance / gesture.current.pinch!, centre, fitted.current.scale * MIN_ZOOM_OF_FIT));
            gesture.current.pinch = distance;
            gesture.current.moved += CLICK_SLOP;
            return;
          }
          const dx = at.x - previous.x;
          const dy = at.y - previous.y;
          gesture.current.moved += Math.abs(dx) + Math.abs(dy);
          setTransform((t0) => ({ ...t0, x: t0.x + dx, y: t0.y + dy }));
        }}
        onPointerUp={(event) => {
          const wasClick = pointers.current.size === 1 && gesture.current.moved < CLICK_SLOP;
          pointers.current.delete(event.pointerId);
          if (pointers.current.size < 2) gesture.current.pinch = null;
          if (wasClick && onPlanClick) {
            const point = planPoint(local(event));
            if (point) onPlanClick(point, { shiftKey: event.shiftKey });
          }
        }}
        onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
        onPointerLeave={() => onHover?.(null)}
      >
        <div className="plan-stage" style={{ width: stage.width, height: stage.height, transform: `translate(${transform.x}px, ${transform.y}px) scale(${transform.scale})` }}>
          <SettledViewContext.Provider value={settledView}>{children}</SettledViewContext.Provider>
        </div>
        {onPlanClick && <span className="plan-aim" aria-hidden="true" />}
        {markers && <div className="plan-markers">{markers(projection)}</div>}
        {overlay}
      </div>
      <div className="plan-zoom" role="group" aria-label={t('survey.viewer.zoom')}>
        <Button className="plan-zoom-button" aria-label={t('survey.viewer.zoomIn')} onPress={() => zoomBy(KEY_ZOOM)}>
          +
        </Button>
        <Button className="plan-zoom-button" aria-label={t('survey.viewer.zoomOut')} onPress={() => zoomBy(1 / KEY_ZOOM)}>
          −
        </Button>
        <Button className="plan-zoom-button plan-zoom-fit" aria-label={t('survey.viewer.zoomFit')} onPress={() => setTransform(fitted.current)}>
          ⤢
        </Button>
      </div>
    </div>
  );
}
