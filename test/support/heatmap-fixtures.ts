/** Small heatmap inputs shared by the view and viewer tests: thresholds and one-row layers of three cells. */
import type { Layer } from '../../shared/heatmap/grid-values.js';
import type { Thresholds } from '../../shared/heatmap/wire-types.js';

export const NO = -128;

export const thresholds: Thresholds = {
  minSignalDbm: -67,
  minSecondaryDbm: -75,
  minSnrDb: 25,
  minServing: 2,
  maxCoChannel: 1,
  coChannelDbm: -82,
  minAreaPercent: 95,
  bands: [],
  colourScale: [
    { dbm: -80, colour: '#ff0000' },
    { dbm: -67, colour: '#ffff00' },
    { dbm: -55, colour: '#00ff00' },
  ],
};

export const int8 = (values: number[]): Layer => ({ cols: 3, rows: 1, values: Int8Array.from(values), noData: NO });
export const uint8 = (values: number[]): Layer => ({ cols: 3, rows: 1, values: Uint8Array.from(values), noData: null });
