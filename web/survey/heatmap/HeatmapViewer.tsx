/**
 * The centre of the survey tool: a processed walk over its floor plan, in any view, with its
 * legend, the share of the area meeting the requirement, and a readout of what lies under the
 * pointer. Views are computed from the layers already in memory, so switching is instant.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Floorplan, Thresholds, TrackPoints } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { bandsOf } from '../../../shared/heatmap/colour-bands.js';
import { valueAt } from '../../../shared/heatmap/grid-values.js';
import { IsolineOverlay } from './IsolineOverlay.js';
import { HeatmapCanvas } from './HeatmapCanvas.js';
import { Legend } from './Legend.js';
import { nearestPoint } from './nearest-point.js';
import { PlanViewport, type PlanPoint, type PlanTools } from './PlanViewport.js';
import { Readout, type ReadoutValue } from './Readout.js';
import { mainTechnology, networkByIndex, type TrackLayers } from '../../../shared/heatmap/track-layers.js';
import { useViewerState } from './viewer-state.js';
import { ViewerControls } from './ViewerControls.js';
import { timed } from './timing.js';
import { computeView } from '../../../shared/heatmap/views.js';
import { WalkRoute } from './WalkRoute.js';
import { WalkSamples } from './WalkSamples.js';
import { WallLegend } from './WallLegend.js';
import { WallOverlay } from './WallOverlay.js';
import type { Wall } from '../../../shared/heatmap/walls.js';
import './heatmap.css';

interface Props {
  floorplan: Floorplan;
  layers: TrackLayers;
  points: TrackPoints | undefined;
  thresholdsFor: (technology: string) => Thresholds;
  technologyName: (technology: string) => string;
  /** Above the controls: the walk picker. */
  aside?: ReactNode;
  /** Above the plan: what the tool in use asks for. */
  notice?: ReactNode;
  /** A tool over the plan (photos). */
  tools?: PlanTools;
  /** Under the plan, as wide as it: what reads along the walk rather than across the floor. */
  below?: ReactNode;
  /** Walls drawn on the plan, shown over the heatmap with their legend. */
  walls?: readonly Wall[];
}

export function HeatmapViewer({ floorplan, layers, points, thresholdsFor, technologyName, aside, notice, tools, below, walls }: Props) {
  const { t } = useTranslation();
  const state = useViewerState(mainTechnology(layers));
  const { preferences, view: viewId, filter, layer } = state;
  const thresholds = thresholdsFor(filter.technology);
  const view = useMemo(
    () => timed('heatmap view', () => computeView(viewId, layers, filter, thresholds, preferences.palette, layer)),
    [viewId, layers, filter, thresholds, preferences.palette, layer],
  );
  const [hover, setHover] = useState<PlanPoint | null>(null);
  const [scale, setScale] = useState(1);
  const onScaleChange = useCallback((s: number) => setScale(s), []);
  // Only sample dots need the zoom: without them the viewer (legend, controls) is not rendered
  // again on every step of a zoom, which is then the viewport's business alone.
  const dotsShown = preferences.showSamples || preferences.mode === 'points';

  const stage = floorplan.display;
  const planPerStage = floorplan.width / stage.width;
  const { grid } = layers;

  let readout: ReadoutValue | null = null;
  if (hover) {
    const col = Math.floor((hover.x * grid.metresPerPixel) / grid.cellSizeM);
    const row = Math.floor((hover.y * grid.metresPerPixel) / grid.cellSizeM);
    const index = row * grid.cols + col;
    const raw = col >= 0 && row >= 0 && col < grid.cols && row < grid.rows ? view.values[index]! : Number.NaN;
    const bestNetwork = layers.technologies.get(filter.technology)?.bestNetwork;
    // The predicted view knows which network it took each cell from; the measured one asks processing's best-server layer.
    const source = view.sources && !Number.isNaN(raw) ? view.sources[index]! : -1;
    const networkIndex =
      viewId === 'network'
        ? filter.network
        : view.sources
          ? source >= 0
            ? source
            : null
          : viewId === 'primary' && !filter.band && !filter.channel && bestNetwork
            ? valueAt(bestNetwork, col, row)
            : null;
    const nearest = points ? nearestPoint(points, hover.x, hover.y) : null;
    const sigma = view.sigma && !Number.isNaN(raw) ? view.sigma[index]! : Number.NaN;
    readout = {
      value: Number.isNaN(raw) ? null : raw,
      sigmaDb: Number.isNaN(sigma) ? undefined : sigma,
      network: networkIndex === null || Number.isNaN(raw) ? undefined : networkByIndex(layers, networkIndex),
      nearestM: nearest ? nearest.distancePx * grid.metresPerPixel : null,
    };
  }

  const signalBands = useMemo(() => bandsOf(thresholds.colourScale, preferences.palette), [thresholds.colourScale, preferences.palette]);
  const legendView = useMemo(() => (preferences.mode === 'points' ? { ...view, bands: signalBands, unit: 'dBm' as const } : view), [preferences.mode, view, signalBands]);
  return (
    <div className="heatmap-viewer">
      <div className="heatmap-main">
        {notice}
        <PlanViewport
          {...tools}
          stage={stage}
          planPerStage={planPerStage}
          label={t('survey.viewer.planLabel', { view: t(`survey.viewer.views.${viewId}`) })}
          onHover={setHover}
          onScaleChange={dotsShown ? onScaleChange : undefined}
          overlay={readout && <Readout view={view} at={readout} />}
        >
          <img className="plan-image" src={stage.url} width={stage.width} height={stage.height} alt="" draggable={false} />
          {preferences.mode !== 'points' && <HeatmapCanvas grid={grid} view={view} planPerStage={planPerStage} mode={preferences.mode} opacity={preferences.opacity} />}
          {preferences.mode === 'smooth' && view.unit !== 'requirement' && <IsolineOverlay grid={grid} view={view} planPerStage={planPerStage} />}
          {walls && walls.length > 0 && <WallOverlay walls={walls} plan={floorplan} screenPerPlan={1} />}
          {points && preferences.showRoute && <WalkRoute points={points} planPerStage={planPerStage} />}
          {points && dotsShown && (
            <WalkSamples points={points} plan={floorplan} screenPerPlan={scale / planPerStage} colouredBy={preferences.mode === 'points' ? signalBands : undefined} />
          )}
        </PlanViewport>
        {!layers.calibrated && <p className="notice notice-warning">{t('survey.viewer.uncalibrated')}</p>}
        {!view.hasData && <p className="notice notice-info">{t('survey.viewer.noData')}</p>}
        {below}
      </div>
      <aside className="heatmap-aside" aria-label={t('survey.viewer.panel')}>
        {aside}
        <ViewerControls state={state} track={layers} technologyName={technologyName} />
        <Legend viewId={viewId} view={legendView} cellSizeM={grid.cellSizeM} radiusM={layers.radiusM} />
        {walls && <WallLegend walls={walls} />}
      </aside>
    </div>
  );
}
