/**
 * The smooth mode's isolines over the heatmap: one thin line at each band edge and a bolder one at
 * the requirement, so a reader sees where the value crosses a threshold without matching colours.
 * Lines keep their width as the plan zooms (drawn at screen resolution, SettledCanvas). Tracing a
 * large grid takes longer than a frame, so the lines follow the colours a moment later instead of
 * holding back the frame that shows the new view.
 */
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import type { GridSpec } from '../../lib/api-types.js';
import { isolines } from './isolines.js';
import { SettledCanvas, type SettledDraw } from './SettledCanvas.js';
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

  const draw = useCallback<SettledDraw>(
    (context, stageToCanvas, ratio) => {
      if (!traced) return;
      // Cells to canvas pixels; the paths are placed with it and stroked untransformed, so widths stay in screen pixels.
      const toCanvas = stageToCanvas.scale(grid.cellSizeM / grid.metresPerPixel / planPerStage);
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
    },
    [traced, grid, planPerStage],
  );

  return traced && <SettledCanvas className="isoline-overlay" draw={draw} measure="heatmap isolines drawn" />;
});
