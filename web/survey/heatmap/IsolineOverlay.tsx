/**
 * The smooth mode's isolines over the heatmap: one thin line at each band edge and a bolder one at
 * the requirement, so a reader sees where the value crosses a threshold without matching colours.
 * Lines keep their width as the plan zooms. Tracing a large grid takes longer than a frame, so the
 * lines follow the colours a moment later instead of holding back the frame that shows the new view.
 */
import { memo, useDeferredValue, useId, useMemo } from 'react';
import type { GridSpec } from '../../lib/api-types.js';
import { isolines } from './isolines.js';
import { timed } from './timing.js';
import type { ViewResult } from '../../../shared/heatmap/views.js';

interface Props {
  grid: GridSpec;
  view: ViewResult;
  /** Plan pixels per stage pixel. */
  planPerStage: number;
}

export const IsolineOverlay = memo(function IsolineOverlay({ grid, view, planPerStage }: Props) {
  const clipId = useId();
  const shown = useDeferredValue(view);
  const traced = useMemo(() => {
    if (!shown.hasData) return null;
    const edges = shown.bands.slice(1).map((b) => b.from);
    return timed('heatmap isolines', () => isolines(shown.values, grid.cols, grid.rows, edges));
  }, [shown, grid]);
  if (!traced) return null;
  const cellStagePx = grid.cellSizeM / grid.metresPerPixel / planPerStage;
  return (
    <svg
      className="isoline-overlay"
      viewBox={`0 0 ${grid.cols} ${grid.rows}`}
      style={{ width: grid.cols * cellStagePx, height: grid.rows * cellStagePx }}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <clipPath id={clipId}>
        <path d={traced.surveyed} />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>
        {traced.lines.map((line) => (
          <path key={line.threshold} d={line.path} className={line.threshold === shown.threshold ? 'isoline isoline-requirement' : 'isoline'} vectorEffect="non-scaling-stroke" />
        ))}
      </g>
    </svg>
  );
});
