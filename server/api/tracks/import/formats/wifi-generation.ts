/**
 * Our technology id for a Wi-Fi network seen by a scanner. Scanners tell the generation only
 * through what the beacon advertises (HT, VHT, HE, EHT) or not at all; a network that advertises
 * nothing newer is recorded as Wi-Fi 4, the oldest technology we know, and 6 GHz implies at least
 * Wi-Fi 6E (no earlier generation may use the band).
 */
import { wifiBand } from '../../../survey/technologies.js';

export type WifiGeneration = 4 | 5 | 6 | 7;

export function wifiTechnology(generation: WifiGeneration | undefined, frequencyMHz: number | undefined): string {
  const sixGhz = frequencyMHz !== undefined && wifiBand(frequencyMHz) === '6GHz';
  if (generation === 7) return 'wifi7';
  if (generation === 6 || sixGhz) return sixGhz ? 'wifi6e' : 'wifi6';
  if (generation === 5) return 'wifi5';
  return 'wifi4';
}
