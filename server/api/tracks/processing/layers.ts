/** Technology layers: the networks of one technology, in the bands its thresholds allow. */
import { thresholdsFor, type ReportingSettings, type TechnologyThresholds } from '../../reporting/thresholds.js';
import type { TrackNetwork } from '../import/sample-table.js';
import type { IdwInterpolator } from './idw.js';

/** No best server at a cell. */
export const NONE = 0xffff;

export interface LayerWork {
  technology: string;
  thresholds: TechnologyThresholds;
  networks: number[];
  best: Float32Array;
  /** The second-best server's signal: where a device roams to. */
  second: Float32Array;
  bestNetwork: Uint16Array;
  serving: Uint8Array;
  /** Per `band|channel`: networks heard at the co-channel level, per cell. */
  channelCounts: Map<string, Uint8Array>;
  noise: IdwInterpolator | null;
  noiseSamples: number;
}

export interface Layers {
  /** In the order the networks first name their technology. */
  layers: LayerWork[];
  /** Each network's layer; undefined when its thresholds leave out the network's band. */
  layerOf: (LayerWork | undefined)[];
}

/** Networks are judged by their own technology's thresholds, so each technology present gets one layer. */
export function groupLayers(nets: readonly TrackNetwork[], settings: Partial<ReportingSettings> | undefined, cells: number): Layers {
  const byTechnology = new Map<string, LayerWork>();
  const layerOf = nets.map((net, n) => {
    let layer = byTechnology.get(net.technology);
    if (!layer) {
      layer = {
        technology: net.technology,
        thresholds: thresholdsFor(settings, net.technology),
        networks: [],
        best: new Float32Array(cells).fill(-Infinity),
        second: new Float32Array(cells).fill(-Infinity),
        bestNetwork: new Uint16Array(cells).fill(NONE),
        serving: new Uint8Array(cells),
        channelCounts: new Map(),
        noise: null,
        noiseSamples: 0,
      };
      byTechnology.set(net.technology, layer);
    }
    const bands = layer.thresholds.bands;
    if (bands.length !== 0 && !bands.includes(net.band)) return undefined;
    layer.networks.push(n);
    return layer;
  });
  return { layers: [...byTechnology.values()], layerOf };
}
