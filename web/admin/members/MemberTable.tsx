/**
 * The members with their roles. A role is changed in place; the API keeps at least one owner and
 * lets only owners make or unmake owners, and its refusal is said as a sentence.
 */
import type { OrgMember, OrgRole } from '../../lib/api-types.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { personName } from '../../lib/person-name.js';
import { useSession } from '../../session/use-session.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { toastStore } from '../../ui/toast-store.js';
import { RoleSelect } from '../../ui/RoleSelect.js';
import { ORG_ROLES, useChangeRole, useMembers, useRemoveMember } from './queries.js';

type MemberRow = OrgMember & { id: string };

export function MemberTable({ orgId, mayManage }: { orgId: string; mayManage: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const confirm = useConfirm();
  const [params, setParams] = useListParams<'name'>({ sort: 'name', sorts: ['name'], filters: { role: '' } });
  const role = ORG_ROLES.find((r) => r === params.filters.role) ?? '';
  const query = useMembers(orgId, { q: params.q, role, page: params.page, perPage: params.perPage });
  const changeRole = useChangeRole(orgId);
  const remove = useRemoveMember(orgId);
  const myId = session.data?.identity.id;

  /** The API's refusals, in the reader's language. */
  function refusal(error: unknown): string {
    const { status, reason } = apiFailureOf(error);
    if (status === 409) return t('admin.members.lastOwner');
    if (status === 403 && reason?.includes('owner')) return t('admin.members.onlyOwners');
    if (status === 403) return t('admin.form.forbidden');
    return t('admin.form.failed');
  }

  async function setRole(member: OrgMember, next: OrgRole) {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role: next });
      toastStore.show(t('admin.members.roleChanged', { name: personName(member), role: t(`shell.roles.${next}`) }), 'success');
    } catch (error) {
      toastStore.show(refusal(error), 'error');
    }
  }

  async function removeMember(member: OrgMember) {
    const name = personName(member);
    const self = member.userId === myId;
    const sure = await confirm({
      title: self ? t('admin.members.leaveTitle') : t('admin.members.removeTitle', { name }),
      message: self ? t('admin.members.leaveText') : t('admin.members.removeText', { name }),
      confirmLabel: self ? t('admin.members.leave') : t('admin.members.remove'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(member.userId);
      toastStore.show(t('admin.members.removed', { name }), 'success');
    } catch (error) {
      toastStore.show(refusal(error), 'error');
    }
  }

  const columns: DataColumn<MemberRow, 'name'>[] = [
    {
      id: 'name',
      header: t('admin.members.name'),
      isRowHeader: true,
      cell: (m) => (
        <span className="person">
          <span className="cell-strong">{personName(m)}</span>
          {m.userId === myId && <span className="status-badge">{t('admin.members.you')}</span>}
        </span>
      ),
    },
    { id: 'email', header: t('admin.members.email'), cell: (m) => m.email },
    {
      id: 'role',
      header: t('admin.members.role'),
      cell: (m) =>
        mayManage ? (
          <RoleSelect
            label={t('admin.members.roleOf', { name: personName(m) })}
            value={m.role}
            roles={ORG_ROLES}
            roleName={(r) => t(`shell.roles.${r}`)}
            onChange={(next) => void setRole(m, next)}
            isDisabled={changeRole.isPending}
          />
        ) : (
          t(`shell.roles.${m.role}`)
        ),
    },
    { id: 'joined', header: t('admin.members.joined'), cell: (m) => <DateText date={m.joinedAt} /> },
  ];
  if (mayManage) {
    columns.push({
      id: 'actions',
      header: t('admin.members.actions'),
      align: 'end',
      cell: (m) => (
        <button type="button" className="button button-small button-secondary" onClick={() => void removeMember(m)}>
          {m.userId === myId ? t('admin.members.leave') : t('admin.members.remove')}
        </button>
      ),
    });
  }

  return (
    <>
      <div className="list-toolbar">
        <ListSearch label={t('admin.members.search')} value={params.q} onChange={(q) => setParams({ q })} />
        <FilterSelect
          label={t('admin.members.role')}
          value={role}
          options={[{ value: '' as const, label: t('shell.all') }, ...ORG_ROLES.map((value) => ({ value, label: t(`shell.roles.${value}`) }))]}
          onChange={(value) => setParams({ filters: { role: value } })}
        />
      </div>
      <DataTable
        label={t('admin.members.tabs.members')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        empty={params.q || role ? t('shell.noMatches') : t('admin.members.empty')}
      />
    </>
  );
}
