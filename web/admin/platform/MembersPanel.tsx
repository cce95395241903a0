/**
 * The project's members: the installation's global administrators, with their name, address and
 * role. Removing one asks first; the API keeps the last administrator, and says so.
 */
import { StackedTable } from '../../ui/StackedTable.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import { useSession } from '../../session/use-session.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import type { PlatformMember } from './platform-types.js';
import { useMembers, useRemoveMember } from './queries.js';
import '../../ui/data-table.css';
import { EmptyTableRow } from '../../ui/EmptyTableRow.js';

export function MembersPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const session = useSession();
  const members = useMembers(projectId);
  const remove = useRemoveMember(projectId);
  const myId = session.data?.identity.id;
  const items = members.data ?? [];

  async function removeMember(member: PlatformMember) {
    const name = member.name || member.email;
    const self = member.id === myId;
    const sure = await confirm({
      title: t('platformAdmin.members.removeTitle', { name }),
      message: self ? t('platformAdmin.members.removeSelfText') : t('platformAdmin.members.removeText', { name }),
      confirmLabel: t('platformAdmin.members.remove'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(member.id);
      toastStore.show(t('platformAdmin.members.removed', { name }), 'success');
    } catch (error) {
      const { status } = apiFailureOf(error);
      if (status === 409) toastStore.show(t('platformAdmin.members.lastAdministrator'), 'error');
      else if (status === 404) toastStore.show(t('platformAdmin.members.gone', { name }), 'info');
      else toastStore.show(t('platformAdmin.members.removeFailed'), 'error');
    }
  }

  return (
    <section className="panel" aria-labelledby="platform-members-title">
      <h2 id="platform-members-title" className="panel-title">
        {t('platformAdmin.members.title')}
      </h2>
      <p className="panel-text">{t('platformAdmin.members.text')}</p>
      {members.isError && !members.data ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <div className="data-table">
          <StackedTable
            labelledBy="platform-members-title"
            columns={[
              { label: t('platformAdmin.members.name') },
              { label: t('platformAdmin.members.email') },
              { label: t('platformAdmin.members.role') },
              { label: t('admin.members.actions'), align: 'end' },
            ]}
            busy={members.isFetching}
          >
            {items.map((member) => (
              <tr key={member.id} className="table-row" role="row">
                <th scope="row" role="rowheader">
                  <span className="person">
                    <span className="cell-strong">{member.name || member.email}</span>
                    {member.id === myId && <span className="status-badge">{t('admin.members.you')}</span>}
                  </span>
                </th>
                <td role="cell" data-label={t('platformAdmin.members.email')}>
                  <span className="person">
                    {member.email}
                    {!member.email_verified && (
                      <span className="status-badge" data-tone="warn">
                        {t('platformAdmin.members.unverified')}
                      </span>
                    )}
                  </span>
                </td>
                <td role="cell" data-label={t('platformAdmin.members.role')}>
                  {t(`platformAdmin.members.roles.${member.role}`, { defaultValue: member.role })}
                </td>
                <td role="cell" className="align-end row-actions">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={t('platformAdmin.members.removeOf', { name: member.name || member.email })}
                    onClick={() => void removeMember(member)}
                  >
                    {t('platformAdmin.members.remove')}
                  </button>
                </td>
              </tr>
            ))}
            {items.length === 0 && (
              <EmptyTableRow columns={4} loading={members.isPending}>
                {t('platformAdmin.members.none')}
              </EmptyTableRow>
            )}
          </StackedTable>
        </div>
      )}
    </section>
  );
}
