/**
 * One processed track, decoded: per technology its layers (best and second-best server, its network, SNR,
 * serving count, co-channel count) and every network's own signal grid. Built once from the
 * datasets answer; every view is computed from it without asking the server again.
 */
import type { Dataset, DatasetNetwork, DatasetPage, GridSpec } from './wire-types.js';
import { decodeLayer, type Layer } from './grid-values.js';

export interface NetworkLayer {
  technology: string;
  network: DatasetNetwork;
  /** The measured layer: IDW within the radius of a sample. */
  layer: Layer;
  /** The predicted layer over the whole floor (absent on walks processed before it existed). */
  predicted?: Layer;
  /** Its stated standard deviation per cell, tenths of a dB. */
  predictedSigma?: Layer;
}

export interface TechnologyLayers {
  best?: Layer;
  /** Absent on walks processed before the second-best server was kept. */
  second?: Layer;
  bestNetwork?: Layer;
  snr?: Layer;
  serving?: Layer;
  coChannel?: Layer;
}

export interface TrackLayers {
  grid: GridSpec;
  calibrated: boolean;
  radiusM: number;
  technologies: Map<string, TechnologyLayers>;
  networks: NetworkLayer[];
}

/** `decode` turns one dataset into its grid: from the answer's base64 in the browser, from the stored bytes on the server. */
export function trackLayers(pages: readonly DatasetPage[], decode: (dataset: Dataset, grid: GridSpec) => Layer = decodeLayer): TrackLayers {
  const first = pages[0]!;
  const result: TrackLayers = { grid: first.grid, calibrated: first.calibrated, radiusM: first.method.radiusM, technologies: new Map(), networks: [] };
  for (const dataset of pages.flatMap((p) => p.items)) {
    const layer = decode(dataset, first.grid);
    if (dataset.kind === 'signal' && dataset.network) {
      result.networks.push({ technology: dataset.technology, network: dataset.network, layer });
      continue;
    }
    if (dataset.kind === 'predicted' || dataset.kind === 'predictedSigma') {
      // Listed after their network's measured grid.
      const net = result.networks.find((n) => n.network.index === dataset.network?.index);
      if (net) net[dataset.kind] = layer;
      continue;
    }
    const layers = result.technologies.get(dataset.technology) ?? {};
    if (dataset.kind !== 'signal') layers[dataset.kind] = layer;
    result.technologies.set(dataset.technology, layers);
  }
  return result;
}

/** The network a best-server cell names, by its index in the track. */
export function networkByIndex(track: TrackLayers, index: number): DatasetNetwork | undefined {
  return track.networks.find((n) => n.network.index === index)?.network;
}

/** The technology a walk is mostly about: the one with the most networks heard (a neighbour's older access point should not be the first view). */
export function mainTechnology(track: TrackLayers): string {
  const counts = new Map<string, number>();
  for (const n of track.networks) counts.set(n.technology, (counts.get(n.technology) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? [...track.technologies.keys()][0] ?? '';
}
