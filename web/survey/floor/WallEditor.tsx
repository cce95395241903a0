/**
 * The walls tool: the person clicks both ends of each wall on the plan (Shift keeps it straight,
 * a click near an existing end joins it), picks its material from presets that carry a typical
 * loss, edits a wall's loss, deletes walls, undoes, and saves the whole set. Nothing reaches the
 * server until Save; the panel says whether what is drawn is saved.
 */
import { useEffect, useState } from 'react';
import { Button, Input, Label, NumberField, Radio, RadioGroup } from 'react-aria-components';
import type { Floorplan } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { QueryError } from '../../ui/QueryError.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { PlanViewport, type PlanPoint } from '../heatmap/PlanViewport.js';
import { WallOverlay } from '../heatmap/WallOverlay.js';
import { WALL_MATERIAL_LOSS_DB, WALL_MATERIALS, type Wall, type WallMaterial } from '../../../shared/heatmap/walls.js';
import { change, historyOf, MIN_WALL_PX, newWall, removeWall, sameWalls, snapPoint, undo, updateWall, type WallHistory } from './wall-drawing.js';
import { useSaveWalls, useWalls } from './queries.js';
import '../../ui/form/field.css';

/** How near (screen pixels) a click must come to a wall end to join it. */
const SNAP_SCREEN_PX = 12;

interface Props {
  floorId: string;
  floorplan: Floorplan;
  onClose: () => void;
}

export function WallEditor({ floorId, floorplan, onClose }: Props) {
  const { t } = useTranslation();
  const walls = useWalls(floorId, floorplan.id);
  if (walls.error) return <QueryError error={walls.error} onRetry={() => void walls.refetch()} />;
  if (!walls.data) return <div className="shell-loading spinner" aria-label={t('common.loading')} />;
  return <WallDrawing key={floorplan.id} floorId={floorId} floorplan={floorplan} saved={walls.data} onClose={onClose} />;
}

