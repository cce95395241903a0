/**
 * Setting a plan's scale: the person clicks both ends of something whose length they know (a
 * wall, a corridor) and types that length. The line is drawn as they go; a short line is
 * warned about, since a click's slip then weighs heavily.
 */
import { useState } from 'react';
import { Button, Input, Label, NumberField } from 'react-aria-components';
import type { Floorplan } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { toastStore } from '../../ui/toast-store.js';
import type { PlanPoint } from '../heatmap/PlanViewport.js';
import { isShortLine, scaleOf } from './calibration.js';
import { useCalibrate } from './queries.js';

interface Props {
  floorplan: Floorplan;
  points: PlanPoint[];
  onReset: () => void;
  onDone: () => void;
}

export function CalibrationPanel({ floorplan, points, onReset, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [distance, setDistance] = useState(Number.NaN);
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
              { points: [points[0]!, points[1]!], distanceM: distance },
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
