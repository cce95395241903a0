/**
 * A dot per measured place of the walk. In the points mode the dots carry the colour of the
 * strongest signal heard there — the measurements alone, without any interpolation.
 */
import { memo } from 'react';
import type { TrackPoints } from '../../lib/api-types.js';
import { bandIndex, type Band } from '../../../shared/heatmap/colour-bands.js';

interface Props {
  points: TrackPoints;
  plan: { width: number; height: number };
  /** Screen pixels per plan pixel: dots keep their size as the plan zooms. */
  screenPerPlan: number;
  /** Colour the dots by their strongest signal. */
  colouredBy?: readonly Band[];
}

// Memoised: zooming re-renders the viewer on every wheel step, and a walk holds thousands of points.
export const WalkSamples = memo(function WalkSamples({ points, plan, screenPerPlan, colouredBy }: Props) {
  const radius = (colouredBy ? 5 : 2.5) / screenPerPlan;
  return (
    <svg className="walk-overlay" viewBox={`0 0 ${plan.width} ${plan.height}`} preserveAspectRatio="none" aria-hidden="true">
      {points.x.map((x, i) => (
        <circle
          key={i}
          className="walk-sample"
          // A walk not placed yet has no positions: it is never drawn (the heatmap waits for it).
          cx={x ?? undefined}
          cy={points.y[i] ?? undefined}
          r={radius}
          style={colouredBy ? { fill: colouredBy[bandIndex(colouredBy, points.bestDbm[i]!)]!.colour } : undefined}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
});
