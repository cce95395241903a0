/**
 * `/projects/:projectId/people`: who works on the project and as what. Managers (of the project,
 * or owners and administrators of its organisation) add people from the organisation, change
 * their roles and remove them; anyone who may read the list sees it; others are told they may not.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { projectsPath } from '../../shell/org-path.js';
import { RequirePermission } from '../../shell/RequirePermission.js';
import { useOrgName } from '../../shell/shell-context.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { NotFoundPage } from '../../ui/NotFoundPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { errorStatus, QueryError } from '../../ui/QueryError.js';
import { useProject } from '../project-overview/queries.js';
import { AddPersonModal } from './AddPersonModal.js';
import { PeopleTable } from './PeopleTable.js';

/** The texts of the access explanation this page shows, fetched with its code (routes.tsx awaits them). */
export { loadAccessTexts } from '../../ui/access/texts.js';

export function PeoplePage({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const project = useProject(projectId);
  const orgId = project.data?.orgId ?? '';
  const orgName = useOrgName(orgId, t('shell.organization'));
  const { can } = usePermissions({ orgId: orgId || null, projectId });
  const mayManage = can('project:users:manage');
  const [adding, setAdding] = useState(false);

  if (errorStatus(project.error) === 404) return <NotFoundPage />;
  if (project.isError) return <QueryError error={project.error} onRetry={() => void project.refetch()} />;
  if (!project.data) return <div className="shell-loading spinner" aria-label={t('common.loading')} />;

  return (
    <>
      <PageHeader
        title={t('survey.people.title')}
        crumbs={[{ label: orgName, href: projectsPath(orgId) }, { label: project.data.name, href: `/projects/${projectId}` }, { label: t('survey.people.title') }]}
        actions={
          mayManage && (
            <Button className="button button-primary" onPress={() => setAdding(true)}>
              {t('survey.people.add')}
            </Button>
          )
        }
      />
      <RequirePermission orgId={orgId} projectId={projectId} ids={['project:users:read', 'project:users:manage']}>
        <p className="page-intro">{t('survey.people.intro')}</p>
        <PeopleTable projectId={projectId} projectName={project.data.name} mayManage={mayManage} />
      </RequirePermission>
      {adding && <AddPersonModal projectId={projectId} orgId={orgId} onClose={() => setAdding(false)} />}
    </>
  );
}
