/** The project's floors by level, with how many plans and tracks each holds. */
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import { useProjectFloors } from './queries.js';

export function FloorList({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const floors = useProjectFloors(projectId);
  return (
    <section aria-labelledby="floors-title" className="floor-list">
      <h2 id="floors-title" className="section-title">
        {t('survey.floors')}
      </h2>
      {floors.isError ? (
        <QueryError error={floors.error} onRetry={() => void floors.refetch()} />
      ) : (
        <div className="data-table-scroll">
          <Table aria-labelledby="floors-title" className="table">
            <TableHeader>
              <Column isRowHeader className="table-column">
                {t('survey.floorName')}
              </Column>
              <Column className="table-column align-end">{t('survey.level')}</Column>
              <Column className="table-column align-end">{t('survey.figures.floorplans')}</Column>
              <Column className="table-column align-end">{t('survey.figures.tracks')}</Column>
              <Column className="table-column">{t('survey.updated')}</Column>
            </TableHeader>
            <TableBody
              items={floors.data?.items ?? []}
              renderEmptyState={() => (
                <div className="table-empty">{floors.isPending ? <span className="spinner" aria-label={t('common.loading')} /> : t('survey.noFloors')}</div>
              )}
            >
              {(floor) => (
                <Row id={floor.id} className="table-row">
                  <Cell className="table-cell cell-strong">{floor.name}</Cell>
                  <Cell className="table-cell align-end">{floor.level}</Cell>
                  <Cell className="table-cell align-end">{floor.floorplans}</Cell>
                  <Cell className="table-cell align-end">{floor.tracks}</Cell>
                  <Cell className="table-cell">
                    <DateText date={floor.updatedAt} />
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
