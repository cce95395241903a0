/**
 * The network technologies a survey can record. The API serves this list from the database
 * (`GET /api/networktechnologies`), seeded from here, and the importer accepts exactly these ids.
 */

export type TechnologyFamily = 'wifi' | 'cellular';

export interface NetworkTechnology {
  id: string;
  name: string;
  family: TechnologyFamily;
  /** Standard name, e.g. IEEE 802.11ax or 3GPP Release 15. */
  standard: string;
  /** Bands the technology may use, as samples name them. */
  bands: readonly string[];
}

export const NETWORK_TECHNOLOGIES: readonly NetworkTechnology[] = [
  { id: 'wifi4', name: 'Wi-Fi 4', family: 'wifi', standard: 'IEEE 802.11n', bands: ['2.4GHz', '5GHz'] },
  { id: 'wifi5', name: 'Wi-Fi 5', family: 'wifi', standard: 'IEEE 802.11ac', bands: ['5GHz'] },
  { id: 'wifi6', name: 'Wi-Fi 6', family: 'wifi', standard: 'IEEE 802.11ax', bands: ['2.4GHz', '5GHz'] },
  { id: 'wifi6e', name: 'Wi-Fi 6E', family: 'wifi', standard: 'IEEE 802.11ax', bands: ['2.4GHz', '5GHz', '6GHz'] },
  { id: 'wifi7', name: 'Wi-Fi 7', family: 'wifi', standard: 'IEEE 802.11be', bands: ['2.4GHz', '5GHz', '6GHz'] },
  { id: 'umts', name: '3G UMTS', family: 'cellular', standard: '3GPP Release 99', bands: [] },
  { id: 'lte', name: '4G LTE', family: 'cellular', standard: '3GPP Release 8', bands: [] },
  { id: 'nr', name: '5G NR', family: 'cellular', standard: '3GPP Release 15', bands: [] },
];

const byId = new Map(NETWORK_TECHNOLOGIES.map((tech) => [tech.id, tech]));

export function technology(id: string): NetworkTechnology | undefined {
  return byId.get(id);
}

/** Wi-Fi band of a centre frequency in MHz, or undefined outside the Wi-Fi bands. */
export function wifiBand(frequencyMHz: number): string | undefined {
  if (frequencyMHz >= 2400 && frequencyMHz <= 2500) return '2.4GHz';
  if (frequencyMHz >= 5150 && frequencyMHz <= 5895) return '5GHz';
  if (frequencyMHz >= 5925 && frequencyMHz <= 7125) return '6GHz';
  return undefined;
}

/** Wi-Fi channel number of a centre frequency (IEEE 802.11 channelisation). */
export function wifiChannel(frequencyMHz: number): number | undefined {
  if (frequencyMHz === 2484) return 14;
  if (frequencyMHz >= 2412 && frequencyMHz <= 2472) return (frequencyMHz - 2407) / 5;
  if (frequencyMHz >= 5150 && frequencyMHz <= 5895) return (frequencyMHz - 5000) / 5;
  if (frequencyMHz >= 5955 && frequencyMHz <= 7115) return (frequencyMHz - 5950) / 5;
  return undefined;
}

/** Centre frequency of a Wi-Fi channel in a band. */
export function wifiFrequency(band: string, channel: number): number | undefined {
  if (band === '2.4GHz') return channel === 14 ? 2484 : channel >= 1 && channel <= 13 ? 2407 + 5 * channel : undefined;
  if (band === '5GHz') return channel >= 32 && channel <= 177 ? 5000 + 5 * channel : undefined;
  if (band === '6GHz') return channel >= 1 && channel <= 233 ? 5950 + 5 * channel : undefined;
  return undefined;
}
