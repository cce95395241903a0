/**
 * The whole project as JSON, read-only and folded away until asked for, with a copy button:
 * for comparing installations or filing a question. Client secrets are replaced by dots.
 */
import { useTranslation } from '../../lib/i18n.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { withoutSecrets } from './config-patch.js';
import type { PlatformProject } from './platform-types.js';

export function ConfigJson({ project }: { project: PlatformProject }) {
  const { t } = useTranslation();
  const { name, services, cors_admin, cors_public } = project;
  const json = JSON.stringify(withoutSecrets({ name, services, cors_admin, cors_public }), null, 2);
  return (
    <details className="panel config-json">
      <summary className="config-json-summary">{t('platformAdmin.json.title')}</summary>
      <div className="config-json-body">
        <div className="panel-row">
          <p className="panel-text">{t('platformAdmin.json.text', { revision: project.revision_id })}</p>
          <CopyButton value={json} label={t('platformAdmin.json.copy')} className="button button-secondary button-small" />
        </div>
        <pre className="config-json-text" tabIndex={0} aria-label={t('platformAdmin.json.title')}>
          {json}
        </pre>
      </div>
    </details>
  );
}
