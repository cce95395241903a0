/**
 * One card per technology heard: radios, names, surveyed area, and how much of that area meets
 * its minimum signal. Cards rather than a table, so every figure stays in view on a phone; the
 * bar is for the eye, the percentage beside it is what is read out.
 */
import { useTranslation } from '../../lib/i18n.js';
import type { TechnologySummary } from './technology-summary.js';

export function TechnologyCards({ rows, labelledBy }: { rows: readonly TechnologySummary[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <ul className="technology-cards" aria-labelledby={labelledBy}>
      {rows.map((r) => (
        <li key={r.technology} className="technology-card">
          <h3 className="technology-name">{r.name}</h3>
          <dl className="technology-figures">
            <div>
              <dt>{t('survey.statistics.radios')}</dt>
              <dd>{whole.format(r.radios)}</dd>
            </div>
            <div>
              <dt>{t('survey.statistics.nameCount')}</dt>
              <dd>{whole.format(r.names)}</dd>
            </div>
            <div>
              <dt>{t('survey.statistics.surveyedArea')}</dt>
              <dd>{r.surveyedAreaM2 === null ? '—' : `${whole.format(r.surveyedAreaM2)} m²`}</dd>
            </div>
            <div className="technology-coverage">
              <dt>{t('survey.statistics.coverage')}</dt>
              <dd>
                {r.coveragePercent === null ? (
                  '—'
                ) : (
                  <>
                    <span className="coverage-bar" aria-hidden="true">
                      <span className="coverage-fill" style={{ width: `${Math.min(100, Math.max(0, r.coveragePercent))}%` }} />
                    </span>
                    <span className="coverage-value">{whole.format(r.coveragePercent)} %</span>
                  </>
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
