/**
 * The provider's applications, one page at a time: the provider pages with tokens, not numbers,
 * so the way back is the tokens already followed. The search finds applications by their exact
 * name (what the provider can look up). Without any application the table explains what one is.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { OAuth2Application } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { AppLink } from '../../ui/AppLink.js';
import { DateText } from '../../ui/DateText.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { QueryError } from '../../ui/QueryError.js';
import { isPublic } from './application-form.js';
import { CopyableValue } from './CopyableValue.js';
import { applicationPath } from './oauth2-path.js';
import { useApplications } from './queries.js';
import '../../ui/data-table.css';
import { EmptyTableRow } from '../../ui/EmptyTableRow.js';
import { ScrollRegion } from '../../ui/ScrollRegion.js';

function UrisSummary({ uris }: { uris: readonly string[] }) {
  const { t } = useTranslation();
  if (uris.length === 0) return <span className="cell-muted">{t('oauth2Admin.none')}</span>;
  return (
    <span className="uri-summary" title={uris.join('\n')}>
      <span className="uri-summary-first">{uris[0]}</span>
      {uris.length > 1 && <span className="cell-muted"> {t('oauth2Admin.andMore', { n: uris.length - 1 })}</span>}
    </span>
  );
}

export function ApplicationsTable({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  // The tokens of the pages before the current one, and the current page's.
  const [trail, setTrail] = useState<(string | undefined)[]>([undefined]);
  const pageToken = trail.at(-1);
  const query = useApplications(name, pageToken);
  const items = query.data?.items ?? [];
  const next = query.data?.nextPageToken ?? null;

  function search(text: string) {
    setName(text.trim());
    setTrail([undefined]);
  }

  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const firstEver = !name && trail.length === 1 && query.data && items.length === 0;

  if (firstEver) {
    return (
      <section className="panel empty-panel" aria-labelledby="oauth2-empty">
        <h2 id="oauth2-empty" className="panel-title">
          {t('oauth2Admin.emptyTitle')}
        </h2>
        <p className="panel-text">{t('oauth2Admin.emptyText')}</p>
        <Button className="button button-primary" onPress={onAdd}>
          {t('oauth2Admin.add')}
        </Button>
      </section>
    );
  }

  return (
    <>
      <div className="list-toolbar">
        <ListSearch label={t('oauth2Admin.search')} value={name} onChange={search} />
      </div>
      <div className="data-table">
        <ScrollRegion label={t('oauth2Admin.applications')} busy={query.isFetching}>
          {query.isFetching && !query.isPending && <div className="data-table-progress" aria-hidden="true" />}
          <table className="table" aria-label={t('oauth2Admin.applications')}>
            <thead>
              <tr>
                <th scope="col">{t('oauth2Admin.name')}</th>
                <th scope="col">{t('oauth2Admin.clientId')}</th>
                <th scope="col">{t('oauth2Admin.type')}</th>
                <th scope="col">{t('oauth2Admin.grantTypes')}</th>
                <th scope="col">{t('oauth2Admin.redirectUris')}</th>
                <th scope="col">{t('oauth2Admin.created')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a: OAuth2Application) => (
                <tr key={a.id} className="table-row">
                  <th scope="row">
                    <AppLink className="row-link" href={applicationPath(a.id)}>
                      <span className="cell-strong">{a.name || a.id}</span>
                    </AppLink>
                  </th>
                  <td>
                    <CopyableValue label={t('oauth2Admin.clientIdOf', { name: a.name || a.id })} value={a.id} compact />
                  </td>
                  <td>
                    <span className="status-badge" data-tone={isPublic(a) ? 'warn' : 'good'}>
                      {isPublic(a) ? t('oauth2Admin.public') : t('oauth2Admin.confidential')}
                    </span>
                  </td>
                  <td>{a.grantTypes.map((g) => t(`oauth2Admin.grants.${g}.short`, { defaultValue: g })).join(', ')}</td>
                  <td>
                    <UrisSummary uris={a.redirectUris} />
                  </td>
                  <td>
                    <DateText date={a.createdAt} />
                  </td>
                </tr>
              ))}
              {items.length === 0 && (
                <EmptyTableRow columns={6} loading={query.isPending}>
                  {t('shell.noMatches')}
                </EmptyTableRow>
              )}
            </tbody>
          </table>
        </ScrollRegion>
        {(trail.length > 1 || next) && (
          <nav className="pagination" aria-label={t('shell.pagination')}>
            <p className="pagination-range" aria-live="polite">
              {t('oauth2Admin.pageNumber', { page: trail.length })}
            </p>
            <span className="pagination-pages">
              <Button className="button button-secondary button-small" isDisabled={trail.length <= 1} onPress={() => setTrail((current) => current.slice(0, -1))}>
                {t('shell.previousPage')}
              </Button>
              <Button className="button button-secondary button-small" isDisabled={!next} onPress={() => next && setTrail((current) => [...current, next])}>
                {t('shell.nextPage')}
              </Button>
            </span>
          </nav>
        )}
        {query.isError && query.data && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      </div>
    </>
  );
}
