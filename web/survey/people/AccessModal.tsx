/**
 * "Why may Ana edit this project?": what one person of the project may do in it, each permission
 * allowed or not, and the way in for those allowed.
 */
import type { ProjectMember } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { personName } from '../../lib/person-name.js';
import { ProjectAccessView } from '../../ui/access/ProjectAccessView.js';
import { Modal } from '../../ui/Modal.js';
import { QueryError } from '../../ui/QueryError.js';
import { usePersonAccess } from './queries.js';

export function AccessModal({ projectId, projectName, person, onClose }: { projectId: string; projectName: string; person: ProjectMember; onClose: () => void }) {
  const { t } = useTranslation();
  const access = usePersonAccess(projectId, person.userId);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t('access.title', { name: personName(person), project: projectName })} size="2XL">
      <p className="access-intro">{t('access.intro')}</p>
      {access.isError && <QueryError error={access.error} onRetry={() => void access.refetch()} />}
      {access.isPending && <div className="spinner" aria-label={t('common.loading')} />}
      {access.data && <ProjectAccessView access={access.data} />}
    </Modal>
  );
}
