/**
 * The raster results live on: square cells of `cellSizeM` metres laid along the image's own axes,
 * from its top-left corner. Distances do not change under the calibration's rotation, so the
 * grid needs only the scale, and a heatmap lies over the image without resampling.
 */
import type { GridSpec } from '../track-schema.js';

export type { GridSpec };

export const DEFAULT_CELL_SIZE_M = 0.5;
/** Large sites get coarser cells rather than unbounded memory. */
export const MAX_CELLS = 250_000;

export function gridFor(image: { width: number; height: number }, metresPerPixel: number, cellSizeM = DEFAULT_CELL_SIZE_M): GridSpec {
  const widthM = image.width * metresPerPixel;
  const heightM = image.height * metresPerPixel;
  let cell = cellSizeM;
  const cells = (c: number) => Math.ceil(widthM / c) * Math.ceil(heightM / c);
  if (cells(cell) > MAX_CELLS) {
    cell = Math.sqrt((widthM * heightM) / MAX_CELLS);
    // Round up to a tidy size (multiples of 5 cm) that still fits.
    cell = Math.ceil(cell * 20) / 20;
    while (cells(cell) > MAX_CELLS) cell += 0.05;
  }
  return { cellSizeM: cell, cols: Math.max(1, Math.ceil(widthM / cell)), rows: Math.max(1, Math.ceil(heightM / cell)), metresPerPixel };
}

/** Signal grids are whole dBm in an Int8Array; this marks a cell without data. */
export const NO_DATA = -128;
