/** The survey's progress in figures, and how much of the surveyed area each technology covers. */
import { useTranslation } from '../../lib/i18n.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import { useNetworkTechnologies } from '../floor/queries.js';
import { useProjectStats } from './queries.js';

export function ProjectFigures({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const stats = useProjectStats(projectId);
  const technologies = useNetworkTechnologies();
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => void stats.refetch()} />;
  if (!stats.data) return <div className="figures figures-loading" aria-busy="true" />;
  const s = stats.data;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const figures: [string, string][] = [
    [t('survey.figures.floors'), number(s.floors)],
    [t('survey.figures.floorplans'), `${number(s.calibratedFloorplans)} / ${number(s.floorplans)}`],
    [t('survey.figures.tracks'), `${number(s.tracks.processed)} / ${number(s.tracks.total)}`],
    [t('survey.figures.samples'), number(s.samples)],
    [t('survey.figures.networks'), number(s.networks)],
    [t('survey.figures.area'), `${number(Math.round(s.surveyedAreaM2))} m²`],
    [t('survey.figures.photos'), number(s.photos)],
    [t('survey.figures.members'), number(s.members)],
  ];
  return (
    <section className="project-figures" aria-labelledby="figures-title">
      <h2 id="figures-title" className="section-title">
        {t('survey.figures.title')}
      </h2>
      <dl className="figures">
        {figures.map(([label, value]) => (
          <div key={label} className="figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="figures-note">
        {t('survey.figures.lastSurvey')}: <DateText date={s.lastSurveyAt} withTime />
        {s.tracks.failed > 0 && (
          <span className="status-badge" data-tone="bad">
            {t('survey.figures.failedTracks', { number: s.tracks.failed })}
          </span>
        )}
      </p>
      {s.coverage.length > 0 && (
        <div className="coverage">
          <h3 className="subsection-title">{t('survey.figures.coverage')}</h3>
          <ul className="coverage-list">
            {s.coverage.map((c) => (
              <li key={c.technology} className="coverage-row">
                <span className="coverage-name">{technologies.data?.items.find((x) => x.id === c.technology)?.name ?? c.technology}</span>
                <span className="coverage-bar" aria-hidden="true">
                  <span className="coverage-fill" style={{ width: `${Math.min(100, Math.max(0, c.percent))}%` }} />
                </span>
                <span className="coverage-value">{Math.round(c.percent)} %</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
