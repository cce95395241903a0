/**
 * A heatmap's colours are bands, not a gradient: each band starts at a threshold a reader can name
 * ("−67 dBm and better is green"), which is how a survey is judged. The project's scale gives the
 * thresholds; the palette may be swapped for a colour-blind-safe one with the same thresholds.
 */
import type { ColourStop } from './wire-types.js';

export interface Band {
  /** From this value up, until the next band. The first band also takes everything below it. */
  from: number;
  colour: string;
}

export type Palette = 'project' | 'viridis';

// Viridis, sampled at nine points: perceptually even and readable with every common colour-vision deficiency.
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

/** `count` colours spread evenly over viridis, dark (weak) to yellow (strong). */
export function viridis(count: number): string[] {
  if (count <= 1) return [VIRIDIS[VIRIDIS.length - 1]!];
  return Array.from({ length: count }, (_, i) => VIRIDIS[Math.round((i * (VIRIDIS.length - 1)) / (count - 1))]!);
}

export function bandsOf(stops: readonly ColourStop[], palette: Palette): Band[] {
  const sorted = [...stops].sort((a, b) => a.dbm - b.dbm);
  const colours = palette === 'viridis' ? viridis(sorted.length) : sorted.map((s) => s.colour);
  return sorted.map((s, i) => ({ from: s.dbm, colour: colours[i]! }));
}

/** The band a value falls in: the last whose start it reaches, else the first. */
export function bandIndex(bands: readonly Band[], value: number): number {
  let lo = 0;
  let hi = bands.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (value >= bands[mid]!.from) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** `#rrggbb` as the little-endian RGBA word an ImageData's Uint32 view takes. */
export function rgbaWord(hex: string, alpha = 255): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
}
