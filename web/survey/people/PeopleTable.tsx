/**
 * The project's people with their roles. A manager changes a role in place and removes someone
 * after confirming; the API keeps at least one manager, and its refusal is said as a sentence.
 * Anyone who sees the list may open a person's access: what they may do here, and why.
 */
import { useState } from 'react';
import type { ProjectMember, ProjectRole } from '../../lib/api-types.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { personName } from '../../lib/person-name.js';
import { useSession } from '../../session/use-session.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { RoleSelect } from '../../ui/RoleSelect.js';
import { toastStore } from '../../ui/toast-store.js';
import { AccessModal } from './AccessModal.js';
import { PROJECT_ROLES, useChangePersonRole, useProjectPeople, useRemovePerson } from './queries.js';

type PersonRow = ProjectMember & { id: string };

export function PeopleTable({ projectId, projectName, mayManage }: { projectId: string; projectName: string; mayManage: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const confirm = useConfirm();
  const [params, setParams] = useListParams<'name'>({ sort: 'name', sorts: ['name'] });
  const query = useProjectPeople(projectId, { page: params.page, perPage: params.perPage });
  const changeRole = useChangePersonRole(projectId);
  const remove = useRemovePerson(projectId);
  const myId = session.data?.identity.id;
  const roleName = (role: ProjectRole) => t(`survey.people.roles.${role}`);
  const [explained, setExplained] = useState<ProjectMember | null>(null);

  /** The API's refusals, in the reader's language. */
  function refusal(error: unknown): string {
    const { status } = apiFailureOf(error);
    if (status === 409) return t('survey.people.lastManager');
    if (status === 403) return t('admin.form.forbidden');
    if (status === 404) return t('admin.form.gone');
    return t('admin.form.failed');
  }

  async function setRole(person: ProjectMember, role: ProjectRole) {
    try {
      await changeRole.mutateAsync({ userId: person.userId, role });
      toastStore.show(t('admin.members.roleChanged', { name: personName(person), role: roleName(role) }), 'success');
    } catch (error) {
      toastStore.show(refusal(error), 'error');
    }
  }

  async function removePerson(person: ProjectMember) {
    const name = personName(person);
    const sure = await confirm({
      title: t('survey.people.removeTitle', { name }),
      message: t('survey.people.removeText', { name }),
      confirmLabel: t('admin.members.remove'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(person.userId);
      toastStore.show(t('survey.people.removed', { name }), 'success');
    } catch (error) {
      toastStore.show(refusal(error), 'error');
    }
  }

  const columns: DataColumn<PersonRow, 'name'>[] = [
    {
      id: 'name',
      header: t('admin.members.name'),
      isRowHeader: true,
      cell: (p) => (
        <span className="person-cell">
          <span className="person">
            <span className="cell-strong">{personName(p)}</span>
            {p.userId === myId && <span className="status-badge">{t('admin.members.you')}</span>}
          </span>
          {personName(p) !== p.email && (
            <a className="person-email" href={`mailto:${p.email}`}>
              {p.email}
            </a>
          )}
        </span>
      ),
    },
    {
      id: 'role',
      header: t('admin.members.role'),
      cell: (p) =>
        mayManage ? (
          <RoleSelect
            label={t('admin.members.roleOf', { name: personName(p) })}
            value={p.role}
            roles={PROJECT_ROLES}
            roleName={roleName}
            onChange={(role) => void setRole(p, role)}
            isDisabled={changeRole.isPending}
          />
        ) : (
          roleName(p.role)
        ),
    },
    {
      id: 'added',
      header: t('survey.people.added'),
      cell: (p) => (
        <span className="person-added">
          <DateText date={p.createdAt} />
        </span>
      ),
    },
  ];
  columns.push({
    id: 'actions',
    header: t('admin.members.actions'),
    align: 'end',
    cell: (p) => (
      <span className="people-actions">
        <button type="button" className="button button-small button-secondary" aria-label={t('access.actionOf', { name: personName(p) })} onClick={() => setExplained(p)}>
          {t('access.action')}
        </button>
        {mayManage && (
          <button
            type="button"
            className="button button-small button-secondary"
            aria-label={t('survey.people.removeNamed', { name: personName(p) })}
            onClick={() => void removePerson(p)}
          >
            {t('admin.members.remove')}
          </button>
        )}
      </span>
    ),
  });

  return (
    <div className="people-table">
      <DataTable label={t('survey.people.title')} columns={columns} query={query} params={params} onParamsChange={setParams} empty={t('survey.people.empty')} />
      {explained && <AccessModal projectId={projectId} projectName={projectName} person={explained} onClose={() => setExplained(null)} />}
    </div>
  );
}
