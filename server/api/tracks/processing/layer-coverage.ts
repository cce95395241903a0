/** A layer's best-server grids and the share of its surveyed cells meeting each threshold. */
import type { TrackNetwork } from '../import/sample-table.js';
import { technology } from '../../survey/technologies.js';
import { NO_DATA, type GridSpec } from './grid.js';
import { NONE, type LayerWork } from './layers.js';
import type { LayerResult } from './result-types.js';
import { clampDb, round2 } from './rounding.js';

/** Noise floor assumed where a layer recorded none, dBm. */
const ASSUMED_NOISE = { wifi: -95, cellular: -125 } as const;

/** A point is covered when the network a device would pick there is good enough, so each cell is judged on its best server. */
export function layerCoverage(layer: LayerWork, nets: readonly TrackNetwork[], grid: GridSpec): LayerResult {
  const cells = grid.cols * grid.rows;
  const t = layer.thresholds;
  const family = technology(layer.technology)?.family ?? 'wifi';
  const noiseGrid = new Float32Array(cells).fill(ASSUMED_NOISE[family]);
  if (layer.noise) layer.noise.interpolate(noiseGrid);
  const best = new Int8Array(cells).fill(NO_DATA);
  const second = new Int8Array(cells).fill(NO_DATA);
  const snr = new Int8Array(cells).fill(NO_DATA);
  const coChannel = new Uint8Array(cells);
  let surveyed = 0;
  let pass = 0;
  let passSignal = 0;
  let passSecondary = 0;
  let passSnr = 0;
  let passServing = 0;
  let passCoChannel = 0;
  for (let c = 0; c < cells; c++) {
    const b = layer.bestNetwork[c]!;
    if (b === NONE) continue;
    surveyed++;
    const signal = layer.best[c]!;
    best[c] = clampDb(signal);
    if (layer.second[c]! > Number.NEGATIVE_INFINITY) second[c] = clampDb(layer.second[c]!);
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
    const okSecondary = layer.second[c]! >= t.minSecondaryDbm;
    const okSnr = s >= t.minSnrDb;
    const okServing = layer.serving[c]! >= t.minServing;
    const okCo = others <= t.maxCoChannel;
    if (okSignal) passSignal++;
    if (okSecondary) passSecondary++;
    if (okSnr) passSnr++;
    if (okServing) passServing++;
    if (okCo) passCoChannel++;
    if (okSignal && okSecondary && okSnr && okServing && okCo) pass++;
  }
  const pct = (k: number) => (surveyed === 0 ? 0 : round2((100 * k) / surveyed));
  return {
    technology: layer.technology,
    thresholds: t,
    networks: layer.networks,
    noiseAssumed: layer.noiseSamples === 0,
    coverage: {
      surveyedCells: surveyed,
      surveyedAreaM2: round2(surveyed * grid.cellSizeM * grid.cellSizeM),
      percent: pct(pass),
      signalPercent: pct(passSignal),
      secondaryPercent: pct(passSecondary),
      snrPercent: pct(passSnr),
      servingPercent: pct(passServing),
      coChannelPercent: pct(passCoChannel),
    },
    best,
    second,
    bestNetwork: layer.bestNetwork,
    snr,
    serving: layer.serving,
    coChannel,
  };
}
