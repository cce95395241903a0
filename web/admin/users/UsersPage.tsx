/**
 * `/admin/users` (global administrators): every user with query, role and state filters; each row
 * opens the user's page. New users are created here (the identity service holds their account).
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { CreateUserModal } from './CreateUserModal.js';
import { GLOBAL_ROLES, USER_STATES, useUsers } from './queries.js';
import { userPath } from './user-path.js';
import { UserStateBadge } from './UserStateBadge.js';

export const userName = (u: Pick<User, 'firstName' | 'lastName' | 'email'>) => `${u.firstName} ${u.lastName}`.trim() || u.email;

export function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useListParams<'name'>({ sort: 'name', sorts: ['name'], filters: { role: '', state: '' } });
  const globalRole = GLOBAL_ROLES.find((r) => r === params.filters.role) ?? '';
  const state = USER_STATES.find((s) => s === params.filters.state) ?? '';
  const query = useUsers({ q: params.q, globalRole, state, page: params.page, perPage: params.perPage });
  const [creating, setCreating] = useState(false);

  const columns: DataColumn<User, 'name'>[] = [
    { id: 'name', header: t('admin.members.name'), isRowHeader: true, cell: (u) => <span className="cell-strong">{userName(u)}</span> },
    { id: 'email', header: t('admin.members.email'), cell: (u) => u.email },
    { id: 'role', header: t('admin.users.globalRole'), cell: (u) => t(`admin.users.roles.${u.globalRole}`) },
    { id: 'state', header: t('admin.users.state'), cell: (u) => <UserStateBadge state={u.state} /> },
    { id: 'created', header: t('admin.allOrgs.created'), cell: (u) => <DateText date={u.createdAt} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.users.title')}
        actions={
          <Button className="button button-primary" onPress={() => setCreating(true)}>
            {t('admin.users.create')}
          </Button>
        }
      />
      {creating && <CreateUserModal onClose={() => setCreating(false)} />}
      <div className="list-toolbar">
        <ListSearch label={t('admin.members.search')} value={params.q} onChange={(q) => setParams({ q })} />
        <FilterSelect
          label={t('admin.users.globalRole')}
          value={globalRole}
          options={[{ value: '' as const, label: t('shell.all') }, ...GLOBAL_ROLES.map((value) => ({ value, label: t(`admin.users.roles.${value}`) }))]}
          onChange={(value) => setParams({ filters: { role: value } })}
        />
        <FilterSelect
          label={t('admin.users.state')}
          value={state}
          options={[{ value: '' as const, label: t('shell.all') }, ...USER_STATES.map((value) => ({ value, label: t(`admin.users.states.${value}`) }))]}
          onChange={(value) => setParams({ filters: { state: value } })}
        />
      </div>
      <DataTable
        label={t('admin.users.title')}
        columns={columns}
        query={query}
        params={params}
        onParamsChange={setParams}
        rowHref={(user) => userPath(user.id)}
        empty={params.q || globalRole || state ? t('shell.noMatches') : t('admin.users.empty')}
      />
    </>
  );
}
