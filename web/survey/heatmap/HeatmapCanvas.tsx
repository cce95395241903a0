/**
 * A view's grid laid over the plan: one canvas pixel per cell, stretched over the cells' extent.
 * Smooth lets the browser interpolate between cells; grid shows the cells as they are.
 */
import { memo, useLayoutEffect, useRef } from 'react';
import type { GridSpec } from '../../lib/api-types.js';
import { paintGrid } from './paint.js';
import { timed } from './timing.js';
import type { ViewResult } from '../../../shared/heatmap/views.js';

export type RenderMode = 'smooth' | 'grid' | 'points';

interface Props {
  grid: GridSpec;
  view: ViewResult;
  /** Plan pixels per stage pixel. */
  planPerStage: number;
  mode: Exclude<RenderMode, 'points'>;
  opacity: number;
}

export const HeatmapCanvas = memo(function HeatmapCanvas({ grid, view, planPerStage, mode, opacity }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) timed('heatmap paint', () => context.putImageData(paintGrid(view.values, grid.cols, grid.rows, view.bands, view.sigma), 0, 0));
  }, [view, grid]);
  const cellStagePx = grid.cellSizeM / grid.metresPerPixel / planPerStage;
  return (
    <canvas
      ref={canvas}
      className={`heatmap-canvas heatmap-${mode}`}
      width={grid.cols}
      height={grid.rows}
      style={{ width: grid.cols * cellStagePx, height: grid.rows * cellStagePx, opacity }}
      aria-hidden="true"
    />
  );
});
