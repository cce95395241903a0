/** The project's floors by level, with how many plans and walks each holds; adding, renaming, moving to another level and deleting them as rights allow. */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { AppLink } from '../../ui/AppLink.js';
import { DateText } from '../../ui/DateText.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { FloorFormModal } from '../project-form/FloorFormModal.js';
import { useDeleteFloor } from '../project-form/queries.js';
import { useProjectFloors } from './queries.js';

export function FloorList({ projectId, orgId }: { projectId: string; orgId: string }) {
  const { t } = useTranslation();
  const floors = useProjectFloors(projectId);
  const items = floors.data?.items ?? [];
  const { can } = usePermissions({ orgId, projectId });
  const mayWrite = can('project:survey:write');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ id: string; name: string; level: number } | null>(null);
  const remove = useDeleteFloor(projectId);
  const confirm = useConfirm();

  async function deleteFloor(floor: { id: string; name: string }) {
    const sure = await confirm({
      title: t('survey.floorForm.deleteTitle', { name: floor.name }),
      message: t('survey.floorForm.deleteText'),
      confirmLabel: t('survey.floorForm.delete'),
      destructive: true,
    });
    if (!sure) return;
    remove.mutate(floor.id, { onError: () => toastStore.show(t('survey.floorForm.deleteFailed'), 'error') });
  }

  return (
    <section aria-labelledby="floors-title" className="floor-list">
      <div className="section-head">
        <h2 id="floors-title" className="section-title">
          {t('survey.floors')}
        </h2>
        {mayWrite && (
          <Button className="button button-secondary" onPress={() => setAdding(true)}>
            {t('survey.floorForm.title')}
          </Button>
        )}
      </div>
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
                {mayWrite && (
                  <th scope="col">
                    <span className="visually-hidden">{t('survey.floorForm.actions')}</span>
                  </th>
                )}
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
                  {mayWrite && (
                    <td className="row-actions">
                      <Button className="link-button" aria-label={t('survey.floorForm.editNamed', { name: floor.name })} onPress={() => setEditing(floor)}>
                        {t('survey.floorForm.edit')}
                      </Button>
                      <Button className="link-button" aria-label={t('survey.floorForm.deleteNamed', { name: floor.name })} onPress={() => void deleteFloor(floor)}>
                        {t('survey.floorForm.delete')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
              {items.length === 0 && (
                <tr>
                  <td colSpan={mayWrite ? 6 : 5} className="table-empty">
                    {floors.isPending ? <span className="spinner" role="status" aria-label={t('common.loading')} /> : t('survey.noFloors')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {editing && <FloorFormModal projectId={projectId} floor={editing} nextLevel={editing.level} onClose={() => setEditing(null)} />}
      {adding && <FloorFormModal projectId={projectId} nextLevel={items.length ? Math.max(...items.map((f) => f.level)) + 1 : 0} onClose={() => setAdding(false)} />}
    </section>
  );
}
