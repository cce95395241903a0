/** Per channel of a layer: how many networks use it and how many are heard together at a point. */
import type { TrackNetwork } from '../import/sample-table.js';
import type { LayerWork } from './layers.js';
import type { ChannelResult } from './result-types.js';
import { round2 } from './rounding.js';
import type { SampleStats } from './sample-stats.js';

/** Channel planning asks who shares a channel and where, so each band and channel the layer uses becomes one row. */
export function channelStats(layer: LayerWork, nets: readonly TrackNetwork[], stats: SampleStats, cells: number): ChannelResult[] {
  const results: ChannelResult[] = [];
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
      chSamples += stats.count[n]!;
      chSum += stats.sum[n]!;
      chMax = Math.max(chMax, stats.max[n]!);
    }
    results.push({
      technology: layer.technology,
      band,
      channel: Number(channel),
      networks: members.length,
      samples: chSamples,
      meanSignalDbm: round2(chSamples ? chSum / chSamples : Number.NaN),
      maxSignalDbm: round2(chMax),
      cellsHeard: heard,
      maxOverlap: overlapMax,
      meanOverlap: heard ? round2(overlapSum / heard) : 0,
    });
  }
  return results;
}
