/**
 * `/projects/:projectId`: what a project is (customer, address, state), how far its survey has
 * got (floors, plans, tracks, samples, coverage per technology) and its floors. Opening it puts
 * it first among the recent projects.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { persistentStorage } from '../../lib/persistent-storage.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { NotFoundPage } from '../../ui/NotFoundPage.js';
import { errorStatus, QueryError } from '../../ui/QueryError.js';
import { ProjectStatusBadge } from '../project-status.js';
import { FloorList } from './FloorList.js';
import { ProjectActions } from './ProjectActions.js';
import { ProjectFigures } from './ProjectFigures.js';
import { RequirementsPanel } from './RequirementsPanel.js';
import { useProject, useProjectStats } from './queries.js';

export function ProjectOverviewPage({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const project = useProject(projectId);
  const stats = useProjectStats(projectId);
  const orgId = project.data?.orgId ?? '';
  const orgName = useOrgName(orgId, t('shell.organization'));

  useEffect(() => {
    if (project.data) persistentStorage.addRecentProject({ id: project.data.id, name: project.data.name, orgId: project.data.orgId });
  }, [project.data]);

  if (errorStatus(project.error) === 404) return <NotFoundPage />;
  if (project.isError) return <QueryError error={project.error} onRetry={() => void project.refetch()} />;
  if (!project.data) return <div className="shell-loading spinner" aria-label={t('common.loading')} />;

  const { data } = project;
  const subtitle = [data.customer, data.address].filter(Boolean).join(' · ');
  return (
    <>
      <PageHeader
        title={data.name}
        crumbs={[{ label: orgName, href: projectsPath(data.orgId) }, { label: data.name }]}
        subtitle={subtitle || undefined}
        actions={
          <>
            <ProjectStatusBadge status={data.status} />
            <ProjectActions project={data} />
          </>
        }
      />
      {data.description && <p className="project-description">{data.description}</p>}
      <ProjectFigures projectId={projectId} />
      <FloorList projectId={projectId} orgId={data.orgId} />
      <RequirementsPanel
        projectId={projectId}
        orgId={data.orgId}
        technologies={[...(stats.data?.coverage ?? [])].sort((a, b) => b.surveyedAreaM2 - a.surveyedAreaM2).map((c) => c.technology)}
      />
    </>
  );
}
