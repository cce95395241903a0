/**
 * The georeference tool: the person clicks a place on the plan whose latitude and longitude they
 * know (a building corner, a gate, a survey mark), types them, and repeats; two points fix the
 * plan, more are fitted by least squares and each shows how far it is off (its residual), so a
 * misplaced click or a poor GPS reading stands out. Nothing reaches the server until Save.
 */
import { useMemo, useState } from 'react';
import { Button, Input, Label, NumberField, Radio, RadioGroup } from 'react-aria-components';
import type { Floorplan } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { QueryError } from '../../ui/QueryError.js';
import { PlanViewport, type PlanPoint } from '../heatmap/PlanViewport.js';
import { fitGeoreference, type ControlPoint } from '../../../shared/geo/georeference.js';
import { useGeoreference, useSaveGeoreference } from './queries.js';
import '../../ui/form/field.css';

interface Props {
  floorId: string;
  floorplan: Floorplan;
  onClose: () => void;
}

export function GeoreferenceTool({ floorId, floorplan, onClose }: Props) {
  const { t } = useTranslation();
  const stored = useGeoreference(floorId, floorplan.id);
  if (stored.error) return <QueryError error={stored.error} onRetry={() => void stored.refetch()} />;
  if (!stored.data) return <div className="shell-loading spinner" aria-label={t('common.loading')} />;
  const saved = stored.data.controlPoints.map(({ x, y, latitude, longitude }) => ({ x, y, latitude, longitude }));
  return <Georeferencing key={floorplan.id} floorId={floorId} floorplan={floorplan} saved={saved} onClose={onClose} />;
}

/** Radius of a control point's dot on screen, pixels; its number is drawn 2⅓ times as tall. */
const MARKER_SCREEN_PX = 6;

const complete = (p: ControlPoint) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude);
const same = (a: ControlPoint[], b: ControlPoint[]) =>
  a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y && p.latitude === b[i]!.latitude && p.longitude === b[i]!.longitude);

/** Residuals of the points as they stand, or null while they cannot be fitted (too few, incomplete, coincident). */
function residualsOf(points: ControlPoint[], image: { width: number; height: number }): number[] | null {
  if (points.length < 2 || !points.every(complete)) return null;
  try {
    return fitGeoreference(points, image).fit.residualsM;
  } catch {
    return null;
  }
}

