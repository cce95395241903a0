/**
 * A layer of lines that keep their width in screen pixels (the isolines, the walk's route), drawn
 * into a canvas of the frame's size at screen resolution and laid on the stage where the frame
 * showed it when the plan came to rest: only the visible part is stroked, once per gesture. While
 * the plan pans the canvas moves with the stage like any other layer; while the zoom changes it
 * steps aside (PlanViewport marks the frame), and it is drawn again once the plan is still.
 *
 * Lines kept at screen width by the browser instead (an SVG as large as the plan with
 * non-scaling strokes) are painted and rasterised again over the whole plan at every step of a
 * zoom or pan: on a large walk that alone held frames back for hundreds of milliseconds.
 */
import { memo, useLayoutEffect, useRef } from 'react';
import { useSettledView } from './settled-view.js';

/**
 * Draws for the view at rest. `stageToCanvas` takes stage pixels to canvas pixels; a line width
 * given in CSS pixels is multiplied by `ratio` (device pixels per CSS pixel). A new function
 * draws again, so it changes only when what it draws does.
 */
export type SettledDraw = (context: CanvasRenderingContext2D, stageToCanvas: DOMMatrix, ratio: number) => void;

interface Props {
  className: string;
  draw: SettledDraw;
  /** A User Timing measure from the plan coming to rest until the drawing is on screen. */
  measure?: string;
}

export const SettledCanvas = memo(function SettledCanvas({ className, draw, measure }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawnFor = useRef<unknown>(null);
  const settled = useSettledView();
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const at = settled?.transform;
  const frame = settled?.frame;

  useLayoutEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !at || !settled) return;
    const start = performance.now();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, context.canvas.width, context.canvas.height);
    draw(context, new DOMMatrix([at.scale * ratio, 0, 0, at.scale * ratio, at.x * ratio, at.y * ratio]), ratio);
    if (!measure) return;
    // From the moment the plan came to rest when that is what this drawing follows (the delay the
    // user sees after a gesture) until the frame showing it is drawn: a canvas is only rasterised
    // with its frame, so the strokes above cost next to nothing by themselves.
    const since = drawnFor.current !== at ? settled.since : start;
    drawnFor.current = at;
    let timer = 0;
    const frameId = requestAnimationFrame(() => {
      timer = window.setTimeout(() => performance.measure(measure, { start: since, end: performance.now() }), 0);
    });
    return () => {
      cancelAnimationFrame(frameId);
      clearTimeout(timer);
    };
    // settled changes with at and the frame: those are the dependencies that matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draw, at, frame, ratio, measure]);

  if (!at || !frame || frame.width <= 0) return null;
  return (
    <canvas
      ref={canvas}
      className={`settled-canvas ${className}`}
      width={Math.round(frame.width * ratio)}
      height={Math.round(frame.height * ratio)}
      // The frame's rectangle in stage pixels, as it was at rest.
      style={{ left: -at.x / at.scale, top: -at.y / at.scale, width: frame.width / at.scale, height: frame.height / at.scale }}
      aria-hidden="true"
    />
  );
});
