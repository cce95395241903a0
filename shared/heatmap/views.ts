/**
 * What the viewer can show, each as one grid of numbers (NaN: nobody measured near enough) with
 * its colour bands, the threshold that matters and whether a cell meets it. Filters by band or
 * channel recompute the best and second-best server from the networks' own grids, so a view
 * answers "what would a 5 GHz-only client see here".
 */
import type { Thresholds } from './wire-types.js';
import { bandsOf, viridis, type Band, type Palette } from './colour-bands.js';
import type { Layer } from './grid-values.js';
import type { NetworkLayer, TrackLayers } from './track-layers.js';

export const VIEW_IDS = ['primary', 'secondary', 'snr', 'serving', 'coChannel', 'network', 'requirements'] as const;
export type ViewId = (typeof VIEW_IDS)[number];

/** Measured: interpolated only near samples. Predicted: the path-loss model with walls and kriged residuals, over the whole floor. */
export const LAYER_IDS = ['measured', 'predicted'] as const;
export type LayerId = (typeof LAYER_IDS)[number];

/** The views a predicted layer exists for: those read from the networks' own signal grids. SNR, serving and co-channel are processed from measurements only. */
export const PREDICTABLE: ReadonlySet<ViewId> = new Set(['primary', 'secondary', 'network']);

/** Whether any network of the technology carries a predicted layer (walks processed before it existed carry none). */
export function hasPredicted(track: TrackLayers, technology: string): boolean {
  return track.networks.some((n) => n.technology === technology && n.predicted && n.predictedSigma);
}

export interface ViewFilter {
  technology: string;
  /** Empty: every band. */
  band: string;
  /** 0: every channel. */
  channel: number;
  /** The network index the per-network view shows. */
  network: number | null;
}

/** Why a cell fails the requirements, in the order they are checked; 0 means it passes. */
export const REQUIREMENTS = ['pass', 'signal', 'secondary', 'snr', 'serving', 'coChannel'] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

export interface ViewResult {
  values: Float32Array;
  bands: Band[];
  unit: 'dBm' | 'dB' | 'count' | 'requirement';
  /** The value a cell must reach (or, for co-channel, stay at or under) to meet the requirement. */
  threshold: number | null;
  meets: ((value: number) => boolean) | null;
  /** False when the filter left nothing to show. */
  hasData: boolean;
  /** Which layer the values come from. */
  layer: LayerId;
  /** Predicted layer only: the stated standard deviation per cell, dB (NaN where the value is). */
  sigma?: Float32Array;
  /** Predicted signal views only: the index of the network that gives each cell its value (−1: none), as the measured best-server layer does. */
  sources?: Int32Array;
}

const SNR_STOPS = [0, 10, 15, 20, 25, 30, 40];
const SEQUENTIAL = ['#b2182b', '#ef8a62', '#fddbc7', '#d1e5f0', '#67a9cf', '#2166ac', '#053061'];
const COUNT_STOPS = [0, 1, 2, 3, 4];
// Okabe–Ito colours: distinguishable with every common colour-vision deficiency.
const REQUIREMENT_COLOURS: Record<Requirement, string> = { pass: '#009e73', signal: '#d55e00', secondary: '#f0e442', snr: '#e69f00', serving: '#cc79a7', coChannel: '#0072b2' };

function fromLayer(layer: Layer | undefined, cells: number): Float32Array {
  const out = new Float32Array(cells).fill(Number.NaN);
  if (!layer) return out;
  for (let i = 0; i < cells; i++) {
    const v = layer.values[i]!;
    if (v !== layer.noData) out[i] = v;
  }
  return out;
}

function selected(track: TrackLayers, f: ViewFilter): NetworkLayer[] {
  return track.networks.filter((n) => n.technology === f.technology && (!f.band || n.network.band === f.band) && (!f.channel || n.network.channel === f.channel));
}

/** The strongest (rank 0) or second strongest (rank 1) signal per cell over the given networks. */
function rankedSignal(networks: readonly NetworkLayer[], cells: number, rank: 0 | 1): Float32Array {
  const first = new Float32Array(cells).fill(Number.NEGATIVE_INFINITY);
  const second = new Float32Array(cells).fill(Number.NEGATIVE_INFINITY);
  for (const { layer } of networks) {
    for (let i = 0; i < cells; i++) {
      const v = layer.values[i]!;
      if (v === layer.noData) continue;
      if (v > first[i]!) {
        second[i] = first[i]!;
        first[i] = v;
      } else if (v > second[i]!) second[i] = v;
    }
  }
  const out = rank === 0 ? first : second;
  for (let i = 0; i < cells; i++) if (out[i] === Number.NEGATIVE_INFINITY) out[i] = Number.NaN;
  return out;
}

