/**
 * The smooth mode's isolines over the heatmap: one thin line at each band edge and a bolder one at
 * the requirement, so a reader sees where the value crosses a threshold without matching colours.
 * Lines keep their width as the plan zooms.
 */
import { memo, useId, useMemo } from 'react';
import type { GridSpec } from '../../lib/api-types.js';
import { isolines } from './isolines.js';
import { timed } from './timing.js';
import type { ViewResult } from './views.js';

interface Props {
  grid: GridSpec;
  view: ViewResult;
  /** Plan pixels per stage pixel. */
  planPerStage: number;
}

export const IsolineOverlay = memo(function IsolineOverlay({ grid, view, planPerStage }: Props) {
  const clipId = useId();
  const traced = useMemo(() => {
    if (!view.hasData) return null;
    const edges = view.bands.slice(1).map((b) => b.from);
    return timed('heatmap isolines', () => isolines(view.values, grid.cols, grid.rows, edges));
  }, [view, grid]);
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
          <path key={line.threshold} d={line.path} className={line.threshold === view.threshold ? 'isoline isoline-requirement' : 'isoline'} vectorEffect="non-scaling-stroke" />
        ))}
      </g>
    </svg>
  );
});
