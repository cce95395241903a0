/**
 * `/admin/platform/permissions`: the permission service of the identity platform — the project's
 * permission model beside sitewave's own, read-only, with the namespaces in effect; the
 * relationships stored; and two ways to ask the service (a check, an expand tree). Everything
 * goes through the gateway's `/.ory` paths with the administrator's session.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { PRODUCT_NAMESPACES, PRODUCT_PERMISSION_MODEL } from '../../../../shared/permission-model.js';
import { useTranslation } from '../../../lib/i18n.js';
import { QueryError } from '../../../ui/QueryError.js';
import type { PlatformProject } from '../platform-types.js';
import { CheckPanel } from './CheckPanel.js';
import { CodeEditor } from './CodeEditor.js';
import { ExpandPanel } from './ExpandPanel.js';
import { ModelEditor } from './ModelEditor.js';
import { useNamespaces } from './queries.js';
import { RelationshipsPanel } from './RelationshipsPanel.js';
import './permissions.css';

const BUILT_IN: ReadonlySet<string> = new Set(PRODUCT_NAMESPACES);

export function PermissionsTab({ query }: { query: UseQueryResult<PlatformProject> }) {
  const { t } = useTranslation();
  const namespaces = useNamespaces();
  const project = query.data;
  if (!project) return query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : <div className="shell-loading spinner" />;
  const names = namespaces.data ?? [];
  return (
    <div className="permission-screens">
      <div className="model-layout">
        <ModelEditor project={project} onReload={() => query.refetch()} />
        <section className="panel built-in-panel" aria-labelledby="platform-built-in-title">
          <h2 id="platform-built-in-title" className="panel-title">
            {t('platformAdmin.model.builtInTitle')}
          </h2>
          <p className="panel-text">{t('platformAdmin.model.builtInText', { names: PRODUCT_NAMESPACES.join(', ') })}</p>
          <CodeEditor label={t('platformAdmin.model.builtInLabel')} value={PRODUCT_PERMISSION_MODEL} isReadOnly rows={14} />
        </section>
      </div>
      <section className="panel namespaces-panel" aria-labelledby="platform-namespaces-title">
        <h2 id="platform-namespaces-title" className="panel-title">
          {t('platformAdmin.model.inEffect')}
        </h2>
        <p className="panel-text">{t('platformAdmin.model.inEffectText')}</p>
        {namespaces.isError && !namespaces.data ? (
          <QueryError error={namespaces.error} onRetry={() => void namespaces.refetch()} />
        ) : (
          <ul className="namespace-list">
            {names.map((name) => (
              <li key={name} data-built-in={BUILT_IN.has(name) || undefined}>
                <code>{name}</code>
                {BUILT_IN.has(name) && <span className="namespace-origin">{t('platformAdmin.model.builtIn')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <RelationshipsPanel namespaces={names} />
      <CheckPanel namespaces={names} />
      <ExpandPanel namespaces={names} />
    </div>
  );
}
