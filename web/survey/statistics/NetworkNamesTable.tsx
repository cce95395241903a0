/**
 * Network names (SSID or operator), most heard first as the API orders them: per name the radios
 * carrying it, their bands and channels, and on how many floors they were heard.
 */
import type { NamedNetwork } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { ScrollRegion } from '../../ui/ScrollRegion.js';

export function NetworkNamesTable({ names, labelledBy, technologyName }: { names: readonly NamedNetwork[]; labelledBy: string; technologyName: (id: string) => string }) {
  const { t, i18n } = useTranslation();
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const list = new Intl.ListFormat(i18n.language, { style: 'short', type: 'unit' });
  return (
    <ScrollRegion labelledBy={labelledBy}>
      <table className="table names-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t('survey.statistics.ssid')}</th>
            <th scope="col">{t('survey.statistics.technology')}</th>
            <th scope="col" className="align-end">
              {t('survey.statistics.radios')}
            </th>
            <th scope="col">{t('survey.statistics.bands')}</th>
            <th scope="col">{t('survey.statistics.channels')}</th>
            <th scope="col" className="align-end">
              {t('survey.statistics.floors')}
            </th>
          </tr>
        </thead>
        <tbody>
          {names.map((n) => (
            <tr key={`${n.technology}|${n.name}`}>
              <th scope="row" className="cell-strong">
                {n.name || t('survey.viewer.hiddenNetwork')}
              </th>
              <td>{technologyName(n.technology)}</td>
              <td className="align-end">{whole.format(n.networkIds)}</td>
              <td className="cell-nowrap">{list.format(n.bands)}</td>
              <td>{list.format(n.channels.map((c) => whole.format(c)))}</td>
              <td className="align-end">{whole.format(n.floors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
