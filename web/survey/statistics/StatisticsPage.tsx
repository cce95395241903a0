/**
 * `/projects/:projectId/statistics`: what the project's walks heard (StatisticsSections.tsx),
 * under the project's header.
 */
import { useTranslation } from '../../lib/i18n.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { NotFoundPage } from '../../ui/NotFoundPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { errorStatus, QueryError } from '../../ui/QueryError.js';
import { useProject } from '../project-overview/queries.js';
import { StatisticsSections } from './StatisticsSections.js';

export function StatisticsPage({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const project = useProject(projectId);
  const orgName = useOrgName(project.data?.orgId ?? '', t('shell.organization'));

  if (errorStatus(project.error) === 404) return <NotFoundPage />;
  if (project.isError) return <QueryError error={project.error} onRetry={() => void project.refetch()} />;
  if (!project.data) return <div className="shell-loading spinner" aria-label={t('common.loading')} />;

  return (
    <>
      <PageHeader
        title={t('survey.statistics.title')}
        crumbs={[{ label: orgName, href: projectsPath(project.data.orgId) }, { label: project.data.name, href: `/projects/${projectId}` }, { label: t('survey.statistics.title') }]}
      />
      <StatisticsSections projectId={projectId} />
    </>
  );
}
