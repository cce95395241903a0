/**
 * The smooth mode's isolines over the heatmap: one thin line at each band edge and a bolder one at
 * the requirement, so a reader sees where the value crosses a threshold without matching colours.
 * Lines keep their width as the plan zooms. Tracing a large grid takes longer than a frame, so the
 * lines follow the colours a moment later instead of holding back the frame that shows the new view.
 *
 * They are drawn into a canvas of the frame's size at screen resolution, laid on the stage where
 * the frame showed it when the plan came to rest: only the visible part is stroked, once per
 * gesture, and between gestures the canvas moves with the stage like any other layer. (Lines that
 * keep their width in an SVG as large as the plan made the browser stroke them all again at every
 * zoom step.)
 */
import { memo, useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import type { GridSpec } from '../../lib/api-types.js';
import { isolines } from './isolines.js';
import { useSettledView } from './settled-view.js';
import { timed } from './timing.js';
import type { ViewResult } from '../../../shared/heatmap/views.js';

interface Props {
  grid: GridSpec;
  view: ViewResult;
  /** Plan pixels per stage pixel. */
  planPerStage: number;
}

// Drawn over the plan, which is white in both themes: dark lines read on every band colour.
const LINE = { colour: 'rgb(20 20 20 / 0.45)', width: 1 };
const REQUIREMENT = { colour: 'rgb(20 20 20 / 0.8)', width: 2 };

export const IsolineOverlay = memo(function IsolineOverlay({ grid, view, planPerStage }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawnFor = useRef<unknown>(null);
  const settled = useSettledView();
  const shown = useDeferredValue(view);
  const traced = useMemo(() => {
    if (!shown.hasData) return null;
    const edges = shown.bands.slice(1).map((b) => b.from);
    const found = timed('heatmap isolines', () => isolines(shown.values, grid.cols, grid.rows, edges));
    return {
      surveyed: new Path2D(found.surveyed),
      lines: found.lines.map((line) => ({ path: new Path2D(line.path), style: line.threshold === shown.threshold ? REQUIREMENT : LINE })),
    };
  }, [shown, grid]);

  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const at = settled?.transform;
  const frame = settled?.frame;
  // The frame's rectangle in stage pixels, as it was at rest.
  const place = at && frame && frame.width > 0 ? { left: -at.x / at.scale, top: -at.y / at.scale, width: frame.width / at.scale, height: frame.height / at.scale } : null;

  useLayoutEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !at || !place || !traced) return;
    const start = performance.now();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, context.canvas.width, context.canvas.height);
    // Cells to canvas pixels; the paths are placed with it and stroked untransformed, so widths stay in screen pixels.
    const cell = (grid.cellSizeM / grid.metresPerPixel / planPerStage) * at.scale * ratio;
    const toCanvas = new DOMMatrix([cell, 0, 0, cell, at.x * ratio, at.y * ratio]);
    const placed = (path: Path2D) => {
      const out = new Path2D();
      out.addPath(path, toCanvas);
      return out;
    };
    context.save();
    context.clip(placed(traced.surveyed));
    for (const line of traced.lines) {
      context.strokeStyle = line.style.colour;
      context.lineWidth = line.style.width * ratio;
      context.stroke(placed(line.path));
    }
    context.restore();
    // From the moment the plan came to rest when that is what this drawing follows (the delay the
    // user sees after a gesture) until the frame showing the lines is drawn: a canvas is only
    // rasterised with its frame, so the strokes above cost next to nothing by themselves.
    const since = drawnFor.current !== at && settled ? settled.since : start;
    drawnFor.current = at;
    let timer = 0;
    const frameId = requestAnimationFrame(() => {
      timer = window.setTimeout(() => performance.measure('heatmap isolines drawn', { start: since, end: performance.now() }), 0);
    });
    return () => {
      cancelAnimationFrame(frameId);
      clearTimeout(timer);
    };
    // place is derived from at and the frame: those are the dependencies that matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [traced, at, frame, ratio, grid, planPerStage]);

  if (!traced || !place || !frame) return null;
  return (
    <canvas
      ref={canvas}
      className="isoline-overlay"
      width={Math.round(frame.width * ratio)}
      height={Math.round(frame.height * ratio)}
      style={{ left: place.left, top: place.top, width: place.width, height: place.height }}
      aria-hidden="true"
    />
  );
});
