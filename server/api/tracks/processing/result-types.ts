/**
 * What processing a track takes and gives: its options and its results per network, layer and
 * channel. The helpers that compute one part each and the code that stores or ships the result
 * import these from here, not from process-track.ts, so the imports point one way.
 */
import type { TrackNetwork } from '../import/sample-table.js';
import type { ReportingSettings, TechnologyThresholds } from '../../reporting/thresholds.js';
import type { LayerCoverage, ProcessingMethod } from '../track-schema.js';
import type { Wall } from '../../../../shared/heatmap/walls.js';
import type { GridSpec } from './grid.js';
import type { IdwOptions } from './idw.js';

export interface ProcessOptions {
  image: { width: number; height: number };
  metresPerPixel: number;
  calibrated: boolean;
  settings?: Partial<ReportingSettings>;
  cellSizeM?: number;
  idw?: IdwOptions;
  /** Per-network grids beyond this many bytes in all are dropped, smallest networks first. */
  maxNetworkGridBytes?: number;
  /** Walls drawn on the plan, in image pixels: the predicted layer's model subtracts their loss along each path. */
  walls?: Wall[];
}

export interface NetworkResult extends TrackNetwork {
  index: number;
  samples: number;
  minSignalDbm: number;
  meanSignalDbm: number;
  maxSignalDbm: number;
  meanNoiseDbm: number | null;
  meanThroughputMbps: number | null;
  /** Cells with an interpolated value. */
  cells: number;
  /** Cells at or above the layer's minimum signal. */
  coveredCells: number;
  /** coveredCells over the layer's surveyed cells, 0–100. */
  coveragePercent: number;
  /** Whole dBm per cell, NO_DATA where none; null when dropped for size. */
  grid: Int8Array | null;
  /** The predicted layer (prediction/): whole dBm over the whole floor; null when too few samples or dropped for size. */
  predicted: Int8Array | null;
  /** The predicted layer's stated standard deviation per cell, tenths of a dB. */
  predictedSigma: Uint8Array | null;
}

export interface LayerResult {
  technology: string;
  thresholds: TechnologyThresholds;
  networks: number[];
  noiseAssumed: boolean;
  coverage: LayerCoverage;
  /** Best-server signal, whole dBm, NO_DATA where none. */
  best: Int8Array;
  /** Second-best server signal, whole dBm, NO_DATA where fewer than two networks reach. */
  second: Int8Array;
  /** Index into networks of the best server, 0xffff where none. */
  bestNetwork: Uint16Array;
  /** Whole dB, NO_DATA where none. */
  snr: Int8Array;
  serving: Uint8Array;
  coChannel: Uint8Array;
}

export interface ChannelResult {
  technology: string;
  band: string;
  channel: number;
  networks: number;
  samples: number;
  meanSignalDbm: number;
  maxSignalDbm: number;
  /** Cells where a network of this channel is heard at the co-channel level or more. */
  cellsHeard: number;
  /** Networks of this channel heard together at one cell: the most, and the mean over cellsHeard. */
  maxOverlap: number;
  meanOverlap: number;
}

export interface ProcessingResult {
  method: ProcessingMethod;
  grid: GridSpec;
  calibrated: boolean;
  sampleCount: number;
  networks: NetworkResult[];
  layers: LayerResult[];
  channels: ChannelResult[];
}
