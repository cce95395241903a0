/**
 * Scan logs imported before nmcli's percentages were read with NetworkManager's own mapping hold
 * `q − 120` dBm (30 % and less as −90), 12 to 20 dB off the −100 + 0.6 · q that NetworkManager
 * computed them from. Processing such a track corrects its samples first, once, and stores them
 * back (docs/survey-formats.md, "Scan logs").
 *
 * Which samples came from nmcli was not stored, so the track is judged whole, as the format asked
 * ("keep to one tool for a walk"): the old reading could only produce whole dBm from −90 to −20
 * on networks recorded as wifi4 or wifi6e; a track with any other value or technology had iw
 * output in it and is left as it is.
 */
import { nmcliPercentToDbm } from '../import/formats/scan-log.js';
import type { SampleTable } from '../import/sample-table.js';

/** Whether every sample could have come from the old reading of nmcli. */
export function readAsOldNmcli(samples: SampleTable): boolean {
  if (samples.networks.some((n) => n.technology !== 'wifi4' && n.technology !== 'wifi6e')) return false;
  for (let i = 0; i < samples.count; i++) {
    const s = samples.signalDbm[i]!;
    if (!Number.isInteger(s) || s < -90 || s > -20) return false;
  }
  return true;
}

/**
 * Brings a stored scan log's table to the linear mapping. Returns true when it changed the table
 * (which the caller then stores), false when there was nothing to correct.
 */
export function correctOldNmcliLevels(format: string, samples: SampleTable): boolean {
  if (format !== 'scanlog' || samples.nmcliLevels !== 'offset120') return false;
  samples.nmcliLevels = 'linear';
  if (!readAsOldNmcli(samples)) return true;
  for (let i = 0; i < samples.count; i++) samples.signalDbm[i] = nmcliPercentToDbm(samples.signalDbm[i]! + 120);
  return true;
}
