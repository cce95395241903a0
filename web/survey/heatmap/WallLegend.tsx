/** Which colour is which wall material, with the loss a signal takes through it (the materials drawn on this plan only). */
import { useTranslation } from '../../lib/i18n.js';
import { WALL_MATERIALS, type Wall } from '../../../shared/heatmap/walls.js';

export function WallLegend({ walls }: { walls: readonly Wall[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const present = WALL_MATERIALS.filter((m) => walls.some((w) => w.material === m));
  if (present.length === 0) return null;
  return (
    <section className="legend wall-legend" aria-labelledby="wall-legend-title">
      <h3 id="wall-legend-title" className="panel-title">
        {t('survey.walls.legend')}
      </h3>
      <ul className="legend-bands">
        {present.map((material) => {
          const losses = walls.filter((w) => w.material === material).map((w) => w.lossDb);
          const low = Math.min(...losses);
          const high = Math.max(...losses);
          const loss = low === high ? `${number.format(low)} dB` : t('survey.viewer.range', { from: number.format(low), to: `${number.format(high)} dB` });
          return (
            <li key={material} className="legend-band">
              <span className={`legend-swatch wall-swatch wall-swatch-${material}`} aria-hidden="true" />
              <span>{t('survey.walls.legendRow', { material: t(`survey.walls.materials.${material}`), loss })}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
