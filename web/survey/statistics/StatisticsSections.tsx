/**
 * What a survey's walks heard. Per technology its radios and coverage; per network name its
 * radios, bands, channels and floors; every network with its band, channel, signal range and
 * coverage (searchable, sortable, paged by the API, kept in the address); and per band how
 * crowded each channel is. Read through the survey source (survey-source.tsx), so the project's
 * statistics page and a share link's page show the same sections.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { useListParams } from '../../lib/list-params.js';
import { DataTable, type DataColumn } from '../../ui/DataTable.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { ListSearch } from '../../ui/ListSearch.js';
import { QueryError } from '../../ui/QueryError.js';
import { useNetworkTechnologies } from '../floor/queries.js';
import { ChannelChart } from './ChannelChart.js';
import { NetworkNamesTable } from './NetworkNamesTable.js';
import { NETWORK_SORTS, useChannelStatistics, useNamedNetworks, useNetworkStatistics, useSurveyStats, type NetworkSort } from './queries.js';
import { technologySummaries } from './technology-summary.js';
import { TechnologyCards } from './TechnologyCards.js';

type NetworkRow = NonNullable<ReturnType<typeof useNetworkStatistics>['data']>['items'][number];

/** `projectId` names the project on the signed-in API; a share link's source ignores it. */
export function StatisticsSections({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useListParams<NetworkSort>({ sort: 'signal', sorts: NETWORK_SORTS, filters: { band: '' } });
  const channels = useChannelStatistics(projectId);
  const bands = [...new Set((channels.data?.items ?? []).map((c) => c.band))].sort();
  const band = bands.includes(params.filters.band ?? '') ? params.filters.band! : '';
  const networks = useNetworkStatistics(projectId, { q: params.q, band, sort: params.sort, page: params.page, perPage: params.perPage });
  const technologies = useNetworkTechnologies();
  const stats = useSurveyStats(projectId);
  const names = useNamedNetworks(projectId);
  const technologyName = (id: string) => technologies.data?.items.find((x) => x.id === id)?.name ?? id;
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });

  const dbm = (v: number) => `${whole.format(v)} dBm`;
  const columns: DataColumn<NetworkRow, NetworkSort>[] = [
    {
      id: 'name',
      header: t('survey.statistics.ssid'),
      isRowHeader: true,
      sort: { value: 'name', direction: 'ascending' },
      cell: (n) => <span className="cell-strong">{n.name || t('survey.viewer.hiddenNetwork')}</span>,
    },
    { id: 'bssid', header: t('survey.statistics.bssid'), cell: (n) => <code>{n.networkId}</code> },
    { id: 'band', header: t('survey.viewer.band'), cell: (n) => n.band },
    { id: 'channel', header: t('survey.viewer.channel'), align: 'end', sort: { value: 'channel', direction: 'ascending' }, cell: (n) => n.channel },
    { id: 'signal', header: t('survey.statistics.signal'), align: 'end', sort: { value: 'signal', direction: 'descending' }, cell: (n) => <SignalRange n={n} format={dbm} /> },
    { id: 'samples', header: t('survey.statistics.samples'), align: 'end', sort: { value: 'samples', direction: 'descending' }, cell: (n) => whole.format(n.samples) },
    {
      id: 'coverage',
      header: t('survey.statistics.coverage'),
      align: 'end',
      sort: { value: 'coverage', direction: 'descending' },
      cell: (n) => `${whole.format(n.coveragePercent)} %`,
    },
  ];

  const byBand = new Map<string, NonNullable<typeof channels.data>['items']>();
  for (const c of channels.data?.items ?? []) {
    const key = `${technologyName(c.technology)} · ${c.band}`;
    byBand.set(key, [...(byBand.get(key) ?? []), c]);
  }

  return (
    <>
      <section aria-labelledby="technologies-title" className="statistics-section">
        <h2 id="technologies-title" className="section-title">
          {t('survey.statistics.technologies')}
        </h2>
        <p className="panel-text">{t('survey.statistics.technologiesHint')}</p>
        {stats.isError || names.isError ? (
          <QueryError error={stats.error ?? names.error} onRetry={() => void (stats.isError ? stats.refetch() : names.refetch())} />
        ) : !stats.data || !names.data ? (
          <div className="spinner" role="status" aria-label={t('common.loading')} />
        ) : stats.data.coverage.length === 0 && names.data.length === 0 ? (
          <p>{t('survey.statistics.none')}</p>
        ) : (
          <TechnologyCards rows={technologySummaries(names.data, stats.data.coverage, technologies.data?.items ?? [])} labelledBy="technologies-title" />
        )}
      </section>
      <section aria-labelledby="names-title" className="statistics-section">
        <h2 id="names-title" className="section-title">
          {t('survey.statistics.names')}
        </h2>
        <p className="panel-text">{t('survey.statistics.namesHint')}</p>
        {names.isError ? (
          <QueryError error={names.error} onRetry={() => void names.refetch()} />
        ) : !names.data ? (
          <div className="spinner" role="status" aria-label={t('common.loading')} />
        ) : names.data.length === 0 ? (
          <p>{t('survey.statistics.none')}</p>
        ) : (
          <NetworkNamesTable names={names.data} labelledBy="names-title" technologyName={technologyName} />
        )}
      </section>
      <section aria-labelledby="networks-title" className="statistics-section">
        <h2 id="networks-title" className="section-title">
          {t('survey.statistics.networks')}
        </h2>
        <div className="list-toolbar">
          <ListSearch label={t('survey.statistics.search')} value={params.q} onChange={(q) => setParams({ q })} />
          <FilterSelect
            label={t('survey.viewer.band')}
            value={band}
            options={[{ value: '', label: t('shell.all') }, ...bands.map((b) => ({ value: b, label: b }))]}
            onChange={(value) => setParams({ filters: { band: value } })}
          />
        </div>
        <DataTable label={t('survey.statistics.networks')} columns={columns} query={networks} params={params} onParamsChange={setParams} empty={t('survey.statistics.none')} />
      </section>
      <section aria-labelledby="channels-title" className="statistics-section">
        <h2 id="channels-title" className="section-title">
          {t('survey.statistics.channels')}
        </h2>
        <p className="panel-text">{t('survey.statistics.channelsHint')}</p>
        {channels.isError ? (
          <QueryError error={channels.error} onRetry={() => void channels.refetch()} />
        ) : (
          <div className="channel-charts">
            {[...byBand].map(([label, items]) => (
              <ChannelChart key={label} band={label} channels={items} />
            ))}
            {channels.data && byBand.size === 0 && <p>{t('survey.statistics.none')}</p>}
          </div>
        )}
      </section>
    </>
  );
}

function SignalRange({ n, format }: { n: NetworkRow; format: (v: number) => ReactNode }) {
  return (
    <span className="signal-range">
      {format(n.meanSignalDbm)}
      <span className="signal-range-detail">
        {format(n.minSignalDbm)} … {format(n.maxSignalDbm)}
      </span>
    </span>
  );
}