/** As rankedSignal over the predicted layers, with the standard deviation of the network that gave each cell its value. */
function rankedPrediction(networks: readonly NetworkLayer[], cells: number, rank: 0 | 1): { values: Float32Array; sigma: Float32Array; sources: Int32Array } {
  const first = new Float32Array(cells).fill(Number.NEGATIVE_INFINITY);
  const second = new Float32Array(cells).fill(Number.NEGATIVE_INFINITY);
  const firstSigma = new Float32Array(cells).fill(Number.NaN);
  const secondSigma = new Float32Array(cells).fill(Number.NaN);
  const firstSource = new Int32Array(cells).fill(-1);
  const secondSource = new Int32Array(cells).fill(-1);
  for (const { predicted, predictedSigma, network } of networks) {
    if (!predicted || !predictedSigma) continue;
    for (let i = 0; i < cells; i++) {
      const v = predicted.values[i]!;
      if (v === predicted.noData) continue;
      const s = predictedSigma.values[i] === predictedSigma.noData ? Number.NaN : predictedSigma.values[i]! / 10;
      if (v > first[i]!) {
        second[i] = first[i]!;
        secondSigma[i] = firstSigma[i]!;
        secondSource[i] = firstSource[i]!;
        first[i] = v;
        firstSigma[i] = s;
        firstSource[i] = network.index;
      } else if (v > second[i]!) {
        second[i] = v;
        secondSigma[i] = s;
        secondSource[i] = network.index;
      }
    }
  }
  const values = rank === 0 ? first : second;
  for (let i = 0; i < cells; i++) if (values[i] === Number.NEGATIVE_INFINITY) values[i] = Number.NaN;
  return { values, sigma: rank === 0 ? firstSigma : secondSigma, sources: rank === 0 ? firstSource : secondSource };
}

/** The predicted signal views; null for a view that has no predicted layer. */
function predictedView(view: ViewId, track: TrackLayers, f: ViewFilter, t: Thresholds, signalBands: Band[], cells: number): Omit<ViewResult, 'hasData'> | null {
  const filtered = f.band !== '' || f.channel !== 0;
  let networks: NetworkLayer[];
  if (view === 'network') networks = track.networks.filter((n) => n.network.index === f.network);
  else if (view === 'primary' || filtered) networks = selected(track, f);
  // Unfiltered, the second server counts the bands the requirements name, as processing does for the measured one.
  else if (view === 'secondary') networks = track.networks.filter((n) => n.technology === f.technology && (t.bands.length === 0 || t.bands.includes(n.network.band)));
  else return null;
  const { values, sigma, sources } = rankedPrediction(networks, cells, view === 'secondary' ? 1 : 0);
  const threshold = view === 'secondary' ? t.minSecondaryDbm : t.minSignalDbm;
  return { values, sigma, sources, bands: signalBands, unit: 'dBm', threshold, meets: (v) => v >= threshold, layer: 'predicted' };
}

/** The second-best server as processing judged it; for walks processed before it was kept, from the networks' own grids. */
function secondServer(track: TrackLayers, technology: string, t: Thresholds, cells: number): Float32Array {
  const stored = track.technologies.get(technology)?.second;
  if (stored) return fromLayer(stored, cells);
  const counted = track.networks.filter((n) => n.technology === technology && (t.bands.length === 0 || t.bands.includes(n.network.band)));
  return rankedSignal(counted, cells, 1);
}

function countBands(palette: Palette, reverse: boolean): Band[] {
  const colours = palette === 'viridis' ? viridis(COUNT_STOPS.length) : SEQUENTIAL.slice(1, 1 + COUNT_STOPS.length);
  const ordered = reverse ? [...colours].reverse() : colours;
  return COUNT_STOPS.map((from, i) => ({ from, colour: ordered[i]! }));
}

/** One pass over the stored layers as they are (no converted copies): the view a 400 × 400 grid must draw within a frame. */
function requirementValues(track: TrackLayers, f: ViewFilter, t: Thresholds, cells: number): Float32Array {
  const layers = track.technologies.get(f.technology) ?? {};
  const out = new Float32Array(cells).fill(Number.NaN);
  if (!layers.best) return out;
  const best = layers.best.values;
  const noBest = layers.best.noData;
  const snr = layers.snr;
  const serving = layers.serving?.values;
  const coChannel = layers.coChannel?.values;
  const second = secondServer(track, f.technology, t, cells);
  for (let i = 0; i < cells; i++) {
    const b = best[i]!;
    if (b === noBest) continue;
    if (b < t.minSignalDbm) out[i] = 1;
    else if (!(second[i]! >= t.minSecondaryDbm)) out[i] = 2;
    else if (snr && snr.values[i] !== snr.noData && snr.values[i]! < t.minSnrDb) out[i] = 3;
    else if (serving && serving[i]! < t.minServing) out[i] = 4;
    else if (coChannel && coChannel[i]! > t.maxCoChannel) out[i] = 5;
    else out[i] = 0;
  }
  return out;
}

