/** The viewer's measured / predicted switch, its legend and the readout's ± on the predicted layer. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DatasetNetwork } from '../../shared/heatmap/wire-types.js';
import type { TrackLayers } from '../../shared/heatmap/track-layers.js';
import { computeView } from '../../shared/heatmap/views.js';
import { Legend } from '../../web/survey/heatmap/Legend.js';
import { Readout } from '../../web/survey/heatmap/Readout.js';
import { ViewerControls } from '../../web/survey/heatmap/ViewerControls.js';
import { useViewerState } from '../../web/survey/heatmap/viewer-state.js';
import { renderWithProviders } from './support/render.js';
import { int8, NO, thresholds, uint8 } from '../support/heatmap-fixtures.js';

function track(predicted: boolean): TrackLayers {
  const network = { index: 0, networkId: '02:00:00:00:00:01', name: 'Office', band: '5GHz', channel: 36 } as DatasetNetwork;
  return {
    grid: { cellSizeM: 0.5, cols: 3, rows: 1, metresPerPixel: 0.05 },
    calibrated: true,
    radiusM: 5,
    technologies: new Map([['wifi6', { best: int8([-50, NO, NO]) }]]),
    networks: [
      predicted
        ? { technology: 'wifi6', network, layer: int8([-50, NO, NO]), predicted: int8([-51, -67, -80]), predictedSigma: uint8([12, 40, 75]) }
        : { technology: 'wifi6', network, layer: int8([-50, NO, NO]) },
    ],
  };
}

/** The viewer's side panel and the readout over the second cell, as HeatmapViewer wires them. */
function Harness({ layers }: { layers: TrackLayers }) {
  const state = useViewerState('wifi6');
  const view = computeView(state.view, layers, state.filter, thresholds, 'project', state.layer);
  const raw = view.values[1]!;
  const sigma = view.sigma?.[1];
  return (
    <>
      <ViewerControls state={state} track={layers} technologyName={(id) => id} />
      <Legend viewId={state.view} view={view} cellSizeM={2} radiusM={layers.radiusM} />
      <Readout view={view} at={{ value: Number.isNaN(raw) ? null : raw, sigmaDb: sigma, nearestM: 7 }} />
    </>
  );
}

describe('heatmap layer switch', () => {
  it('opens on the measured layer and switches to the predicted one from the keyboard, with legend and ± readout', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness layers={track(true)} />);
    const group = screen.getByRole('radiogroup', { name: 'Layer' });
    const measured = screen.getByRole<HTMLInputElement>('radio', { name: 'Measured' });
    expect(measured.checked).toBe(true);
    expect(group.textContent).not.toMatch(/processed before/);
    expect(screen.getByText('Measured: interpolated within 5 m of the samples, blank elsewhere')).toBeTruthy();
    expect(screen.getByText(/^Measured coverage: 100 % of the 4 m² surveyed/)).toBeTruthy();
    expect(document.querySelector('.readout-value')!.textContent).toMatch(/^Not measured here/);

    await user.tab();
    await user.tab();
    // Focus sits on the checked radio; the arrow key moves the choice, as in any radio group.
    expect(document.activeElement).toBe(measured);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Predicted' }).checked).toBe(true);
    expect(screen.getByText('Predicted: path-loss model with walls + kriging; typical error 2–5 dB, shaded by uncertainty')).toBeTruthy();
    expect(screen.getByText(/^Predicted coverage: 67 % of the 12 m² predicted/)).toBeTruthy();
    expect(document.querySelector('.readout-value')!.textContent).toBe('-67 dBm ± 4 dB');
  });

  it('is disabled, saying why, on a walk processed before the predicted layer existed', () => {
    renderWithProviders(<Harness layers={track(false)} />);
    for (const name of ['Measured', 'Predicted']) expect(screen.getByRole<HTMLInputElement>('radio', { name }).disabled).toBe(true);
    expect(screen.getByText('No predicted layer for this walk: it was processed before predictions existed.')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Layer' }).getAttribute('aria-describedby')).toBeTruthy();
  });
});
