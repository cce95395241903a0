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
import type { SampleTable } from '../import/sample-table.js';
import { channelStats } from './channel-stats.js';
import { gridFor } from './grid.js';
import { DEFAULT_IDW } from './idw.js';
import { interpolateNetworks } from './interpolate-networks.js';
import { layerCoverage } from './layer-coverage.js';
import { groupLayers } from './layers.js';
import { networkCoveredCells, networkResults } from './network-results.js';
import { predictNetworks } from './prediction/predict-networks.js';
import type { ProcessingResult, ProcessOptions } from './result-types.js';
import { sampleStats } from './sample-stats.js';

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
