/**
 * The viewer's choices. The palette, mode and opacity are how a person likes to read heatmaps and
 * are kept for the next visit; the view, filters and layer (measured or predicted) belong to the
 * walk on screen, so every walk opens on what was measured.
 */
import { useState } from 'react';
import type { Palette } from '../../../shared/heatmap/colour-bands.js';
import type { RenderMode } from './HeatmapCanvas.js';
import type { LayerId, ViewFilter, ViewId } from '../../../shared/heatmap/views.js';

const KEY = 'heatmapPreferences';

interface Preferences {
  palette: Palette;
  mode: RenderMode;
  opacity: number;
  showRoute: boolean;
  showSamples: boolean;
}

const DEFAULTS: Preferences = { palette: 'project', mode: 'smooth', opacity: 0.7, showRoute: true, showSamples: false };

function stored(): Preferences {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Preferences>;
    return {
      palette: value.palette === 'viridis' ? 'viridis' : 'project',
      mode: value.mode === 'grid' || value.mode === 'points' ? value.mode : 'smooth',
      opacity: typeof value.opacity === 'number' && value.opacity >= 0.1 && value.opacity <= 1 ? value.opacity : DEFAULTS.opacity,
      showRoute: typeof value.showRoute === 'boolean' ? value.showRoute : DEFAULTS.showRoute,
      showSamples: typeof value.showSamples === 'boolean' ? value.showSamples : DEFAULTS.showSamples,
    };
  } catch {
    return DEFAULTS;
  }
}

export function useViewerState(technology: string) {
  const [preferences, setPreferences] = useState(stored);
  const [view, setView] = useState<ViewId>('primary');
  const [filter, setFilter] = useState<ViewFilter>({ technology, band: '', channel: 0, network: null });
  const [layer, setLayer] = useState<LayerId>('measured');
  function prefer(change: Partial<Preferences>) {
    setPreferences((p) => {
      const next = { ...p, ...change };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // A full or blocked storage only loses the preference, never the view.
      }
      return next;
    });
  }
  return { preferences, prefer, view, setView, layer, setLayer, filter: { ...filter, technology: filter.technology || technology }, setFilter };
}
