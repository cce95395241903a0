/**
 * The colours of the view, strongest first (for requirements: passing first, then each reason in
 * the order cells are judged), each with the range it stands for; the requirement marked; and how much of the surveyed area meets it. Swatches carry a border so the pale bands
 * stay visible on a dark page. Names the layer (measured or predicted) and how it was made, and the
 * share says which layer it counts.
 */
import { memo } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { REQUIREMENTS, shareMeeting, type ViewId, type ViewResult } from '../../../shared/heatmap/views.js';

interface Props {
  viewId: ViewId;
  view: ViewResult;
  cellSizeM: number;
  /** How far from a sample the measured layer reaches, metres. */
  radiusM: number;
}

export const Legend = memo(function Legend({ viewId, view, cellSizeM, radiusM }: Props) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const unit = view.unit === 'dBm' ? ' dBm' : view.unit === 'dB' ? ' dB' : '';
  const share = shareMeeting(view, cellSizeM);
  // A tenth of a percent matters at the top: 99.6 % is not everything.
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: share.percent !== null && share.percent > 99 && share.percent < 100 ? 1 : 0 });
  const rows = view.bands.map((band, i) => {
    const next = view.bands[i + 1];
    let label: string;
    if (view.unit === 'requirement') label = t(`survey.viewer.requirement.${REQUIREMENTS[i]!}`);
    else if (!next) label = t('survey.viewer.atLeast', { value: `${number.format(band.from)}${unit}` });
    else if (i === 0) label = t('survey.viewer.below', { value: `${number.format(next.from)}${unit}` });
    else if (view.unit === 'count' && next.from - band.from === 1) label = number.format(band.from);
    else label = t('survey.viewer.range', { from: number.format(band.from), to: `${number.format(next.from)}${unit}` });
    const marked = view.threshold !== null && band.from <= view.threshold && (!next || view.threshold < next.from);
    return { colour: band.colour, label, marked };
  });
  return (
    <section className="legend" aria-labelledby="legend-title">
      <h3 id="legend-title" className="panel-title">
        {t(`survey.viewer.views.${viewId}`)}
      </h3>
      <p className={`legend-layer legend-layer-${view.layer}`}>
        {view.layer === 'predicted' ? t('survey.viewer.layers.predictedMethod') : t('survey.viewer.layers.measuredMethod', { radius: number.format(radiusM) })}
      </p>
      <ul className="legend-bands">
        {(view.unit === 'requirement' ? rows : rows.reverse()).map((row) => (
          <li key={row.label} className={row.marked ? 'legend-band legend-band-marked' : 'legend-band'}>
            <span className="legend-swatch" style={{ background: row.colour }} aria-hidden="true" />
            <span>{row.label}</span>
            {row.marked && <span className="legend-mark">{t('survey.viewer.requirementMark')}</span>}
          </li>
        ))}
      </ul>
      <p className="legend-share">
        {share.percent === null
          ? t(`survey.viewer.layers.area.${view.layer}`, { area: number.format(share.areaM2) })
          : t(`survey.viewer.layers.share.${view.layer}`, { percent: percent.format(share.percent), area: number.format(share.areaM2) })}
      </p>
    </section>
  );
});
