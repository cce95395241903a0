/**
 * Placing a walk on the plan by clicking, as Ekahau and NetSpot survey: for a capture imported
 * without positions, or to correct a walk whose positions are off. Stop and go: click where each
 * scan was taken, in order. Continuous walk: replay the walk's time line and click the route's
 * turning points as it goes; positions between clicks follow in time. From the keyboard, the
 * plan's cross and Enter place a point, the time line is a slider, Undo takes back the last click.
 * Saving stores the points as the walk's positions and processes it again.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Label, Radio, RadioGroup, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import type { Floorplan, Track, TrackPoints } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { toastStore } from '../../ui/toast-store.js';
import { PlanViewport } from '../heatmap/PlanViewport.js';
import { usePlaceTrack } from './queries.js';
import { canSave, pathOf, placeStop, placeTurn, positionAt, replaySpeed, scansOf, undo, type PlacementMode, type TimedPoint } from './walk-placement.js';

interface Props {
  floorplan: Floorplan;
  track: Track;
  points: TrackPoints;
  onClose: () => void;
}

export function WalkPlacer({ floorplan, track, points, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const scans = useMemo(() => scansOf(points), [points]);
  const [mode, setMode] = useState<PlacementMode>('stops');
  const [clicks, setClicks] = useState<TimedPoint[]>([]);
  const start = scans[0]?.time ?? track.startTime;
  const end = scans[scans.length - 1]?.time ?? track.endTime;
  const [time, setTime] = useState(start);
  const [playing, setPlaying] = useState(false);
  const place = usePlaceTrack(track.floorId);
  const path = pathOf(clicks);
  const speed = replaySpeed(start, end);

  // Replaying: the time line runs at `speed` seconds of the walk per second, and stops at its end.
  const frame = useRef(0);
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const step = (now: number) => {
      const elapsed = (now - last) / 1000;
      last = now;
      setTime((current) => {
        const next = Math.min(end, current + elapsed * speed);
        if (next >= end) setPlaying(false);
        return next;
      });
      frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [playing, end, speed]);

  const nextStop = mode === 'stops' ? scans[clicks.length] : undefined;
  const clock = (seconds: number) => clockOf(seconds, start, i18n.language);
  const r = Math.max(floorplan.width, floorplan.height) / 150;
  const current = mode === 'walk' ? positionAt(path, time) : null;
  // The walk as placed before, as a guide when correcting it.
  const before = points.placed ? points.x.map((x, i) => `${x},${points.y[i]}`).join(' ') : '';

  const save = () =>
    place.mutate(
      { trackId: track.id, points: path },
      {
        onSuccess: () => {
          toastStore.show(t('survey.placement.saved'), 'success');
          onClose();
        },
      },
    );

  return (
    <div className="heatmap-viewer">
      <div className="heatmap-main">
        <PlanViewport
          stage={floorplan.display}
          planPerStage={floorplan.width / floorplan.display.width}
          label={t('survey.placement.planLabel')}
          describedBy={hintId}
          onPlanClick={(at) => {
            if (mode === 'stops') setClicks((c) => placeStop(c, scans, at));
            else setClicks((c) => placeTurn(c, time, at));
          }}
        >
          <img className="plan-image" src={floorplan.display.url} width={floorplan.display.width} height={floorplan.display.height} alt="" draggable={false} />
          <svg className="walk-overlay" viewBox={`0 0 ${floorplan.width} ${floorplan.height}`} preserveAspectRatio="none" aria-hidden="true">
            {before && <polyline className="walk-route placement-before" points={before} vectorEffect="non-scaling-stroke" />}
            {path.length > 1 && <polyline className="placement-route" points={path.map((p) => `${p.x},${p.y}`).join(' ')} vectorEffect="non-scaling-stroke" />}
            {path.map((p, i) => (
              <circle key={i} className="calibration-end" cx={p.x} cy={p.y} r={r} />
            ))}
            {current && <circle className="placement-now" cx={current.x} cy={current.y} r={r * 1.4} vectorEffect="non-scaling-stroke" />}
          </svg>
        </PlanViewport>
      </div>
      <aside className="heatmap-aside" aria-label={t('survey.placement.title')}>
        <section className="placement-panel" aria-labelledby="placement-title">
          <h3 id="placement-title" className="panel-title">
            {t(track.placed ? 'survey.placement.correctTitle' : 'survey.placement.title')}
          </h3>
          <RadioGroup
            className="layer-switch"
            orientation="horizontal"
            value={mode}
            onChange={(value) => {
              setMode(value as PlacementMode);
              setClicks([]);
              setPlaying(false);
              setTime(start);
            }}
          >
            <Label className="filter-select-label">{t('survey.placement.mode')}</Label>
            <div className="segmented">
              <Radio value="stops" className="segmented-button">
                {t('survey.placement.stops')}
              </Radio>
              <Radio value="walk" className="segmented-button">
                {t('survey.placement.walk')}
              </Radio>
            </div>
          </RadioGroup>
          <p id={hintId} className="panel-text">
            {t(mode === 'stops' ? 'survey.placement.stopsHint' : 'survey.placement.walkHint')}
          </p>
          {mode === 'stops' ? (
            <p className="panel-text placement-next" aria-live="polite">
              {nextStop
                ? t('survey.placement.nextStop', { n: clicks.length + 1, total: scans.length, time: clock(nextStop.time), networks: nextStop.networks })
                : t('survey.placement.allStops', { total: scans.length })}
            </p>
          ) : (
            <>
              <Slider
                className="opacity-slider"
                minValue={start}
                maxValue={Math.max(end, start + 1)}
                step={1}
                value={time}
                onChange={(value) => {
                  setPlaying(false);
                  setTime(value);
                }}
                aria-valuetext={clock(time)}
              >
                <div className="opacity-slider-head">
                  <Label>{t('survey.placement.timeline')}</Label>
                  <SliderOutput>{() => clock(time)}</SliderOutput>
                </div>
                <SliderTrack className="opacity-slider-track">
                  {({ state: slider }) => <SliderThumb className="opacity-slider-thumb" style={{ left: `${slider.getThumbPercent(0) * 100}%` }} />}
                </SliderTrack>
              </Slider>
              <div className="panel-actions">
                <Button
                  className="button button-secondary"
                  onPress={() => {
                    if (!playing && time >= end) setTime(start);
                    setPlaying(!playing);
                  }}
                >
                  {t(playing ? 'survey.placement.pause' : 'survey.placement.play', { speed })}
                </Button>
              </div>
              <p className="panel-text" aria-live="polite">
                {t('survey.placement.turns', { count: path.length })}
              </p>
            </>
          )}
          {place.isError && (
            <p className="notice notice-error" role="alert">
              {t('survey.placement.failed')}
            </p>
          )}
          <div className="panel-actions">
            <Button className="button button-secondary" onPress={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button className="button button-secondary" onPress={() => setClicks(undo)} isDisabled={clicks.length === 0}>
              {t('survey.placement.undo')}
            </Button>
            <Button className="button button-primary" isDisabled={!canSave(clicks)} isPending={place.isPending} onPress={save}>
              {t('survey.placement.save')}
            </Button>
          </div>
        </section>
      </aside>
    </div>
  );
}

/** A scan's time: the clock time for epoch seconds, else seconds into the walk (numbered scans). */
function clockOf(seconds: number, start: number, language: string): string {
  // Files give times as epoch seconds (ISO timestamps) or on their own clock from 0.
  if (start > 1e9)
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(seconds * 1000);
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', maximumFractionDigits: 0 }).format(seconds - start);
}
