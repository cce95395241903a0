/**
 * Processing a track: from samples on a floor plan to the grids and numbers the reports show.
 *
 * - Per network: an IDW signal grid (see idw.ts; default radius 5 m, power 2, 0.5 m cells), and
 *   min/mean/max signal over its samples.
 * - Per technology layer (networks of one technology in the bands its thresholds allow): the
 *   best server at each cell, its SNR against an interpolated noise floor, how many networks
 *   serve (≥ minimum signal), how many other networks share the best server's channel audibly
 *   (≥ co-channel level), and the share of surveyed cells meeting every threshold.
 * - Per channel: how many networks use it and how many are heard together at a point.
 *
 * A cell counts as surveyed for a layer when any of its networks has a value there, i.e. it lies
 * within the radius of a sample. Memory is a few typed arrays the size of the grid plus one byte
 * per cell per network.
 */
import type { SampleTable, TrackNetwork } from '../import/sample-table.js';
import type { ReportingSettings, TechnologyThresholds } from '../../reporting/thresholds.js';
import type { LayerCoverage, ProcessingMethod } from '../track-schema.js';
import type { Wall } from '../../../../shared/heatmap/walls.js';
import { channelStats } from './channel-stats.js';
import { gridFor, type GridSpec } from './grid.js';
import { DEFAULT_IDW, type IdwOptions } from './idw.js';
import { interpolateNetworks } from './interpolate-networks.js';
import { layerCoverage } from './layer-coverage.js';
import { groupLayers } from './layers.js';
import { networkCoveredCells, networkResults } from './network-results.js';
import { predictNetworks } from './prediction/predict-networks.js';
import { sampleStats } from './sample-stats.js';

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

export function processTrack(samples: SampleTable, options: ProcessOptions): ProcessingResult {
  const idw = options.idw ?? DEFAULT_IDW;
  const grid = gridFor(options.image, options.metresPerPixel, options.cellSizeM);
  const cells = grid.cols * grid.rows;
  const nets = samples.networks;

  const stats = sampleStats(samples);
  const { layers, layerOf } = groupLayers(nets, options.settings, cells);
  const networkGrids = interpolateNetworks(samples, stats, layerOf, {
    grid,
    idw,
    metresPerPixel: options.metresPerPixel,
    maxNetworkGridBytes: options.maxNetworkGridBytes ?? 64 * 1024 * 1024,
  });
  const layerResults = layers.map((layer) => layerCoverage(layer, nets, grid));
  const channels = layers.flatMap((layer) => channelStats(layer, nets, stats, cells));
  const covered = networkCoveredCells(layers, networkGrids.grids, cells);
  // Same size budget as the measured grids: a network whose measured grid was dropped gets no prediction either.
  const predicted = predictNetworks(samples, stats, grid, options.walls ?? [], (n) => networkGrids.grids[n] !== null);
  const networks = networkResults(nets, stats, networkGrids, covered, layerResults).map((n, i) => ({
    ...n,
    predicted: predicted[i]?.values ?? null,
    predictedSigma: predicted[i]?.sigma ?? null,
  }));

  channels.sort((a, b) => a.technology.localeCompare(b.technology) || a.band.localeCompare(b.band) || a.channel - b.channel);
  return {
    method: { interpolation: 'idw', power: idw.power, radiusM: idw.radiusM, cellSizeM: grid.cellSizeM },
    grid,
    calibrated: options.calibrated,
    sampleCount: samples.count,
    networks,
    layers: layerResults,
    channels,
  };
}
