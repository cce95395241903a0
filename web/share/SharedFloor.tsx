/**
 * One shared floor, read-only: its plan with the heatmap of a processed walk (the project's own
 * viewer, HeatmapViewer), the walk's signal over time, and the photos pinned on the plan. The
 * data hooks read the link's mirrors through the survey source the share page provides.
 */
import { useState } from 'react';
import type { Thresholds } from '../lib/api-types.js';
import { useTranslation } from '../lib/i18n.js';
import { QueryError } from '../ui/QueryError.js';
import { SignalOverTime } from '../survey/floor/SignalOverTime.js';
import { TrackList } from '../survey/floor/TrackList.js';
import { useFloorplans, useNetworkTechnologies, useTrackLayers, useTrackPoints, useTracks, useWalls } from '../survey/floor/queries.js';
import { WallLegend } from '../survey/heatmap/WallLegend.js';
import { WallOverlay } from '../survey/heatmap/WallOverlay.js';
import { HeatmapViewer } from '../survey/heatmap/HeatmapViewer.js';
import { PlanViewport } from '../survey/heatmap/PlanViewport.js';
import { usePhotoBoard } from '../survey/photos/use-photo-board.js';
import { mainTechnology } from '../../shared/heatmap/track-layers.js';

interface Props {
  floorId: string;
  thresholdsFor: (technology: string) => Thresholds;
}

export function SharedFloor({ floorId, thresholdsFor }: Props) {
  const { t } = useTranslation();
  const plans = useFloorplans(floorId);
  const tracks = useTracks(floorId);
  const technologies = useNetworkTechnologies();
  const [chosen, setChosen] = useState<string>();
  // A walk still being processed or that failed is the survey team's business, not the reader's.
  const walks = (tracks.data?.items ?? []).filter((x) => x.status === 'processed');
  const track = walks.find((x) => x.id === chosen) ?? walks[0];
  const layers = useTrackLayers(track);
  const points = useTrackPoints(track?.id);
  const plan = plans.data?.items.find((p) => p.id === track?.floorplanId) ?? plans.data?.items[0];
  const walls = useWalls(floorId, plan?.id);
  const photos = usePhotoBoard({ floorId, tracks: walks, trackId: track?.id, mayWrite: false });

  const failed = plans.error ?? tracks.error ?? layers.error;
  if (failed) return <QueryError error={failed} onRetry={() => void Promise.all([plans.refetch(), tracks.refetch()])} />;
  if (!plans.data || !tracks.data) return <div className="shell-loading spinner" role="status" aria-label={t('common.loading')} />;
  if (!plan) {
    return (
      <div className="empty-state">
        <p>{t('share.page.noPlan')}</p>
      </div>
    );
  }

  const technologyName = (id: string) => technologies.data?.items.find((x) => x.id === id)?.name ?? id;
  const aside = (
    <>
      {walks.length > 1 && <TrackList tracks={walks} selected={track?.id} onSelect={setChosen} />}
      {photos.list}
    </>
  );

  let body;
  if (track && layers.data) {
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
        tools={photos.tools}
        walls={walls.data}
        below={points.data && <SignalOverTime points={points.data} requirementDbm={thresholdsFor(main).minSignalDbm} technology={technologyName(main)} />}
      />
    );
  } else {
    body = (
      <div className="heatmap-viewer">
        <div className="heatmap-main">
          <PlanViewport {...photos.tools} stage={plan.display} planPerStage={plan.width / plan.display.width} label={t('survey.floor.planLabel')}>
            <img className="plan-image" src={plan.display.url} width={plan.display.width} height={plan.display.height} alt="" draggable={false} />
            {walls.data && <WallOverlay walls={walls.data} plan={plan} screenPerPlan={1} />}
          </PlanViewport>
        </div>
        <aside className="heatmap-aside" aria-label={t('survey.viewer.panel')}>
          {aside}
          {walls.data && <WallLegend walls={walls.data} />}
          <p className="panel-text" role="status">
            {track ? t('common.loading') : t('share.page.noWalk')}
          </p>
        </aside>
      </div>
    );
  }
  return (
    <>
      {body}
      {photos.dialogs}
    </>
  );
}
