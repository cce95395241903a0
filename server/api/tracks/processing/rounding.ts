/** How processed values are stored and shown: grids hold whole dBm in a signed byte, figures two decimals. */

export function clampDb(v: number): number {
  const r = Math.round(v);
  return r < -127 ? -127 : r > 127 ? 127 : r;
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
