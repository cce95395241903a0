/**
 * What may be done to a project from its page, as the caller's rights allow: open its statistics,
 * people and contacts, download its PDF report, share it read-only by link, edit its details, halt
 * or resume it, delete it (typing its name, since the survey goes with it).
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import type { Project } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { persistentStorage } from '../../lib/persistent-storage.js';
import { projectsPath } from '../../shell/org-path.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { AppLink } from '../../ui/AppLink.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { toastStore } from '../../ui/toast-store.js';
import { ProjectFormModal } from '../project-form/ProjectFormModal.js';
import { useDeleteProject, useUpdateProject } from '../project-form/queries.js';
import { useProjectFloors } from './queries.js';

// Dialogs load when opened, not with every project page: the share dialog's date picker and
// calendar are heavy, and the report's options are seldom needed.
const ReportModal = lazy(async () => ({ default: (await import('./ReportModal.js')).ReportModal }));
const ShareLinksModal = lazy(async () => ({ default: (await import('./ShareLinksModal.js')).ShareLinksModal }));

export function ProjectActions({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { can } = usePermissions({ orgId: project.orgId, projectId: project.id });
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const floors = useProjectFloors(project.id);
  const update = useUpdateProject(project.id);
  const remove = useDeleteProject(project.id, project.orgId);
  const confirm = useConfirm();

  async function deleteProject() {
    const sure = await confirm({
      title: t('survey.projectForm.deleteTitle', { name: project.name }),
      message: t('survey.projectForm.deleteText'),
      typedConfirmation: project.name,
      confirmLabel: t('survey.projectForm.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync();
      persistentStorage.removeRecentProject(project.id);
      toastStore.show(t('survey.projectForm.deletedToast', { name: project.name }), 'success');
      goTo(projectsPath(project.orgId));
    } catch {
      toastStore.show(t('survey.projectForm.deleteFailed'), 'error');
    }
  }

  const halted = project.status === 'halted';
  return (
    <>
      <AppLink className="button button-secondary" href={`/projects/${project.id}/statistics`}>
        {t('survey.statistics.title')}
      </AppLink>
      {can(['project:users:read', 'project:users:manage']) && (
        <AppLink className="button button-secondary" href={`/projects/${project.id}/people`}>
          {t('survey.people.title')}
        </AppLink>
      )}
      <AppLink className="button button-secondary" href={`/projects/${project.id}/contacts`}>
        {t('survey.contacts.title')}
      </AppLink>
      <Button className="button button-secondary" onPress={() => setReporting(true)}>
        {t('survey.report.open')}
      </Button>
      {can('project:shares:manage') && (
        <Button className="button button-secondary" onPress={() => setSharing(true)}>
          {t('survey.shares.button')}
        </Button>
      )}
      {can('project:update') && (
        <>
          <Button className="button button-secondary" onPress={() => setEditing(true)}>
            {t('survey.projectForm.edit')}
          </Button>
          <Button className="button button-secondary" isPending={update.isPending} onPress={() => update.mutate({ status: halted ? 'running' : 'halted' })}>
            {halted ? t('survey.projectForm.resume') : t('survey.projectForm.halt')}
          </Button>
        </>
      )}
      {can('project:delete') && (
        <Button className="button button-danger" onPress={() => void deleteProject()}>
          {t('survey.projectForm.delete')}
        </Button>
      )}
      {reporting && (
        <Suspense>
          <ReportModal project={project} onClose={() => setReporting(false)} />
        </Suspense>
      )}
      {sharing && (
        <Suspense>
          <ShareLinksModal projectId={project.id} floors={floors.data?.items ?? []} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      {editing && <ProjectFormModal orgId={project.orgId} project={project} onClose={() => setEditing(false)} />}
    </>
  );
}
