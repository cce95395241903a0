/**
 * A heatmap as the report prints it: the view's cells painted in their band colours (transparent
 * where nothing was measured), scaled onto the plan's display image exactly as the viewer lays
 * them (the grid starts at the plan's top-left corner; a cell is cellSizeM / metresPerPixel plan
 * pixels) and composited over it. Nearest-neighbour scaling keeps every pixel in a colour the
 * legend names. One image at a time, of a bounded width.
 */
import sharp from 'sharp';
import type { GridSpec } from '../../../shared/heatmap/wire-types.js';
import type { ViewResult } from '../../../shared/heatmap/views.js';
import { paintCells } from '../../../shared/heatmap/paint-cells.js';
import type { FloorplanRow } from '../floorplans/store.js';

/** The viewer's default opacity: the plan's walls and rooms stay readable under the colours. */
const HEATMAP_ALPHA = Math.round(0.7 * 255);
const JPEG = { quality: 82, chromaSubsampling: '4:4:4' } as const;

export interface PlanImage {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Output pixels per plan (original image) pixel: where to draw markers and how long a metre is. */
  perPlanPixel: number;
}

type Plan = Pick<FloorplanRow, 'width' | 'display_width' | 'display_height'>;

function fitted(plan: Plan, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / plan.display_width, maxHeight / plan.display_height);
  return { scale, width: Math.max(1, Math.round(plan.display_width * scale)), height: Math.max(1, Math.round(plan.display_height * scale)) };
}

/** The plan alone, shrunk to fit the box. */
export async function planImage(display: Buffer, plan: Plan, maxWidth: number, maxHeight: number): Promise<PlanImage> {
  const { scale, width, height } = fitted(plan, maxWidth, maxHeight);
  const jpeg = await sharp(display).resize(width, height, { fit: 'fill' }).flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
  return { jpeg, width, height, perPlanPixel: (scale * plan.display_width) / plan.width };
}

export async function heatmapImage(display: Buffer, plan: Plan, grid: GridSpec, view: ViewResult, maxWidth: number, maxHeight: number): Promise<PlanImage> {
  const { scale, width, height } = fitted(plan, maxWidth, maxHeight);
  const perPlanPixel = (scale * plan.display_width) / plan.width;
  const cellPx = (grid.cellSizeM / grid.metresPerPixel) * perPlanPixel;
  const cells = Buffer.alloc(grid.cols * grid.rows * 4);
  paintCells(view.values.subarray(0, grid.cols * grid.rows), view.bands, new Uint32Array(cells.buffer, cells.byteOffset, grid.cols * grid.rows), HEATMAP_ALPHA);
  const gridWidth = Math.max(1, Math.round(grid.cols * cellPx));
  const gridHeight = Math.max(1, Math.round(grid.rows * cellPx));
  let overlay = await sharp(cells, { raw: { width: grid.cols, height: grid.rows, channels: 4 } })
    .resize(gridWidth, gridHeight, { kernel: 'nearest', fit: 'fill' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  // Cells past the plan's edge (the grid is whole cells) are cut off, as the viewer's frame does.
  if (gridWidth > width || gridHeight > height) {
    overlay = await sharp(overlay)
      .extract({ left: 0, top: 0, width: Math.min(gridWidth, width), height: Math.min(gridHeight, height) })
      .png({ compressionLevel: 1 })
      .toBuffer();
  }
  const jpeg = await sharp(display)
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .composite([{ input: overlay, left: 0, top: 0 }])
    .jpeg(JPEG)
    .toBuffer();
  return { jpeg, width, height, perPlanPixel };
}
