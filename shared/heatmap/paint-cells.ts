/**
 * A view's cells as colour words, one per cell: the band's colour, nothing (transparent) where no
 * value was measured. The browser's canvas and the server's report paint from the same words.
 */
import { bandIndex, rgbaWord, type Band } from './colour-bands.js';

/** Fills `words` (little-endian RGBA, one per cell); cells without a value are left as they are. */
export function paintCells(values: Float32Array, bands: readonly Band[], words: Uint32Array, alpha = 255): void {
  const lut = bands.map((b) => rgbaWord(b.colour, alpha));
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) words[i] = lut[bandIndex(bands, v)]!;
  }
}
