/**
 * What lies under the pointer: the view's value, the best server there (name, BSSID, channel,
 * band) and how far the nearest measured place is — near a sample the value is measured, far
 * from one it is interpolated. A predicted value comes with its stated uncertainty (± one σ).
 */
import type { DatasetNetwork } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { REQUIREMENTS, type ViewResult } from '../../../shared/heatmap/views.js';

export interface ReadoutValue {
  value: number | null;
  /** Predicted layer only: the cell's standard deviation, dB. */
  sigmaDb?: number;
  network?: DatasetNetwork;
  nearestM: number | null;
}

export function Readout({ view, at }: { view: ViewResult; at: ReadoutValue }) {
  const { t, i18n } = useTranslation();
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const metres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  let value: string;
  if (at.value === null) value = t('survey.viewer.notMeasured');
  else if (view.unit === 'requirement') value = t(`survey.viewer.requirement.${REQUIREMENTS[at.value]!}`);
  else value = `${whole.format(at.value)}${view.unit === 'dBm' ? ' dBm' : view.unit === 'dB' ? ' dB' : ''}`;
  if (at.value !== null && at.sigmaDb !== undefined) value = t('survey.viewer.plusMinus', { value, sigma: whole.format(at.sigmaDb) });
  return (
    <div className="readout" role="status" aria-live="off">
      <strong className="readout-value">{value}</strong>
      {at.network && (
        <span>
          {at.network.name || t('survey.viewer.hiddenNetwork')} · {at.network.networkId}
        </span>
      )}
      {at.network && <span>{t('survey.viewer.channelBand', { channel: at.network.channel, band: at.network.band })}</span>}
      {at.nearestM !== null && <span>{t('survey.viewer.nearest', { distance: metres.format(at.nearestM) })}</span>}
    </div>
  );
}
