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
import { thresholdsFor, type ReportingSettings, type TechnologyThresholds } from '../../reporting/thresholds.js';
import { technology } from '../../survey/technologies.js';
import type { LayerCoverage, ProcessingMethod } from '../track-schema.js';
import { gridFor, NO_DATA, type GridSpec } from './grid.js';
import { DEFAULT_IDW, IdwInterpolator, type IdwOptions } from './idw.js';

export interface ProcessOptions {
  image: { width: number; height: number };
  metresPerPixel: number;
  calibrated: boolean;
  settings?: Partial<ReportingSettings>;
  cellSizeM?: number;
  idw?: IdwOptions;
  /** Per-network grids beyond this many bytes in all are dropped, smallest networks first. */
  maxNetworkGridBytes?: number;
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
}

export interface LayerResult {
  technology: string;
  thresholds: TechnologyThresholds;
  networks: number[];
  noiseAssumed: boolean;
  coverage: LayerCoverage;
  /** Best-server signal, whole dBm, NO_DATA where none. */
  best: Int8Array;
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

/** Noise floor assumed where a layer recorded none, dBm. */
const ASSUMED_NOISE = { wifi: -95, cellular: -125 } as const;
const NONE = 0xffff;

interface LayerWork {
  technology: string;
  thresholds: TechnologyThresholds;
  networks: number[];
  best: Float32Array;
  bestNetwork: Uint16Array;
  serving: Uint8Array;
  /** Per `band|channel`: networks heard at the co-channel level, per cell. */
  channelCounts: Map<string, Uint8Array>;
  noise: IdwInterpolator | null;
  noiseSamples: number;
}

export function processTrack(samples: SampleTable, options: ProcessOptions): ProcessingResult {
  const idwOptions = options.idw ?? DEFAULT_IDW;
  const grid = gridFor(options.image, options.metresPerPixel, options.cellSizeM);
  const cells = grid.cols * grid.rows;
  const mpp = options.metresPerPixel;
  const nets = samples.networks;

  // Per-network sample statistics, and samples grouped by network (one pass, counting sort).
  const count = new Uint32Array(nets.length);
  const sum = new Float64Array(nets.length);
  const min = new Float32Array(nets.length).fill(Infinity);
  const max = new Float32Array(nets.length).fill(-Infinity);
  const noiseSum = new Float64Array(nets.length);
  const noiseCount = new Uint32Array(nets.length);
  const tputSum = new Float64Array(nets.length);
  const tputCount = new Uint32Array(nets.length);
  for (let i = 0; i < samples.count; i++) {
    const n = samples.network[i]!;
    const s = samples.signalDbm[i]!;
    count[n]!++;
    sum[n]! += s;
    if (s < min[n]!) min[n] = s;
    if (s > max[n]!) max[n] = s;
    const noise = samples.noiseDbm[i]!;
    if (!Number.isNaN(noise)) {
      noiseSum[n]! += noise;
      noiseCount[n]!++;
    }
    const tput = samples.throughputMbps[i]!;
    if (!Number.isNaN(tput)) {
      tputSum[n]! += tput;
      tputCount[n]!++;
    }
  }
  const start = new Uint32Array(nets.length + 1);
  for (let n = 0; n < nets.length; n++) start[n + 1] = start[n]! + count[n]!;
  const order = new Uint32Array(samples.count);
  const fill = start.slice(0, nets.length);
  for (let i = 0; i < samples.count; i++) order[fill[samples.network[i]!]!++] = i;

  // Layers, one per technology present, holding the networks in allowed bands.
  const layers = new Map<string, LayerWork>();
  const layerOf = (n: number): LayerWork | undefined => {
    const net = nets[n]!;
    let layer = layers.get(net.technology);
    if (!layer) {
      layer = {
        technology: net.technology,
        thresholds: thresholdsFor(options.settings, net.technology),
        networks: [],
        best: new Float32Array(cells).fill(-Infinity),
        bestNetwork: new Uint16Array(cells).fill(NONE),
        serving: new Uint8Array(cells),
        channelCounts: new Map(),
        noise: null,
        noiseSamples: 0,
      };
      layers.set(net.technology, layer);
    }
    const bands = layer.thresholds.bands;
    return bands.length === 0 || bands.includes(net.band) ? layer : undefined;
  };

  // Which per-network grids to keep: all, unless that would exceed the budget.
  const budget = options.maxNetworkGridBytes ?? 64 * 1024 * 1024;
  const keepGrid = new Uint8Array(nets.length);
  const bySize = [...nets.keys()].sort((a, b) => count[b]! - count[a]!);
  for (const [rank, n] of bySize.entries()) keepGrid[n] = (rank + 1) * cells <= budget ? 1 : 0;

  const interpolator = new IdwInterpolator(grid, idwOptions);
  const scratch = new Float32Array(cells);
  const networkGrids: (Int8Array | null)[] = [];
  const networkCells = new Uint32Array(nets.length);
  for (let n = 0; n < nets.length; n++) {
    const layer = layerOf(n);
    if (layer) layer.networks.push(n);
    for (let k = start[n]!; k < start[n + 1]!; k++) {
      const i = order[k]!;
      const xm = samples.x[i]! * mpp;
      const ym = samples.y[i]! * mpp;
      interpolator.add(xm, ym, samples.signalDbm[i]!);
      const noise = samples.noiseDbm[i]!;
      if (layer && !Number.isNaN(noise)) {
        layer.noise ??= new IdwInterpolator(grid, idwOptions);
        layer.noise.add(xm, ym, noise);
        layer.noiseSamples++;
      }
    }
    networkCells[n] = interpolator.interpolate(scratch);
    const kept = keepGrid[n] ? new Int8Array(cells).fill(NO_DATA) : null;
    let channelCount: Uint8Array | undefined;
    if (layer) {
      const key = `${nets[n]!.band}|${nets[n]!.channel}`;
      channelCount = layer.channelCounts.get(key);
      if (!channelCount) layer.channelCounts.set(key, (channelCount = new Uint8Array(cells)));
    }
    for (let c = 0; c < cells; c++) {
      const v = scratch[c]!;
      if (Number.isNaN(v)) continue;
      if (kept) kept[c] = clampDb(v);
      if (!layer) continue;
      if (v > layer.best[c]!) {
        layer.best[c] = v;
        layer.bestNetwork[c] = n;
      }
      if (v >= layer.thresholds.minSignalDbm && layer.serving[c]! < 255) layer.serving[c]!++;
      if (v >= layer.thresholds.coChannelDbm && channelCount![c]! < 255) channelCount![c]!++;
    }
    networkGrids.push(kept);
  }

  // Coverage per layer; a network's coverage is counted against its layer's surveyed cells.
  const networkCovered = new Uint32Array(nets.length);
  const layerResults: LayerResult[] = [];
  const channelResults: ChannelResult[] = [];
  for (const layer of layers.values()) {
    const t = layer.thresholds;
    const family = technology(layer.technology)?.family ?? 'wifi';
    const noiseGrid = new Float32Array(cells).fill(ASSUMED_NOISE[family]);
    if (layer.noise) layer.noise.interpolate(noiseGrid);
    const best = new Int8Array(cells).fill(NO_DATA);
    const snr = new Int8Array(cells).fill(NO_DATA);
    const coChannel = new Uint8Array(cells);
    let surveyed = 0;
    let pass = 0;
    let passSignal = 0;
    let passSnr = 0;
    let passServing = 0;
    let passCoChannel = 0;
    for (let c = 0; c < cells; c++) {
      const b = layer.bestNetwork[c]!;
      if (b === NONE) continue;
      surveyed++;
      const signal = layer.best[c]!;
      best[c] = clampDb(signal);
      // Inside the signal's reach but outside the noise samples' reach: fall back to the assumed floor.
      const noise = Number.isNaN(noiseGrid[c]!) ? ASSUMED_NOISE[family] : noiseGrid[c]!;
      const s = signal - noise;
      snr[c] = clampDb(s);
      const bestNet = nets[b]!;
      const heard = layer.channelCounts.get(`${bestNet.band}|${bestNet.channel}`)![c]!;
      // Others on the best server's channel: the best server itself is among the heard when loud enough.
      const others = signal >= t.coChannelDbm ? Math.max(0, heard - 1) : heard;
      coChannel[c] = others;
      const okSignal = signal >= t.minSignalDbm;
      const okSnr = s >= t.minSnrDb;
      const okServing = layer.serving[c]! >= t.minServing;
      const okCo = others <= t.maxCoChannel;
      if (okSignal) passSignal++;
      if (okSnr) passSnr++;
      if (okServing) passServing++;
      if (okCo) passCoChannel++;
      if (okSignal && okSnr && okServing && okCo) pass++;
    }
    const pct = (k: number) => (surveyed === 0 ? 0 : round2((100 * k) / surveyed));
    for (const n of layer.networks) {
      const g = networkGrids[n];
      if (g) {
        let covered = 0;
        for (let c = 0; c < cells; c++) if (g[c] !== NO_DATA && g[c]! >= t.minSignalDbm) covered++;
        networkCovered[n] = covered;
      }
    }
    layerResults.push({
      technology: layer.technology,
      thresholds: t,
      networks: layer.networks,
      noiseAssumed: layer.noiseSamples === 0,
      coverage: {
        surveyedCells: surveyed,
        surveyedAreaM2: round2(surveyed * grid.cellSizeM * grid.cellSizeM),
        percent: pct(pass),
        signalPercent: pct(passSignal),
        snrPercent: pct(passSnr),
        servingPercent: pct(passServing),
        coChannelPercent: pct(passCoChannel),
      },
      best,
      bestNetwork: layer.bestNetwork,
      snr,
      serving: layer.serving,
      coChannel,
    });
    for (const [key, counts] of layer.channelCounts) {
      const [band, channel] = key.split('|') as [string, string];
      const members = layer.networks.filter((n) => nets[n]!.band === band && String(nets[n]!.channel) === channel);
      let heard = 0;
      let overlapSum = 0;
      let overlapMax = 0;
      for (let c = 0; c < cells; c++) {
        const k = counts[c]!;
        if (k === 0) continue;
        heard++;
        overlapSum += k;
        if (k > overlapMax) overlapMax = k;
      }
      let chSamples = 0;
      let chSum = 0;
      let chMax = -Infinity;
      for (const n of members) {
        chSamples += count[n]!;
        chSum += sum[n]!;
        chMax = Math.max(chMax, max[n]!);
      }
      channelResults.push({
        technology: layer.technology,
        band,
        channel: Number(channel),
        networks: members.length,
        samples: chSamples,
        meanSignalDbm: round2(chSamples ? chSum / chSamples : Number.NaN),
        maxSignalDbm: chMax,
        cellsHeard: heard,
        maxOverlap: overlapMax,
        meanOverlap: heard ? round2(overlapSum / heard) : 0,
      });
    }
  }
  const surveyedOf = new Map(layerResults.map((l) => [l.technology, l.coverage.surveyedCells]));

  const networks: NetworkResult[] = nets.map((net, n) => {
    const surveyed = surveyedOf.get(net.technology) ?? 0;
    const grid = networkGrids[n] ?? null;
    return {
      ...net,
      index: n,
      samples: count[n]!,
      minSignalDbm: min[n]!,
      meanSignalDbm: round2(sum[n]! / count[n]!),
      maxSignalDbm: max[n]!,
      meanNoiseDbm: noiseCount[n] ? round2(noiseSum[n]! / noiseCount[n]) : null,
      meanThroughputMbps: tputCount[n] ? round2(tputSum[n]! / tputCount[n]) : null,
      cells: networkCells[n]!,
      coveredCells: networkCovered[n]!,
      coveragePercent: surveyed && grid ? round2((100 * networkCovered[n]!) / surveyed) : 0,
      grid,
    };
  });

  channelResults.sort((a, b) => a.technology.localeCompare(b.technology) || a.band.localeCompare(b.band) || a.channel - b.channel);
  return {
    method: { interpolation: 'idw', power: idwOptions.power, radiusM: idwOptions.radiusM, cellSizeM: grid.cellSizeM },
    grid,
    calibrated: options.calibrated,
    sampleCount: samples.count,
    networks,
    layers: layerResults,
    channels: channelResults,
  };
}

function clampDb(v: number): number {
  const r = Math.round(v);
  return r < -127 ? -127 : r > 127 ? 127 : r;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
