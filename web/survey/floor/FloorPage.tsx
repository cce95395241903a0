/**
 * `/projects/:projectId/floors/:floorId`: a floor's plan and walks. With a processed walk it is
 * the heatmap viewer, with the walk's strongest signal over time under the plan; before that it
 * guides through the steps that lead there (upload a plan, set its scale, import a walk, wait for
 * processing). The walk shown is kept in the address. Photos are pinned on the plan in either
 * case, and listed beside the walks; walls drawn on the plan (the walls tool) are shown over it.
 * The georeference tool ties the plan to latitude/longitude, for GPS files (WiGLE) to import onto.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearch } from 'wouter';
import type { Thresholds } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { NotFoundPage } from '../../ui/NotFoundPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { errorStatus, QueryError } from '../../ui/QueryError.js';
import { UploadModal } from '../../ui/UploadModal.js';
import { toastStore } from '../../ui/toast-store.js';
import { HeatmapViewer } from '../heatmap/HeatmapViewer.js';
import { PlanViewport, type PlanPoint } from '../heatmap/PlanViewport.js';
import { usePhotoBoard } from '../photos/use-photo-board.js';
import { mainTechnology } from '../../../shared/heatmap/track-layers.js';
import { useProject } from '../project-overview/queries.js';
import { CalibrationPanel } from './CalibrationPanel.js';
import {
  floorKeys,
  useFloor,
  useFloorplans,
  useNetworkTechnologies,
  useProcessTrack,
  useReportingSettings,
  useTrackLayers,
  useTrackPoints,
  useTracks,
  useWalls,
} from './queries.js';
import { SignalOverTime } from './SignalOverTime.js';
import { TrackList } from './TrackList.js';
import { WallEditor } from './WallEditor.js';
import { GeoreferenceTool } from './GeoreferenceTool.js';
import { WalkPlacer } from './WalkPlacer.js';
import { WallOverlay } from '../heatmap/WallOverlay.js';
import { WallLegend } from '../heatmap/WallLegend.js';
import { PLAN_FILE_TYPES } from './file-types.js';
import { TrackImportModal } from './TrackImportModal.js';

export function FloorPage({ projectId, floorId }: { projectId: string; floorId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const floor = useFloor(floorId);
  const project = useProject(projectId);
  const plans = useFloorplans(floorId);
  const tracks = useTracks(floorId);
  const reporting = useReportingSettings(projectId);
  const technologies = useNetworkTechnologies();
  const orgId = project.data?.orgId ?? '';
  const orgName = useOrgName(orgId, t('shell.organization'));
  const { can } = usePermissions({ orgId: orgId || null, projectId });
  const mayWrite = can('project:survey:write');
  const [upload, setUpload] = useState<'plan' | 'track' | null>(null);
  const [calibrating, setCalibrating] = useState(false);
  const [editingWalls, setEditingWalls] = useState(false);
  const [georeferencing, setGeoreferencing] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [line, setLine] = useState<PlanPoint[]>([]);
  const process = useProcessTrack(floorId);

  const trackParam = new URLSearchParams(useSearch()).get('track') ?? undefined;
  const items = tracks.data?.items ?? [];
  const track = items.find((x) => x.id === trackParam) ?? items.find((x) => x.status === 'processed') ?? items[0];
  const layers = useTrackLayers(track);
  const points = useTrackPoints(track?.id);
  const plan = plans.data?.items.find((p) => p.id === track?.floorplanId) ?? plans.data?.items[0];
  const photos = usePhotoBoard({ floorId, tracks: items, trackId: track?.id, mayWrite });
  const walls = useWalls(floorId, plan?.id);

  if (errorStatus(floor.error) === 404 || errorStatus(project.error) === 404 || (floor.data && floor.data.projectId !== projectId)) return <NotFoundPage />;
  const failed = floor.error ?? project.error ?? plans.error ?? tracks.error;
  if (failed) return <QueryError error={failed} onRetry={() => void client.invalidateQueries({ queryKey: floorKeys.detail(floorId) })} />;
  if (!floor.data || !project.data || !plans.data || !tracks.data) return <div className="shell-loading spinner" aria-label={t('common.loading')} />;

  const thresholdsFor = (technology: string): Thresholds => reporting.data?.settings[technology] ?? reporting.data?.settings.wifi ?? FALLBACK;
  const technologyName = (id: string) => technologies.data?.items.find((x) => x.id === id)?.name ?? id;
  const select = (id: string) => {
    setPlacing(false);
    goTo(`/projects/${projectId}/floors/${floorId}?track=${encodeURIComponent(id)}`, { replace: true });
  };
  const trackList = items.length > 0 && <TrackList tracks={items} selected={track?.id} onSelect={select} />;
  const aside = (
    <>
      {trackList}
      {photos.list}
    </>
  );

  let body;
  if (!plan) {
    body = (
      <div className="empty-state">
        <h2 className="section-title">{t('survey.floor.noPlanTitle')}</h2>
        <p>{t(mayWrite ? 'survey.floor.noPlan' : 'survey.floor.noPlanReadOnly')}</p>
        {mayWrite && (
          <Button className="button button-primary" onPress={() => setUpload('plan')}>
            {t('survey.floor.uploadPlan')}
          </Button>
        )}
      </div>
    );
  } else if (placing && track && points.data) {
    body = <WalkPlacer key={track.id} floorplan={plan} track={track} points={points.data} onClose={() => setPlacing(false)} />;
  } else if (georeferencing) {
    body = <GeoreferenceTool floorId={floorId} floorplan={plan} onClose={() => setGeoreferencing(false)} />;
  } else if (editingWalls) {
    body = <WallEditor floorId={floorId} floorplan={plan} onClose={() => setEditingWalls(false)} />;
  } else if (calibrating) {
    body = (
      <div className="heatmap-viewer">
        <div className="heatmap-main">
          <PlanViewport
            stage={plan.display}
            planPerStage={plan.width / plan.display.width}
            label={t('survey.calibration.title')}
            onPlanClick={(point) => setLine((current) => (current.length >= 2 ? [point] : [...current, point]))}
          >
            <img className="plan-image" src={plan.display.url} width={plan.display.width} height={plan.display.height} alt="" draggable={false} />
            <svg className="walk-overlay" viewBox={`0 0 ${plan.width} ${plan.height}`} preserveAspectRatio="none" aria-hidden="true">
              {line.length === 2 && <line className="calibration-line" x1={line[0]!.x} y1={line[0]!.y} x2={line[1]!.x} y2={line[1]!.y} vectorEffect="non-scaling-stroke" />}
              {line.map((p, i) => (
                <circle key={i} className="calibration-end" cx={p.x} cy={p.y} r={Math.max(plan.width, plan.height) / 200} />
              ))}
            </svg>
          </PlanViewport>
        </div>
        <aside className="heatmap-aside" aria-label={t('survey.calibration.title')}>
          <CalibrationPanel floorplan={plan} points={line} onReset={() => setLine([])} onDone={() => setCalibrating(false)} />
        </aside>
      </div>
    );
  } else if (track && layers.data) {
    // The requirement of the walk's main technology: the one the viewer opens on.
    const main = mainTechnology(layers.data);
    body = (
      <HeatmapViewer
        key={track.id}
        floorplan={plan}
        layers={layers.data}
        points={points.data}
        thresholdsFor={thresholdsFor}
        technologyName={technologyName}
        aside={aside}
        notice={photos.notice}
        tools={photos.tools}
        walls={walls.data}
        below={points.data && <SignalOverTime points={points.data} requirementDbm={thresholdsFor(main).minSignalDbm} technology={technologyName(main)} />}
      />
    );
  } else {
    const status = track?.status;
    body = (
      <div className="heatmap-viewer">
        <div className="heatmap-main">
          {photos.notice}
          <PlanViewport {...photos.tools} stage={plan.display} planPerStage={plan.width / plan.display.width} label={t('survey.floor.planLabel')}>
            <img className="plan-image" src={plan.display.url} width={plan.display.width} height={plan.display.height} alt="" draggable={false} />
            {walls.data && <WallOverlay walls={walls.data} plan={plan} screenPerPlan={1} />}
          </PlanViewport>
        </div>
        <aside className="heatmap-aside" aria-label={t('survey.viewer.panel')}>
          {aside}
          {walls.data && <WallLegend walls={walls.data} />}
          <p className="panel-text" role="status">
            {!track
              ? t(mayWrite ? 'survey.floor.noTracks' : 'survey.floor.noTracksReadOnly')
              : !track.placed
                ? t(mayWrite ? 'survey.floor.unplaced' : 'survey.floor.unplacedReadOnly')
                : layers.isError
                  ? t('survey.floor.layersFailed')
                  : status === 'processed'
                    ? t('common.loading')
                    : t(`survey.floor.trackState.${status!}`)}
          </p>
          {track && mayWrite && !track.placed && (
            <Button className="button button-primary" onPress={() => setPlacing(true)} isDisabled={!points.data}>
              {t('survey.placement.title')}
            </Button>
          )}
          {track && mayWrite && track.placed && (status === 'imported' || status === 'failed') && (
            <Button className="button button-primary" isPending={process.isPending} onPress={() => process.mutate(track.id)}>
              {t('survey.floor.process')}
            </Button>
          )}
        </aside>
      </div>
    );
  }

  const calibrated = plan?.metresPerPixel != null;
  return (
    <>
      <PageHeader
        title={floor.data.name}
        crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: project.data.name, href: `/projects/${projectId}` }, { label: floor.data.name }]}
        subtitle={plan ? (calibrated ? t('survey.floor.scale', { cm: (plan.metresPerPixel! * 100).toFixed(1) }) : t('survey.floor.notCalibrated')) : undefined}
        actions={
          mayWrite &&
          !calibrating &&
          !editingWalls &&
          !georeferencing &&
          !placing && (
            <>
              {plan && (
                <Button
                  className="button button-secondary"
                  onPress={() => {
                    photos.stop();
                    setLine([]);
                    setCalibrating(true);
                  }}
                >
                  {t('survey.floor.calibrate')}
                </Button>
              )}
              {plan && (
                <Button
                  className="button button-secondary"
                  onPress={() => {
                    photos.stop();
                    setEditingWalls(true);
                  }}
                >
                  {t('survey.floor.walls')}
                </Button>
              )}
              {plan && (
                <Button
                  className="button button-secondary"
                  onPress={() => {
                    photos.stop();
                    setGeoreferencing(true);
                  }}
                >
                  {t('survey.floor.georeference')}
                </Button>
              )}
              <Button className="button button-secondary" onPress={() => setUpload('plan')}>
                {t('survey.floor.uploadPlan')}
              </Button>
              {plan && track?.placed && (
                <Button
                  className="button button-secondary"
                  onPress={() => {
                    photos.stop();
                    setPlacing(true);
                  }}
                  isDisabled={!points.data}
                >
                  {t('survey.placement.correct')}
                </Button>
              )}
              {plan && photos.toggle}
              {plan && (
                <Button className="button button-primary" onPress={() => setUpload('track')}>
                  {t('survey.floor.importTrack')}
                </Button>
              )}
            </>
          )
        }
      />
      {/* The viewer's panels are headed h3: this names the level between them and the page's h1. */}
      {plan && <h2 className="visually-hidden">{t('survey.floor.viewerTitle')}</h2>}
      {body}
      {photos.dialogs}
      <UploadModal
        isOpen={upload === 'plan'}
        onOpenChange={(open) => setUpload(open ? 'plan' : null)}
        url={`/api/floors/${encodeURIComponent(floorId)}/floorplans`}
        accept={PLAN_FILE_TYPES}
        title={t('survey.floor.uploadPlan')}
        onUploaded={() => void client.invalidateQueries({ queryKey: floorKeys.detail(floorId) })}
      />
      <TrackImportModal
        isOpen={upload === 'track'}
        onOpenChange={(open) => setUpload(open ? 'track' : null)}
        projectId={projectId}
        floorId={floorId}
        floorplanId={plan?.id}
        onImported={(response) => {
          void client.invalidateQueries({ queryKey: floorKeys.tracks(floorId) });
          const created = response.data as { id?: string; placed?: boolean; ekahauFloors?: unknown[] } | undefined;
          if (created?.id) select(created.id);
          if (created?.ekahauFloors) toastStore.show(t('survey.floor.ekahauFloors', { count: created.ekahauFloors.length }), 'success');
          // A capture without positions: straight to placing it.
          if (created?.placed === false) setPlacing(true);
        }}
      />
    </>
  );
}

// Until the project's settings arrive: the defaults a new project starts with.
const FALLBACK: Thresholds = {
  minSignalDbm: -67,
  minSecondaryDbm: -75,
  minSnrDb: 25,
  minServing: 1,
  maxCoChannel: 2,
  coChannelDbm: -82,
  minAreaPercent: 95,
  bands: [],
  colourScale: [
    { dbm: -90, colour: '#d7191c' },
    { dbm: -80, colour: '#fdae61' },
    { dbm: -70, colour: '#ffffbf' },
    { dbm: -67, colour: '#a6d96a' },
    { dbm: -55, colour: '#1a9641' },
  ],
};
