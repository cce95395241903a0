/**
 * Setting a plan's scale: the person clicks both ends of something whose length they know (a
 * wall, a corridor) and types that length. The line is drawn as they go; a short line is
 * warned about, since a click's slip then weighs heavily. Folded away below: where the building's
 * coordinates start on the plan and how they turn, which only walks recorded in metres (devices
 * sending their own positions) need.
 */
import { useState } from 'react';
import { Button, Input, Label, NumberField } from 'react-aria-components';
import type { Floorplan } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { toastStore } from '../../ui/toast-store.js';
import type { PlanPoint } from '../heatmap/PlanViewport.js';
import { isShortLine, scaleOf } from './calibration.js';
import { useCalibrate } from './queries.js';
import '../../ui/form/field.css';

interface Props {
  floorplan: Floorplan;
  points: PlanPoint[];
  onReset: () => void;
  onDone: () => void;
}

export function CalibrationPanel({ floorplan, points, onReset, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [distance, setDistance] = useState(Number.NaN);
  const [origin, setOrigin] = useState(floorplan.calibration?.origin ?? { x: 0, y: 0 });
  const [rotationDeg, setRotationDeg] = useState(floorplan.calibration?.rotationDeg ?? 0);
  const calibrate = useCalibrate(floorplan.floorId, floorplan.id);
  const scale = scaleOf(points, distance);
  const cm = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const step = points.length === 0 ? 'first' : points.length === 1 ? 'second' : 'distance';
  return (
    <section className="calibration-panel" aria-labelledby="calibration-title">
      <h3 id="calibration-title" className="panel-title">
        {t('survey.calibration.title')}
      </h3>
      <p className="panel-text" aria-live="polite">
        {t(`survey.calibration.step.${step}`)}
      </p>
      {isShortLine(points, floorplan) && <p className="notice notice-warning">{t('survey.calibration.shortLine')}</p>}
      <NumberField
        className="field"
        minValue={0.01}
        maxValue={100000}
        value={distance}
        onChange={setDistance}
        isDisabled={points.length < 2}
        formatOptions={{ maximumFractionDigits: 2 }}
      >
        <Label className="field-label">{t('survey.calibration.distance')}</Label>
        <Input className="input" />
      </NumberField>
      <details className="calibration-frame">
        <summary>{t('survey.calibration.frame')}</summary>
        <p className="field-hint">{t('survey.calibration.frameHint')}</p>
        <div className="calibration-frame-fields">
          <NumberField className="field" minValue={0} maxValue={floorplan.width} value={origin.x} onChange={(x) => setOrigin({ ...origin, x: Number.isNaN(x) ? 0 : x })}>
            <Label className="field-label">{t('survey.calibration.originX')}</Label>
            <Input className="input" />
          </NumberField>
          <NumberField className="field" minValue={0} maxValue={floorplan.height} value={origin.y} onChange={(y) => setOrigin({ ...origin, y: Number.isNaN(y) ? 0 : y })}>
            <Label className="field-label">{t('survey.calibration.originY')}</Label>
            <Input className="input" />
          </NumberField>
          <NumberField
            className="field"
            minValue={-360}
            maxValue={360}
            value={rotationDeg}
            onChange={(r) => setRotationDeg(Number.isNaN(r) ? 0 : r)}
            formatOptions={{ maximumFractionDigits: 2 }}
          >
            <Label className="field-label">{t('survey.calibration.rotation')}</Label>
            <Input className="input" />
          </NumberField>
        </div>
      </details>
      {scale !== null && <p className="panel-text">{t('survey.calibration.scale', { cm: cm.format(scale * 100) })}</p>}
      {floorplan.metresPerPixel !== null && scale === null && <p className="panel-text">{t('survey.calibration.current', { cm: cm.format(floorplan.metresPerPixel * 100) })}</p>}
      {calibrate.isError && (
        <p className="notice notice-error" role="alert">
          {t('survey.calibration.failed')}
        </p>
      )}
      <div className="panel-actions">
        <Button className="button button-secondary" onPress={onDone}>
          {t('admin.cancel')}
        </Button>
        <Button className="button button-secondary" onPress={onReset} isDisabled={points.length === 0}>
          {t('survey.calibration.redraw')}
        </Button>
        <Button
          className="button button-primary"
          isDisabled={scale === null}
          isPending={calibrate.isPending}
          onPress={() =>
            calibrate.mutate(
              { points: [points[0]!, points[1]!], distanceM: distance, origin, rotationDeg },
              {
                onSuccess: () => {
                  toastStore.show(t('survey.calibration.saved'), 'success');
                  onDone();
                },
              },
            )
          }
        >
          {t('survey.calibration.save')}
        </Button>
      </div>
    </section>
  );
}
