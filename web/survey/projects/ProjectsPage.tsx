/**
 * `/orgs/:orgId/projects`: the organisation's projects, the caller's own first (the tab is
 * remembered as `projectTab`), searchable, filterable by status and sortable, all in the address.
 */
import type { Project } from '../../lib/api-types.js';
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { persistentStorage, usePersistentStorage } from '../../lib/persistent-storage.js';
import { useOrgName } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { AppLink } from '../../ui/AppLink.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { TabBar } from '../../ui/TabBar.js';
import { ProjectStatusBadge } from '../project-status.js';
import { PROJECT_SORTS, useProjects, type ProjectSort } from './queries.js';

// The new-project dialog (and the modal and form fields under it) loads when it is opened.
const ProjectFormModal = lazy(async () => ({ default: (await import('../project-form/ProjectFormModal.js')).ProjectFormModal }));

const TABS = ['MyProjects', 'AllProjects'] as const;
const STATUSES = ['', 'running', 'halted'] as const;

export function ProjectsPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const { projectTab, recentProjects } = usePersistentStorage();
  const [creating, setCreating] = useState(false);
  const { can } = usePermissions({ orgId });
  // Stored entries are free-form (spec: persistent storage); only those with a name for this organisation are shown.
  const recent = recentProjects.flatMap((p) => (p.orgId === orgId && typeof p.name === 'string' ? [{ id: p.id, name: p.name }] : []));
  const tab = projectTab === 'AllProjects' ? 'AllProjects' : 'MyProjects';
  const [params, setParams] = useListParams<ProjectSort>({ sort: 'updated', sorts: PROJECT_SORTS, filters: { status: '' } });
  const status = STATUSES.find((s) => s === params.filters.status) ?? '';
  const query = useProjects(orgId, { q: params.q, status, mine: tab === 'MyProjects', sort: params.sort, page: params.page, perPage: params.perPage });
  const orgName = useOrgName(orgId, t('shell.organization'));

  const columns: DataColumn<Project, ProjectSort>[] = [
    { id: 'name', header: t('survey.projectName'), isRowHeader: true, sort: { value: 'name', direction: 'ascending' }, cell: (p) => <span className="cell-strong">{p.name}</span> },
    { id: 'customer', header: t('survey.customer'), cell: (p) => p.customer || '—' },
    { id: 'status', header: t('survey.status'), cell: (p) => <ProjectStatusBadge status={p.status} /> },
    { id: 'updated', header: t('survey.updated'), sort: { value: 'updated', direction: 'descending' }, cell: (p) => <DateText date={p.updatedAt} /> },
    { id: 'created', header: t('survey.created'), sort: { value: 'created', direction: 'descending' }, cell: (p) => <DateText date={p.createdAt} /> },
  ];

  const filtered = params.q !== '' || status !== '';
  return (
    <>
      <PageHeader
        title={t('survey.projectsTitle')}
        crumbs={[{ label: orgName }]}
        actions={
          can('org:projects:create') && (
            <Button className="button button-primary" onPress={() => setCreating(true)}>
              {t('survey.projectForm.createTitle')}
            </Button>
          )
        }
      />
      {recent.length > 0 && (
        <nav className="recent-projects" aria-label={t('survey.recentProjects')}>
          <span className="recent-projects-label">{t('survey.recentProjects')}</span>
          {recent.map((p) => (
            <AppLink key={p.id} className="recent-project" href={`/projects/${p.id}`}>
              {p.name}
            </AppLink>
          ))}
        </nav>
      )}
      <TabBar
        label={t('survey.projectsTitle')}
        tabs={TABS.map((id) => ({ id, label: t(`survey.tabs.${id}`) }))}
        selected={tab}
        onSelect={(id) => {
          persistentStorage.setProjectTab(id);
          setParams({ page: 1 });
        }}
      >
        <div className="list-toolbar">
          <ListSearch label={t('survey.searchProjects')} value={params.q} onChange={(q) => setParams({ q })} />
          <FilterSelect
            label={t('survey.status')}
            value={status}
            options={STATUSES.map((value) => ({ value, label: value ? t(`survey.statuses.${value}`) : t('shell.all') }))}
            onChange={(value) => setParams({ filters: { status: value } })}
          />
        </div>
        <DataTable
          label={t('survey.projectsTitle')}
          columns={columns}
          query={query}
          params={params}
          onParamsChange={setParams}
          rowHref={(p) => `/projects/${p.id}`}
          empty={filtered ? t('shell.noMatches') : tab === 'MyProjects' ? t('survey.noOwnProjects') : t('survey.noProjects')}
        />
      </TabBar>
      {creating && (
        <Suspense>
          <ProjectFormModal orgId={orgId} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
