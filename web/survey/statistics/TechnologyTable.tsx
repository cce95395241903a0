/**
 * One row per technology heard: radios, names, and how much of the surveyed area meets its
 * minimum signal. The bar is for the eye; the percentage beside it is what is read out.
 */
import { useTranslation } from '../../lib/i18n.js';
import type { TechnologySummary } from './technology-summary.js';

export function TechnologyTable({ rows, labelledBy }: { rows: readonly TechnologySummary[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <div className="data-table-scroll">
      <table className="table technology-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t('survey.statistics.technology')}</th>
            <th scope="col" className="align-end">
              {t('survey.statistics.radios')}
            </th>
            <th scope="col" className="align-end">
              {t('survey.statistics.nameCount')}
            </th>
            <th scope="col">{t('survey.statistics.coverage')}</th>
            <th scope="col" className="align-end">
              {t('survey.statistics.surveyedArea')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.technology}>
              <th scope="row">{r.name}</th>
              <td className="align-end">{whole.format(r.radios)}</td>
              <td className="align-end">{whole.format(r.names)}</td>
              <td>
                {r.coveragePercent === null ? (
                  '—'
                ) : (
                  <span className="technology-coverage">
                    <span className="coverage-bar" aria-hidden="true">
                      <span className="coverage-fill" style={{ width: `${Math.min(100, Math.max(0, r.coveragePercent))}%` }} />
                    </span>
                    <span className="coverage-value">{whole.format(r.coveragePercent)} %</span>
                  </span>
                )}
              </td>
              <td className="align-end">{r.surveyedAreaM2 === null ? '—' : `${whole.format(r.surveyedAreaM2)} m²`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
