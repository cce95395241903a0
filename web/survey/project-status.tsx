/** A project's state as a coloured word. */
import type { ProjectStatus } from '../lib/api-types.js';
import { useTranslation } from '../lib/i18n.js';

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation();
  return (
    <span className="status-badge" data-tone={status === 'running' ? 'good' : 'warn'}>
      {t(`survey.statuses.${status}`)}
    </span>
  );
}
