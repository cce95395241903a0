/**
 * Reporting thresholds: what "covered" means, per technology. A project stores its own; these
 * defaults are what a new project starts with (common enterprise Wi-Fi design targets for voice
 * and video, and usual RSRP/SINR planning targets for LTE and NR).
 */
import { NETWORK_TECHNOLOGIES, technology } from '../survey/technologies.js';
import type { ColourStop, TechnologyThresholds } from './settings-schema.js';

export type { ColourStop, TechnologyThresholds };

export type ReportingSettings = Record<string, TechnologyThresholds>;
/** As stored: a technology's thresholds may lack a field added since they were saved. */
export type StoredSettings = Partial<Record<string, Partial<TechnologyThresholds>>>;

const SCALE: ColourStop[] = [
  { dbm: -90, colour: '#d7191c' },
  { dbm: -80, colour: '#fdae61' },
  { dbm: -70, colour: '#ffffbf' },
  { dbm: -67, colour: '#a6d96a' },
  { dbm: -55, colour: '#1a9641' },
];

const CELL_SCALE: ColourStop[] = [
  { dbm: -120, colour: '#d7191c' },
  { dbm: -110, colour: '#fdae61' },
  { dbm: -100, colour: '#ffffbf' },
  { dbm: -90, colour: '#a6d96a' },
  { dbm: -80, colour: '#1a9641' },
];

/** A requirement is met when this share of the surveyed area meets it: a few corners may stay weak. */
const MIN_AREA_PERCENT = 95;

export function defaultThresholds(technologyId: string): TechnologyThresholds {
  if (technology(technologyId)?.family === 'cellular') {
    return {
      minSignalDbm: -105,
      minSecondaryDbm: -110,
      minSnrDb: 0,
      minServing: 1,
      maxCoChannel: 6,
      coChannelDbm: -110,
      bands: [],
      colourScale: CELL_SCALE,
      minAreaPercent: MIN_AREA_PERCENT,
    };
  }
  return {
    minSignalDbm: -67,
    minSecondaryDbm: -75,
    minSnrDb: 25,
    minServing: 1,
    maxCoChannel: 2,
    coChannelDbm: -82,
    bands: [],
    colourScale: SCALE,
    minAreaPercent: MIN_AREA_PERCENT,
  };
}

/** Every technology's thresholds: the project's own where it set them, field by field over the defaults, so settings saved before a threshold existed gain its default. */
export function withDefaults(stored: StoredSettings = {}): ReportingSettings {
  return Object.fromEntries(NETWORK_TECHNOLOGIES.map((t) => [t.id, { ...defaultThresholds(t.id), ...stored[t.id] }]));
}

export function thresholdsFor(settings: StoredSettings | undefined, technologyId: string): TechnologyThresholds {
  return { ...defaultThresholds(technologyId), ...settings?.[technologyId] };
}
