/**
 * The walk's route over the plan, in time order: a thin dashed line that keeps its width at any
 * zoom, drawn at screen resolution (SettledCanvas) where it crosses the visible part of the plan
 * (routeRuns).
 */
import { memo, useCallback } from 'react';
import type { TrackPoints } from '../../lib/api-types.js';
import { routeRuns } from './route-runs.js';
import { SettledCanvas, type SettledDraw } from './SettledCanvas.js';

interface Props {
  points: TrackPoints;
  /** Plan pixels per stage pixel. */
  planPerStage: number;
}

const ROUTE = { colour: 'rgb(27 33 48 / 0.75)', width: 1.5, dash: [4, 3] };

export const WalkRoute = memo(function WalkRoute({ points, planPerStage }: Props) {
  const draw = useCallback<SettledDraw>(
    (context, stageToCanvas, ratio) => {
      const toCanvas = stageToCanvas.scale(1 / planPerStage);
      const runs = routeRuns(points.x, points.y, { scale: toCanvas.a, x: toCanvas.e, y: toCanvas.f }, context.canvas, (ROUTE.width + 1) * ratio);
      context.beginPath();
      for (const run of runs) {
        context.moveTo(run[0]!, run[1]!);
        for (let i = 2; i < run.length; i += 2) context.lineTo(run[i]!, run[i + 1]!);
      }
      context.strokeStyle = ROUTE.colour;
      context.lineWidth = ROUTE.width * ratio;
      context.setLineDash(ROUTE.dash.map((d) => d * ratio));
      context.stroke();
    },
    [points, planPerStage],
  );
  return <SettledCanvas className="walk-route-overlay" draw={draw} />;
});
