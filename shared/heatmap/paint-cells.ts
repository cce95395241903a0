/**
 * A view's cells as colour words, one per cell: the band's colour, nothing (transparent) where no
 * value was measured. The browser's canvas and the server's report paint from the same words.
 * Predicted cells are drawn so they cannot pass for measured ones: faded as their uncertainty
 * grows, and hatched where it is large.
 */
import { bandIndex, rgbaWord, type Band } from './colour-bands.js';

/** Up to this standard deviation (dB) a predicted cell is as solid as a measured one. */
export const SOLID_SIGMA_DB = 2;
/** From this standard deviation (dB) a predicted cell is at its faintest. */
export const FAINT_SIGMA_DB = 10;
/** Above this standard deviation (dB) predicted cells are hatched as well as faded. */
export const HATCH_SIGMA_DB = 6;
const FAINT_ALPHA = 64;
// Every HATCH_PERIOD-th diagonal of cells is left clear: 1.5 m apart on 0.5 m cells, visible at fit and smoothed alike.
const HATCH_PERIOD = 3;

/**
 * The opacity (of `alpha`) of a predicted cell of standard deviation `sigmaDb`: full up to 2 dB,
 * falling linearly to a quarter at 10 dB and beyond (an unknown σ counts as the worst).
 */
export function uncertaintyAlpha(sigmaDb: number, alpha = 255): number {
  if (!(sigmaDb >= 0)) return Math.round((alpha * FAINT_ALPHA) / 255);
  const t = Math.min(1, Math.max(0, (sigmaDb - SOLID_SIGMA_DB) / (FAINT_SIGMA_DB - SOLID_SIGMA_DB)));
  return Math.round(alpha * (1 - t * (1 - FAINT_ALPHA / 255)));
}

/** A predicted layer's uncertainty, for painting: σ in dB per cell and the grid's width (for the hatch). */
export interface Uncertainty {
  sigma: Float32Array;
  cols: number;
}

/** Fills `words` (little-endian RGBA, one per cell); cells without a value are left as they are. */
export function paintCells(values: Float32Array, bands: readonly Band[], words: Uint32Array, alpha = 255, uncertainty?: Uncertainty): void {
  if (!uncertainty) {
    const lut = bands.map((b) => rgbaWord(b.colour, alpha));
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (!Number.isNaN(v)) words[i] = lut[bandIndex(bands, v)]!;
    }
    return;
  }
  const { sigma, cols } = uncertainty;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const s = sigma[i]!;
    const col = i % cols;
    const row = (i - col) / cols;
    if (!(s <= HATCH_SIGMA_DB) && (col + row) % HATCH_PERIOD === 0) continue;
    words[i] = rgbaWord(bands[bandIndex(bands, v)]!.colour, uncertaintyAlpha(s, alpha));
  }
}
