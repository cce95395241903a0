/**
 * How much of each floor's surveyed area meets each requirement, with the heatmap's own views
 * (computeView, shareMeeting) so the report's figures are the viewer's. Over several walks of a
 * floor, cells add up (as the statistics do). Only the counts are kept, never the grids.
 */
import { computeView, shareMeeting, type ViewFilter } from '../../../shared/heatmap/views.js';
import type { TrackLayers } from '../../../shared/heatmap/track-layers.js';
import type { TechnologyThresholds } from '../reporting/thresholds.js';

export const REQUIREMENT_VIEWS = ['primary', 'secondary', 'snr', 'serving', 'coChannel'] as const;
export type RequirementView = (typeof REQUIREMENT_VIEWS)[number];

export interface Tally {
  /** Cells with a value, per requirement (a walk without SNR has none for it). */
  cells: Record<RequirementView, number>;
  meeting: Record<RequirementView, number>;
  /** Surveyed area, from the primary signal's cells. */
  areaM2: number;
}

export function emptyTally(): Tally {
  const zero = () => Object.fromEntries(REQUIREMENT_VIEWS.map((v) => [v, 0])) as Record<RequirementView, number>;
  return { cells: zero(), meeting: zero(), areaM2: 0 };
}

export function filterFor(technology: string): ViewFilter {
  return { technology, band: '', channel: 0, network: null };
}

export function addWalk(tally: Tally, layers: TrackLayers, technology: string, thresholds: TechnologyThresholds): void {
  for (const view of REQUIREMENT_VIEWS) {
    const share = shareMeeting(computeView(view, layers, filterFor(technology), thresholds, 'project'), layers.grid.cellSizeM);
    tally.cells[view] += share.cells;
    tally.meeting[view] += ((share.percent ?? 0) * share.cells) / 100;
    if (view === 'primary') tally.areaM2 += share.areaM2;
  }
}

/** 0–100, or null where nothing was measured. */
export function percentMeeting(tally: Tally, view: RequirementView): number | null {
  return tally.cells[view] > 0 ? (100 * tally.meeting[view]) / tally.cells[view] : null;
}
