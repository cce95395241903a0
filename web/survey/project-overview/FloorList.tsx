/** The project's floors by level, with how many plans and tracks each holds. */
import { useTranslation } from '../../lib/i18n.js';
import { AppLink } from '../../ui/AppLink.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import { useProjectFloors } from './queries.js';

export function FloorList({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const floors = useProjectFloors(projectId);
  const items = floors.data?.items ?? [];
  return (
    <section aria-labelledby="floors-title" className="floor-list">
      <h2 id="floors-title" className="section-title">
        {t('survey.floors')}
      </h2>
      {floors.isError ? (
        <QueryError error={floors.error} onRetry={() => void floors.refetch()} />
      ) : (
        <div className="data-table-scroll">
          <table aria-labelledby="floors-title" className="table">
            <thead>
              <tr>
                <th scope="col">{t('survey.floorName')}</th>
                <th scope="col" className="align-end">
                  {t('survey.level')}
                </th>
                <th scope="col" className="align-end">
                  {t('survey.figures.floorplans')}
                </th>
                <th scope="col" className="align-end">
                  {t('survey.figures.tracks')}
                </th>
                <th scope="col">{t('survey.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((floor) => (
                <tr key={floor.id}>
                  <th scope="row">
                    <AppLink href={`/projects/${projectId}/floors/${floor.id}`}>{floor.name}</AppLink>
                  </th>
                  <td className="align-end">{floor.level}</td>
                  <td className="align-end">{floor.floorplans}</td>
                  <td className="align-end">{floor.tracks}</td>
                  <td>
                    <DateText date={floor.updatedAt} />
                  </td>
                </tr>
              ))}
              {items.length === 0 && (
                <tr>
                  <td colSpan={5} className="table-empty">
                    {floors.isPending ? <span className="spinner" role="status" aria-label={t('common.loading')} /> : t('survey.noFloors')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
