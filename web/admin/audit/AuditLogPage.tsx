/**
 * Administration › Audit log: who did what, when, from where. Global administrators see every
 * event (`/admin/audit`), an organisation's owners and admins theirs (`/admin/orgs/:orgId/audit`).
 * Global administrators choose whose trail: the API's, or an embedded service's (identity, OAuth2,
 * platform, permissions). Filters by actor, action group, target, outcome and a date range; newest first, older pages by
 * cursor; each event opens to its details; the filtered range exports as CSV or JSON lines; global
 * administrators can check the hash chain. Filters start from the address (`?subject=…`), so a
 * user's or a device's page can link here.
 */
import { getLocalTimeZone, type CalendarDate } from '@internationalized/date';
import { Fragment, useState } from 'react';
import { Button } from 'react-aria-components';
import { AUDIT_GROUPS, AUDIT_OUTCOMES, AUDIT_TRAILS, type AuditEvent, type AuditGroup, type AuditOutcome, type AuditTrail } from '../../../shared/audit-actions.js';
import { useTranslation } from '../../lib/i18n.js';
import { projectsPath } from '../../shell/org-path.js';
import { useOrgName } from '../../shell/shell-context.js';
import { AppLink } from '../../ui/AppLink.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { DateField } from '../../ui/form/DateField.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryError } from '../../ui/QueryError.js';
import { devicePath } from '../devices/device-path.js';
import { userPath } from '../users/user-path.js';
import { exportHref, useAuditEvents, useVerifyChain, type AuditFilters, type AuditScope } from './queries.js';
// The list toolbar's, the filters' and the status badges' looks, whichever screen was opened first.
import '../../ui/data-table.css';
import '../admin.css';
import './audit.css';

const TONE: Record<AuditOutcome, 'good' | 'warn' | 'bad'> = { success: 'good', failure: 'bad', denied: 'warn' };

/** Where an event's actor or target can be opened, when this reader has a page for it. */
export function auditLink(scope: AuditScope, kind: string, id: string | null, orgId: string | null): string | null {
  if (!id) return null;
  if ((kind === 'user' || kind === 'identity') && scope.kind === 'global') return userPath(id);
  if (kind === 'device' && orgId) return devicePath(orgId, id);
  if (kind === 'org') return `/admin/orgs/${encodeURIComponent(id)}/settings`;
  if (kind === 'project') return `/projects/${encodeURIComponent(id)}`;
  return null;
}