function Georeferencing({ floorId, floorplan, saved, onClose }: Props & { saved: ControlPoint[] }) {
  const { t, i18n } = useTranslation();
  const [points, setPoints] = useState<ControlPoint[]>(saved);
  const [baseline, setBaseline] = useState(saved);
  const [selected, setSelected] = useState<number | null>(null);
  const save = useSaveGeoreference(floorId, floorplan.id);
  const planPerStage = floorplan.width / floorplan.display.width;
  const dirty = !same(points, baseline);
  const residuals = useMemo(() => residualsOf(points, floorplan), [points, floorplan]);
  const metres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const degrees = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const chosen = selected === null ? null : (points[selected] ?? null);
  const [scale, setScale] = useState(1);
  // Markers keep their size on screen whatever the zoom: 6 px dots, 14 px numbers.
  const radius = (MARKER_SCREEN_PX * planPerStage) / scale;

  function edit(next: ControlPoint[]) {
    save.reset();
    setPoints(next);
  }

  function add(point: PlanPoint) {
    edit([...points, { x: Math.round(point.x * 10) / 10, y: Math.round(point.y * 10) / 10, latitude: Number.NaN, longitude: Number.NaN }]);
    setSelected(points.length);
  }

  function change(index: number, patch: Partial<ControlPoint>) {
    edit(points.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  }

  function remove(index: number) {
    edit(points.filter((_, i) => i !== index));
    setSelected(null);
  }

  const incomplete = points.some((p) => !complete(p));
  let status: { text: string; tone: 'error' | 'info' | 'success' };
  if (save.isError) status = { text: t('survey.georef.saveFailed', { reason: apiFailureOf(save.error).reason ?? t('survey.walls.tryAgain') }), tone: 'error' };
  else if (save.isPending) status = { text: t('survey.walls.saving'), tone: 'info' };
  else if (incomplete) status = { text: t('survey.georef.incomplete'), tone: 'info' };
  else if (points.length === 1) status = { text: t('survey.georef.needTwo'), tone: 'info' };
  else if (dirty && points.length >= 2 && residuals === null) status = { text: t('survey.georef.cannotFit'), tone: 'error' };
  else if (dirty) status = { text: t('survey.walls.unsaved'), tone: 'info' };
  else if (save.isSuccess) status = { text: t('survey.georef.saved'), tone: 'success' };
  else status = { text: t(points.length === 0 ? 'survey.georef.none' : 'survey.walls.upToDate'), tone: 'info' };
  const savable = dirty && !incomplete && (points.length === 0 || residuals !== null);

  return (
    <div
      className="heatmap-viewer"
      onKeyDown={(event) => {
        const typing = event.target instanceof HTMLTextAreaElement || (event.target instanceof HTMLInputElement && event.target.type !== 'radio');
        if ((event.key === 'Delete' || event.key === 'Backspace') && !typing && selected !== null && chosen) {
          event.preventDefault();
          remove(selected);
        }
      }}
    >
      <div className="heatmap-main">
        <PlanViewport
          stage={floorplan.display}
          planPerStage={planPerStage}
          label={t('survey.georef.planLabel')}
          describedBy="georef-step"
          onPlanClick={add}
          onScaleChange={setScale}
        >
          <img className="plan-image" src={floorplan.display.url} width={floorplan.display.width} height={floorplan.display.height} alt="" draggable={false} />
          <svg className="walk-overlay" viewBox={`0 0 ${floorplan.width} ${floorplan.height}`} preserveAspectRatio="none" aria-hidden="true">
            {points.map((p, i) => (
              <g key={i} className={i === selected ? 'georef-marker georef-marker-selected' : 'georef-marker'}>
                <circle cx={p.x} cy={p.y} r={radius} />
                <text x={p.x + radius * 1.4} y={p.y - radius * 1.4} fontSize={radius * 2.4}>
                  {i + 1}
                </text>
              </g>
            ))}
          </svg>
        </PlanViewport>
      </div>
      <aside className="heatmap-aside" aria-label={t('survey.georef.title')}>
        <section className="wall-panel" aria-labelledby="georef-title">
          <h3 id="georef-title" className="panel-title">
            {t('survey.georef.title')}
          </h3>
          <p id="georef-step" className="panel-text" aria-live="polite">
            {t(chosen && !complete(chosen) ? 'survey.georef.step.type' : 'survey.georef.step.click')} {t('survey.georef.hint')}
          </p>
          <RadioGroup className="wall-list-box" value={selected === null ? null : String(selected)} onChange={(value) => setSelected(Number(value))}>
            <Label className="field-label">{t('survey.georef.list', { total: points.length })}</Label>
            <div className="wall-list">
              {points.map((p, i) => (
                <Radio key={i} value={String(i)} className="wall-item">
                  <span className="wall-item-name">{t('survey.georef.itemName', { n: i + 1 })}</span>
                  <span className="georef-coordinates">{complete(p) ? `${degrees.format(p.latitude)}, ${degrees.format(p.longitude)}` : t('survey.georef.noCoordinates')}</span>
                  <span className="wall-item-meta">{residuals ? t('survey.georef.residual', { m: metres.format(residuals[i]!) }) : ''}</span>
                </Radio>
              ))}
            </div>
          </RadioGroup>
          {residuals && points.length === 2 && <p className="field-hint">{t('survey.georef.twoExact')}</p>}
          {chosen && selected !== null && (
            <fieldset className="wall-edit">
              <legend className="field-label">{t('survey.georef.selected', { n: selected + 1 })}</legend>
              <div className="georef-fields">
                <NumberField
                  key={`lat-${selected}`}
                  className="field"
                  minValue={-85}
                  maxValue={85}
                  value={chosen.latitude}
                  onChange={(latitude) => change(selected, { latitude })}
                  formatOptions={{ maximumFractionDigits: 7 }}
                  autoFocus={!complete(chosen)}
                >
                  <Label className="field-label">{t('survey.georef.latitude')}</Label>
                  <Input className="input" />
                </NumberField>
                <NumberField
                  key={`lon-${selected}`}
                  className="field"
                  minValue={-180}
                  maxValue={180}
                  value={chosen.longitude}
                  onChange={(longitude) => change(selected, { longitude })}
                  formatOptions={{ maximumFractionDigits: 7 }}
                >
                  <Label className="field-label">{t('survey.georef.longitude')}</Label>
                  <Input className="input" />
                </NumberField>
              </div>
              <p className="field-hint">{t('survey.georef.coordinatesHint')}</p>
              <Button className="button button-secondary" onPress={() => remove(selected)}>
                {t('survey.georef.delete')}
              </Button>
            </fieldset>
          )}
          <p className={`notice notice-${status.tone}`} role={status.tone === 'error' ? 'alert' : 'status'}>
            {status.text}
          </p>
          <div className="panel-actions">
            <Button className="button button-secondary" onPress={onClose}>
              {t(dirty ? 'survey.walls.discard' : 'survey.walls.close')}
            </Button>
            <Button
              className="button button-primary"
              isDisabled={!savable}
              isPending={save.isPending}
              onPress={() =>
                save.mutate(points, {
                  onSuccess: (answer) => {
                    const next = answer.controlPoints.map(({ x, y, latitude, longitude }) => ({ x, y, latitude, longitude }));
                    setBaseline(next);
                    setPoints(next);
                  },
                })
              }
            >
              {t('survey.georef.save')}
            </Button>
          </div>
        </section>
      </aside>
    </div>
  );
}
