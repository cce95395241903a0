/** Per-network sample statistics and the samples grouped by network. */
import type { SampleTable } from '../import/sample-table.js';

export interface SampleStats {
  count: Uint32Array;
  sum: Float64Array;
  min: Float32Array;
  max: Float32Array;
  noiseSum: Float64Array;
  noiseCount: Uint32Array;
  tputSum: Float64Array;
  tputCount: Uint32Array;
  /** Sample indices by network: network n's are `order[start[n]]` up to `order[start[n + 1]]`. */
  start: Uint32Array;
  order: Uint32Array;
}

/** One pass and a counting sort: a large track is summarised and grouped without an array per network. */
export function sampleStats(samples: SampleTable): SampleStats {
  const nets = samples.networks;
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
  return { count, sum, min, max, noiseSum, noiseCount, tputSum, tputCount, start, order };
}
