/**
 * A person's or a device's own recent events, on their page: what they did and what was done to
 * them, newest first, with the way to the whole audit log filtered on them. Shown to those who
 * may read the log in that scope.
 */
import { useTranslation } from '../../lib/i18n.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { AppLink } from '../../ui/AppLink.js';
import { QueryError } from '../../ui/QueryError.js';
import { AuditEventTable } from './AuditLogPage.js';
import { useAuditEvents, type AuditScope } from './queries.js';
import '../admin.css';
import './audit.css';

const RECENT = 10;

export function AuditEventsPanel({ scope, subject, permissionOrgId }: { scope: AuditScope; subject: string; permissionOrgId: string | null }) {
  const permissions = usePermissions({ orgId: permissionOrgId });
  const allowed = permissions.can(scope.kind === 'global' ? 'admin:audit' : 'org:audit:read');
  if (permissions.isPending || !allowed) return null;
  return <RecentEvents scope={scope} subject={subject} />;
}

function RecentEvents({ scope, subject }: { scope: AuditScope; subject: string }) {
  const { t } = useTranslation();
  const events = useAuditEvents(scope, { subject }, RECENT);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const logPath = `${scope.kind === 'global' ? '/admin/audit' : `/admin/orgs/${encodeURIComponent(scope.orgId)}/audit`}?subject=${encodeURIComponent(subject)}`;
  return (
    <section className="panel panel-wide" aria-labelledby="audit-recent">
      <h2 id="audit-recent" className="panel-title">
        {t('audit.recent')}
      </h2>
      {events.isError && <QueryError error={events.error} onRetry={() => void events.refetch()} />}
      {events.isPending && <div className="spinner" />}
      {events.isSuccess && items.length === 0 && <p className="panel-text">{t('audit.recentEmpty')}</p>}
      {items.length > 0 && <AuditEventTable scope={scope} events={items} caption={t('audit.recent')} compact />}
      <p className="panel-text">
        <AppLink className="link" href={logPath}>
          {t('audit.openLog')}
        </AppLink>
      </p>
    </section>
  );
}
