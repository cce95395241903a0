/**
 * How processed values are stored and shown: grids hold whole dBm in a signed byte, figures two
 * decimals. Samples are 32-bit floats (−43.01 is stored as −43.0099983…), so every figure read
 * from them goes through round2 before it is stored or answered.
 */

export function clampDb(v: number): number {
  const r = Math.round(v);
  return r < -127 ? -127 : r > 127 ? 127 : r;
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