function newId(): string {
  return `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

function WallDrawing({ floorId, floorplan, saved, onClose }: Props & { saved: Wall[] }) {
  const { t, i18n } = useTranslation();
  const [history, setHistory] = useState<WallHistory>(() => historyOf(saved));
  const [baseline, setBaseline] = useState(saved);
  const [selected, setSelected] = useState<string | null>(null);
  const [material, setMaterial] = useState<WallMaterial>('drywall');
  const [start, setStart] = useState<PlanPoint | null>(null);
  const [hover, setHover] = useState<PlanPoint | null>(null);
  const [shift, setShift] = useState(false);
  const [scale, setScale] = useState(1);
  const save = useSaveWalls(floorId, floorplan.id);
  const walls = history.walls;
  const dirty = !sameWalls(walls, baseline);
  const planPerStage = floorplan.width / floorplan.display.width;
  const radius = (SNAP_SCREEN_PX * planPerStage) / scale;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const chosen = walls.find((w) => w.id === selected) ?? null;

  // The preview follows Shift as it is pressed, not only at the next click.
  useEffect(() => {
    const track = (event: KeyboardEvent) => setShift(event.shiftKey);
    window.addEventListener('keydown', track);
    window.addEventListener('keyup', track);
    return () => {
      window.removeEventListener('keydown', track);
      window.removeEventListener('keyup', track);
    };
  }, []);

  function apply(next: WallHistory) {
    save.reset();
    setHistory(next);
  }

  function remove(id: string) {
    apply(removeWall(history, id));
    setSelected(null);
  }

  function click(point: PlanPoint, { shiftKey }: { shiftKey: boolean }) {
    const at = snapPoint(point, walls, { from: start ?? undefined, straight: shiftKey, radius });
    if (!start) {
      setStart(at);
      return;
    }
    setStart(null);
    if (Math.hypot(at.x - start.x, at.y - start.y) < MIN_WALL_PX) return;
    const wall = newWall(newId(), start, at, material);
    apply(change(history, [...walls, wall]));
    setSelected(wall.id);
  }

  const length = (w: Wall) => {
    const px = Math.hypot(w.x2 - w.x1, w.y2 - w.y1);
    return floorplan.metresPerPixel === null ? t('survey.walls.lengthPx', { px: Math.round(px) }) : t('survey.walls.lengthM', { m: number.format(px * floorplan.metresPerPixel) });
  };
  const materialName = (m: WallMaterial) => t(`survey.walls.materials.${m}`);

  let status: { text: string; tone: 'error' | 'info' | 'success' };
  if (save.isError) status = { text: t('survey.walls.saveFailed', { reason: apiFailureOf(save.error).reason ?? t('survey.walls.tryAgain') }), tone: 'error' };
  else if (save.isPending) status = { text: t('survey.walls.saving'), tone: 'info' };
  else if (dirty) status = { text: t('survey.walls.unsaved'), tone: 'info' };
  else if (save.isSuccess) status = { text: t('survey.walls.saved'), tone: 'success' };
  else status = { text: t('survey.walls.upToDate'), tone: 'info' };

  return (
    <div
      className="heatmap-viewer"
      onKeyDown={(event) => {
        // Keys typed into a field are the field's; a radio (the wall list) leaves them to the editor.
        const typing = event.target instanceof HTMLTextAreaElement || (event.target instanceof HTMLInputElement && event.target.type !== 'radio');
        if (event.key === 'Escape' && start) {
          event.preventDefault();
          setStart(null);
        } else if ((event.key === 'Delete' || event.key === 'Backspace') && !typing && chosen) {
          event.preventDefault();
          remove(chosen.id);
        } else if (event.key.toLowerCase() === 'z' && (event.ctrlKey || event.metaKey) && !typing) {
          event.preventDefault();
          apply(undo(history));
        }
      }}
    >
      <div className="heatmap-main">
        <PlanViewport
          stage={floorplan.display}
          planPerStage={planPerStage}
          label={t('survey.walls.planLabel')}
          describedBy="walls-step"
          onPlanClick={click}
          onHover={setHover}
          onScaleChange={setScale}
        >
          <img className="plan-image" src={floorplan.display.url} width={floorplan.display.width} height={floorplan.display.height} alt="" draggable={false} />
          <WallOverlay
            walls={walls}
            plan={floorplan}
            screenPerPlan={scale / planPerStage}
            selected={selected}
            showEnds
            drawing={start && { from: start, to: hover && snapPoint(hover, walls, { from: start, straight: shift, radius }), material }}
          />
        </PlanViewport>
      </div>
      <aside className="heatmap-aside" aria-label={t('survey.walls.title')}>
        <section className="wall-panel" aria-labelledby="walls-title">
          <h3 id="walls-title" className="panel-title">
            {t('survey.walls.title')}
          </h3>
          <p id="walls-step" className="panel-text" aria-live="polite">
            {t(start ? 'survey.walls.step.second' : 'survey.walls.step.first')} {t('survey.walls.hint')}
          </p>
          <RadioGroup className="wall-materials" value={material} onChange={(value) => setMaterial(value as WallMaterial)}>
            <Label className="field-label">{t('survey.walls.newMaterial')}</Label>
            {WALL_MATERIALS.map((m) => (
              <Radio key={m} value={m} className="wall-material">
                <span className={`legend-swatch wall-swatch wall-swatch-${m}`} aria-hidden="true" />
                <span className="wall-material-name">{materialName(m)}</span>
                <span className="wall-material-loss">{t('survey.walls.loss', { db: number.format(WALL_MATERIAL_LOSS_DB[m]) })}</span>
              </Radio>
            ))}
          </RadioGroup>
          <RadioGroup className="wall-list-box" value={selected} onChange={setSelected}>
            <Label className="field-label">{t('survey.walls.list', { total: walls.length })}</Label>
            {walls.length === 0 && <p className="panel-text">{t('survey.walls.none')}</p>}
            <div className="wall-list">
              {walls.map((w, i) => (
                <Radio key={w.id} value={w.id} className="wall-item">
                  <span className={`legend-swatch wall-swatch wall-swatch-${w.material}`} aria-hidden="true" />
                  <span className="wall-item-name">{t('survey.walls.itemName', { n: i + 1, material: materialName(w.material) })}</span>
                  <span className="wall-item-meta">
                    {length(w)} · {t('survey.walls.loss', { db: number.format(w.lossDb) })}
                  </span>
                </Radio>
              ))}
            </div>
          </RadioGroup>
          {chosen && (
            <fieldset className="wall-edit">
              <legend className="field-label">{t('survey.walls.selected', { n: walls.indexOf(chosen) + 1 })}</legend>
              <SelectField
                label={t('survey.walls.material')}
                description={t('survey.walls.materialHint')}
                value={chosen.material}
                onChange={(value) => value && apply(updateWall(history, chosen.id, { material: value as WallMaterial, lossDb: WALL_MATERIAL_LOSS_DB[value as WallMaterial] }))}
                options={WALL_MATERIALS.map((m) => ({ id: m, label: `${materialName(m)} · ${t('survey.walls.loss', { db: number.format(WALL_MATERIAL_LOSS_DB[m]) })}` }))}
              />
              <NumberField
                key={`${chosen.id}-${chosen.lossDb}`}
                className="field"
                minValue={0}
                maxValue={40}
                step={0.5}
                value={chosen.lossDb}
                onChange={(db) => !Number.isNaN(db) && db !== chosen.lossDb && apply(updateWall(history, chosen.id, { lossDb: db }))}
                formatOptions={{ maximumFractionDigits: 1 }}
              >
                <Label className="field-label">{t('survey.walls.lossLabel')}</Label>
                <Input className="input" />
              </NumberField>
              <Button className="button button-secondary" onPress={() => remove(chosen.id)}>
                {t('survey.walls.delete')}
              </Button>
            </fieldset>
          )}
          <p className={`notice notice-${status.tone}`} role={status.tone === 'error' ? 'alert' : 'status'}>
            {status.text}
          </p>
          <div className="panel-actions">
            <Button className="button button-secondary" onPress={() => apply(undo(history))} isDisabled={history.past.length === 0}>
              {t('survey.walls.undo')}
            </Button>
            <Button className="button button-secondary" onPress={onClose}>
              {t(dirty ? 'survey.walls.discard' : 'survey.walls.close')}
            </Button>
            <Button
              className="button button-primary"
              isDisabled={!dirty}
              isPending={save.isPending}
              onPress={() => save.mutate(walls, { onSuccess: (stored) => setBaseline(stored) })}
            >
              {t('survey.walls.save')}
            </Button>
          </div>
        </section>
      </aside>
    </div>
  );
}
