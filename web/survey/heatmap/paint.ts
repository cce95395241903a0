/**
 * Paints a view's grid into an image of one pixel per cell. Cells without a value stay
 * transparent, so no colour appears where nobody measured. Scaling the image over the plan is the
 * browser's job: pixelated for the grid mode, bilinear (smooth) otherwise.
 */
import { bandIndex, rgbaWord, type Band } from '../../../shared/heatmap/colour-bands.js';

export function paintGrid(values: Float32Array, cols: number, rows: number, bands: readonly Band[]): ImageData {
  const image = new ImageData(cols, rows);
  const words = new Uint32Array(image.data.buffer);
  const lut = bands.map((b) => rgbaWord(b.colour));
  for (let i = 0; i < cols * rows; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) words[i] = lut[bandIndex(bands, v)]!;
  }
  return image;
}
