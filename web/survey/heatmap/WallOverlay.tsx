/**
 * The walls drawn on a plan, over it, coloured by material (a white casing under each keeps it
 * readable on any heatmap colour). While editing: the selected wall stands out, wall ends show
 * where a click would snap, and the wall being drawn follows the pointer.
 */
import { memo } from 'react';
import type { Wall } from '../../../shared/heatmap/walls.js';
import type { PlanPoint } from './PlanViewport.js';

interface Props {
  walls: readonly Wall[];
  plan: { width: number; height: number };
  /** Screen pixels per plan pixel: ends keep their size as the plan zooms. */
  screenPerPlan: number;
  selected?: string | null;
  showEnds?: boolean;
  /** The wall being drawn: its first end and where the pointer is. */
  drawing?: { from: PlanPoint; to: PlanPoint | null; material: Wall['material'] } | null;
}

export const WallOverlay = memo(function WallOverlay({ walls, plan, screenPerPlan, selected, showEnds, drawing }: Props) {
  const radius = 4 / screenPerPlan;
  return (
    <svg className="wall-overlay" viewBox={`0 0 ${plan.width} ${plan.height}`} preserveAspectRatio="none" aria-hidden="true">
      {walls.map((w) => (
        <g key={w.id} className={w.id === selected ? 'wall wall-selected' : 'wall'} data-material={w.material}>
          <line className="wall-casing" x1={w.x1} y1={w.y1} x2={w.x2} y2={w.y2} vectorEffect="non-scaling-stroke" />
          <line className={`wall-line wall-${w.material}`} x1={w.x1} y1={w.y1} x2={w.x2} y2={w.y2} vectorEffect="non-scaling-stroke" />
        </g>
      ))}
      {showEnds &&
        walls.flatMap((w) => [
          <circle key={`${w.id}a`} className="wall-end" cx={w.x1} cy={w.y1} r={radius} vectorEffect="non-scaling-stroke" />,
          <circle key={`${w.id}b`} className="wall-end" cx={w.x2} cy={w.y2} r={radius} vectorEffect="non-scaling-stroke" />,
        ])}
      {drawing && (
        <g className="wall wall-drawing">
          {drawing.to && (
            <line className={`wall-line wall-${drawing.material}`} x1={drawing.from.x} y1={drawing.from.y} x2={drawing.to.x} y2={drawing.to.y} vectorEffect="non-scaling-stroke" />
          )}
          <circle className="wall-end wall-end-start" cx={drawing.from.x} cy={drawing.from.y} r={radius * 1.5} vectorEffect="non-scaling-stroke" />
        </g>
      )}
    </svg>
  );
});
