/**
 * Paints a view's grid into an image of one pixel per cell. Cells without a value stay
 * transparent, so no colour appears where nobody measured. Scaling the image over the plan is the
 * browser's job: pixelated for the grid mode, bilinear (smooth) otherwise. A predicted view is
 * faded and hatched by its uncertainty (see paint-cells).
 */
import type { Band } from '../../../shared/heatmap/colour-bands.js';
import { paintCells } from '../../../shared/heatmap/paint-cells.js';

export function paintGrid(values: Float32Array, cols: number, rows: number, bands: readonly Band[], sigma?: Float32Array): ImageData {
  const image = new ImageData(cols, rows);
  paintCells(values.subarray(0, cols * rows), bands, new Uint32Array(image.data.buffer), 255, sigma && { sigma: sigma.subarray(0, cols * rows), cols });
  return image;
}