function initialFilters(): AuditFilters {
  const query = new URLSearchParams(globalThis.location?.search ?? '');
  const filters: AuditFilters = {};
  for (const key of ['actor', 'target', 'subject'] as const) {
    const value = query.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

const dayStart = (date: CalendarDate | null) => (date ? date.toDate(getLocalTimeZone()).toISOString() : undefined);
const dayAfter = (date: CalendarDate | null) => (date ? date.add({ days: 1 }).toDate(getLocalTimeZone()).toISOString() : undefined);

export function AuditEventRows({ scope, events, compact = false }: { scope: AuditScope; events: readonly AuditEvent[]; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (seq: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(seq)) next.delete(seq);
      else next.add(seq);
      return next;
    });
  const columns = compact ? 5 : 6;
  return (
    <>
      {events.map((e) => {
        const actorHref = auditLink(scope, e.actor.type, e.actor.id, e.orgId);
        const targetHref = e.target && auditLink(scope, e.target.type, e.target.id, e.orgId);
        const actorName = e.actor.name || e.actor.id || t(`audit.actorTypes.${e.actor.type}`);
        const expanded = open.has(e.seq);
        return (
          <Fragment key={e.seq}>
            <tr>
              <td className="audit-when">
                <DateText date={e.at} withTime />
              </td>
              <th scope="row" className="audit-action">
                <code>
                  {e.action.split('.').map((part, i) => (
                    <Fragment key={i}>
                      {i > 0 && (
                        <>
                          .<wbr />
                        </>
                      )}
                      {part}
                    </Fragment>
                  ))}
                </code>
                <span className="audit-meta">{t(`audit.groups.${e.group}`)}</span>
              </th>
              <td>
                {actorHref ? (
                  <AppLink className="link" href={actorHref}>
                    {actorName}
                  </AppLink>
                ) : (
                  <span>{actorName}</span>
                )}
                <span className="audit-meta">
                  {t(`audit.actorTypes.${e.actor.type}`)}
                  {e.actor.address ? ` · ${e.actor.address}` : ''}
                </span>
              </td>
              {!compact && (
                <td>
                  {e.target ? (
                    <>
                      {targetHref ? (
                        <AppLink className="link" href={targetHref}>
                          {e.target.name || e.target.id}
                        </AppLink>
                      ) : (
                        <span>{e.target.name || e.target.id || '—'}</span>
                      )}
                      <span className="audit-meta">{t(`audit.targetTypes.${e.target.type}`, { defaultValue: e.target.type })}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              )}
              <td>
                <span className="status-badge" data-tone={TONE[e.outcome]}>
                  {t(`audit.outcomes.${e.outcome}`)}
                </span>
              </td>
              <td className="audit-toggle">
                <Button className="button button-secondary button-small" aria-expanded={expanded} aria-controls={`audit-details-${e.seq}`} onPress={() => toggle(e.seq)}>
                  {expanded ? t('audit.hideDetails') : t('audit.showDetails')}
                </Button>
              </td>
            </tr>
            {expanded && (
              <tr className="audit-details-row">
                <td colSpan={columns} id={`audit-details-${e.seq}`}>
                  <dl className="audit-details">
                    <dt>{t('audit.seq')}</dt>
                    <dd>{e.seq}</dd>
                    {compact && e.target && (
                      <>
                        <dt>{t('audit.columns.target')}</dt>
                        <dd>
                          {t(`audit.targetTypes.${e.target.type}`, { defaultValue: e.target.type })} · {e.target.name || e.target.id}
                        </dd>
                      </>
                    )}
                    <dt>{t('audit.requestId')}</dt>
                    <dd>
                      <code>{e.requestId ?? '—'}</code>
                    </dd>
                    <dt>{t('audit.details')}</dt>
                    <dd>
                      <pre className="audit-json">{JSON.stringify(e.details, null, 2)}</pre>
                    </dd>
                    <dt>{t('audit.hash')}</dt>
                    <dd>
                      <code className="audit-hash">{e.hash}</code>
                    </dd>
                  </dl>
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </>
  );
}

/** The events as a table that scrolls sideways on a phone; `compact` leaves out the target column. */
export function AuditEventTable({ scope, events, caption, compact = false }: { scope: AuditScope; events: readonly AuditEvent[]; caption: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="audit-table-scroll">
      <table className="plain-table audit-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.columns.when')}</th>
            <th scope="col">{t('audit.columns.action')}</th>
            <th scope="col">{t('audit.columns.actor')}</th>
            {!compact && <th scope="col">{t('audit.columns.target')}</th>}
            <th scope="col">{t('audit.columns.outcome')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('audit.details')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <AuditEventRows scope={scope} events={events} compact={compact} />
        </tbody>
      </table>
    </div>
  );
}

export function AuditLogPage({ orgId }: { orgId?: string }) {
  const { t } = useTranslation();
  const scope: AuditScope = orgId ? { kind: 'org', orgId } : { kind: 'global' };
  const orgName = useOrgName(orgId ?? '', t('shell.organization'));
  const [filters, setFilters] = useState<AuditFilters>(initialFilters);
  const [from, setFrom] = useState<CalendarDate | null>(null);
  const [to, setTo] = useState<CalendarDate | null>(null);
  const applied: AuditFilters = { ...filters, from: dayStart(from), to: dayAfter(to) };
  const events = useAuditEvents(scope, applied);
  const verify = useVerifyChain();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));
  const trail = filters.trail ?? 'api';
  const crumbs = orgId
    ? [{ label: orgName, href: projectsPath(orgId) }, { label: t('audit.title') }]
    : [{ label: t('shell.nav.administration'), href: '/admin' }, { label: t('audit.title') }];

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        subtitle={orgId ? t('audit.orgSubtitle') : t('audit.subtitle')}
        crumbs={crumbs}
        actions={
          <div className="audit-actions">
            <a className="button button-secondary" href={exportHref(scope, applied, 'csv')} download>
              {t('audit.exportCsv')}
            </a>
            <a className="button button-secondary" href={exportHref(scope, applied, 'jsonl')} download>
              {t('audit.exportJsonl')}
            </a>
            {!orgId && (
              <Button className="button button-secondary" isPending={verify.isPending} onPress={() => verify.mutate(trail)}>
                {t('audit.verify')}
              </Button>
            )}
          </div>
        }
      />
      <div role="status" className="audit-verify-result">
        {verify.data &&
          (verify.data.ok ? (
            <p className="status-badge" data-tone="good">
              {t('audit.verifyOk', { count: verify.data.checked })}
            </p>
          ) : (
            <p className="status-badge" data-tone="bad">
              {t('audit.verifyBroken', { seq: verify.data.firstBroken?.seq ?? 0, reason: t(`audit.brokenReasons.${verify.data.firstBroken?.reason ?? 'edited'}`) })}
            </p>
          ))}
      </div>
      {verify.isError && <QueryError error={verify.error} onRetry={() => verify.mutate(trail)} />}
      <div className="list-toolbar audit-filters">
        {!orgId && (
          <FilterSelect<AuditTrail>
            label={t('audit.filters.trail')}
            value={trail}
            options={AUDIT_TRAILS.map((value) => ({ value, label: t(`audit.trails.${value}`) }))}
            onChange={(chosen) => {
              verify.reset();
              set({ trail: chosen === 'api' ? undefined : chosen });
            }}
          />
        )}
        <ListSearch label={t('audit.filters.actor')} value={filters.actor ?? ''} onChange={(actor) => set({ actor: actor.trim() || undefined })} />
        <ListSearch
          label={t('audit.filters.target')}
          value={filters.target ?? filters.subject ?? ''}
          onChange={(target) => set({ target: target.trim() || undefined, subject: undefined })}
        />
        <FilterSelect<AuditGroup | ''>
          label={t('audit.filters.group')}
          value={filters.group ?? ''}
          options={[{ value: '', label: t('audit.filters.allGroups') }, ...AUDIT_GROUPS.map((value) => ({ value, label: t(`audit.groups.${value}`) }))]}
          onChange={(group) => set({ group })}
        />
        <FilterSelect<AuditOutcome | ''>
          label={t('audit.filters.outcome')}
          value={filters.outcome ?? ''}
          options={[{ value: '', label: t('audit.filters.allOutcomes') }, ...AUDIT_OUTCOMES.map((value) => ({ value, label: t(`audit.outcomes.${value}`) }))]}
          onChange={(outcome) => set({ outcome })}
        />
        <DateField label={t('audit.filters.from')} value={from} onChange={setFrom} maxValue={to ?? undefined} />
        <DateField label={t('audit.filters.to')} value={to} onChange={setTo} minValue={from ?? undefined} />
      </div>
      {events.isError && <QueryError error={events.error} onRetry={() => void events.refetch()} />}
      {events.isPending && <div className="spinner" />}
      {events.isSuccess && items.length === 0 && (
        <p className="panel-text">{Object.entries(applied).some(([key, value]) => key !== 'trail' && value) ? t('audit.noMatches') : t('audit.empty')}</p>
      )}
      {items.length > 0 && <AuditEventTable scope={scope} events={items} caption={t('audit.title')} />}
      {events.hasNextPage && (
        <Button className="button button-secondary" isPending={events.isFetchingNextPage} onPress={() => void events.fetchNextPage()}>
          {t('audit.older')}
        </Button>
      )}
    </>
  );
}