/** `layer` predicted falls back to measured for views that have no predicted layer. */
export function computeView(view: ViewId, track: TrackLayers, f: ViewFilter, thresholds: Thresholds, palette: Palette, layer: LayerId = 'measured'): ViewResult {
  const cells = track.grid.cols * track.grid.rows;
  const layers = track.technologies.get(f.technology) ?? {};
  const signalBands = bandsOf(thresholds.colourScale, palette);
  const filtered = f.band !== '' || f.channel !== 0;
  if (layer === 'predicted' && PREDICTABLE.has(view) && hasPredicted(track, f.technology)) {
    const predicted = predictedView(view, track, f, thresholds, signalBands, cells);
    if (predicted) return { ...predicted, hasData: predicted.values.some((v) => !Number.isNaN(v)) };
  }
  let result: Omit<ViewResult, 'hasData' | 'layer'>;
  switch (view) {
    case 'primary':
    case 'secondary': {
      const values = filtered
        ? rankedSignal(selected(track, f), cells, view === 'primary' ? 0 : 1)
        : view === 'primary'
          ? fromLayer(layers.best, cells)
          : secondServer(track, f.technology, thresholds, cells);
      const threshold = view === 'primary' ? thresholds.minSignalDbm : thresholds.minSecondaryDbm;
      result = { values, bands: signalBands, unit: 'dBm', threshold, meets: (v) => v >= threshold };
      break;
    }
    case 'network': {
      const network = track.networks.find((n) => n.network.index === f.network);
      result = { values: fromLayer(network?.layer, cells), bands: signalBands, unit: 'dBm', threshold: thresholds.minSignalDbm, meets: (v) => v >= thresholds.minSignalDbm };
      break;
    }
    case 'snr': {
      const colours = palette === 'viridis' ? viridis(SNR_STOPS.length) : SEQUENTIAL;
      result = {
        values: fromLayer(layers.snr, cells),
        bands: SNR_STOPS.map((from, i) => ({ from, colour: colours[i]! })),
        unit: 'dB',
        threshold: thresholds.minSnrDb,
        meets: (v) => v >= thresholds.minSnrDb,
      };
      break;
    }
    case 'serving':
      result = {
        values: fromLayer(layers.serving, cells),
        bands: countBands(palette, false),
        unit: 'count',
        threshold: thresholds.minServing,
        meets: (v) => v >= thresholds.minServing,
      };
      break;
    case 'coChannel':
      result = {
        values: fromLayer(layers.coChannel, cells),
        bands: countBands(palette, true),
        unit: 'count',
        threshold: thresholds.maxCoChannel,
        meets: (v) => v <= thresholds.maxCoChannel,
      };
      break;
    case 'requirements':
      result = {
        values: requirementValues(track, f, thresholds, cells),
        bands: REQUIREMENTS.map((r, i) => ({ from: i, colour: REQUIREMENT_COLOURS[r] })),
        unit: 'requirement',
        threshold: null,
        meets: (v) => v === 0,
      };
      break;
  }
  // Serving and co-channel layers hold 0 where nothing was measured; the best server says where something was.
  if (view === 'serving' || view === 'coChannel') {
    const best = fromLayer(layers.best, cells);
    for (let i = 0; i < cells; i++) if (Number.isNaN(best[i]!)) result.values[i] = Number.NaN;
  }
  return { ...result, layer: 'measured', hasData: result.values.some((v) => !Number.isNaN(v)) };
}

export interface Share {
  /** Cells with a value. */
  cells: number;
  areaM2: number;
  /** Share of those meeting the view's requirement, 0–100; null when the view has none. */
  percent: number | null;
}

export function shareMeeting(result: ViewResult, cellSizeM: number): Share {
  let cells = 0;
  let meeting = 0;
  for (const v of result.values) {
    if (Number.isNaN(v)) continue;
    cells++;
    if (result.meets?.(v)) meeting++;
  }
  return { cells, areaM2: cells * cellSizeM * cellSizeM, percent: result.meets && cells > 0 ? (100 * meeting) / cells : null };
}
