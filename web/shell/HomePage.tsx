/**
 * `/` (and `/projects`): straight on to the selected organisation's projects. Someone who belongs to no
 * organisation yet is told how to get into one instead of seeing an empty list.
 */
import { useEffect } from 'react';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { goTo } from '../lib/navigate.js';
import { QueryError } from '../ui/QueryError.js';
import type { CurrentOrganization } from './current-org.js';
import { projectsPath } from './org-path.js';

export function HomePage({ current }: { current: CurrentOrganization }) {
  const { t } = useTranslation();
  const target = current.org ? projectsPath(current.org.id) : null;
  useDocumentTitle([t('shell.noOrganizationTitle')]);
  useEffect(() => {
    if (target) goTo(target, { replace: true });
  }, [target]);
  if (current.error) return <QueryError error={current.error} />;
  if (current.isPending || target) return <div className="shell-loading spinner" />;
  return (
    <section className="empty-state">
      <h1 className="page-title">{t('shell.noOrganizationTitle')}</h1>
      <p>{t('shell.noOrganizationText')}</p>
    </section>
  );
}
