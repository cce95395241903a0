/** A sample table written out as the CSV a user uploads (docs/survey-formats.md), for import tests. */
import type { SampleTable } from '../../server/api/tracks/import/sample-table.js';

export function sampleTableCsv(s: SampleTable): string {
  const lines = ['time,x,y,technology,bssid,ssid,channel,band,signal,noise'];
  for (let i = 0; i < s.count; i++) {
    const n = s.networks[s.network[i]!]!;
    lines.push(`${s.time[i]},${s.x[i]!.toFixed(1)},${s.y[i]!.toFixed(1)},${n.technology},${n.networkId},${n.name},${n.channel},${n.band},${s.signalDbm[i]},${s.noiseDbm[i]}`);
  }
  return `${lines.join('\n')}\n`;
}
