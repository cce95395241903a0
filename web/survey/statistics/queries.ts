/** A project's statistics across its processed walks: per network (one page, sorted by the API), per channel and per network name. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NamedNetwork } from '../../lib/api-types.js';
import { pageQuery } from '../../lib/list-params.js';
import { projectKeys } from '../projects/queries.js';
import { useSurveySource } from '../survey-source.js';

export const NETWORK_SORTS = ['signal', 'samples', 'coverage', 'name', 'channel'] as const;
export type NetworkSort = (typeof NETWORK_SORTS)[number];

export interface NetworkQuery {
  q: string;
  band: string;
  sort: NetworkSort;
  page: number;
  perPage: number;
}

const statisticsKeys = {
  networks: (projectId: string, query: NetworkQuery) => [...projectKeys.detail(projectId), 'statistics', 'networks', query] as const,
  channels: (projectId: string) => [...projectKeys.detail(projectId), 'statistics', 'channels'] as const,
  names: (projectId: string) => [...projectKeys.detail(projectId), 'statistics', 'names'] as const,
  stats: (projectId: string) => [...projectKeys.detail(projectId), 'statistics', 'stats'] as const,
};

export function useNetworkStatistics(projectId: string, query: NetworkQuery) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...statisticsKeys.networks(projectId, query)],
    queryFn: ({ signal }) => source.networkStatistics(projectId, { ...pageQuery(query), band: query.band || undefined }, signal),
    // The table needs a key per row; a network is its technology, id and channel.
    select: (page) => ({ ...page, items: page.items.map((n) => ({ ...n, id: `${n.technology}|${n.networkId}|${n.channel}` })) }),
    placeholderData: keepPreviousData,
  });
}

/** Channels of one building are a few dozen; one page holds them all. */
export function useChannelStatistics(projectId: string) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...statisticsKeys.channels(projectId)],
    queryFn: ({ signal }) => source.channels(projectId, 100, signal),
  });
}

/** The survey's figures (coverage per technology) the technology cards add up. */
export function useSurveyStats(projectId: string) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...statisticsKeys.stats(projectId)],
    queryFn: ({ signal }) => source.stats(projectId, signal),
  });
}

/** Every name, all pages: the per-technology totals add them up, so none may be missing. */
export function useNamedNetworks(projectId: string) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...statisticsKeys.names(projectId)],
    queryFn: async ({ signal }) => {
      const items: NamedNetwork[] = [];
      for (let page = 1; ; page++) {
        const answer = await source.namedNetworks(projectId, page, 100, signal);
        items.push(...answer.items);
        if (page * answer.perPage >= answer.total || answer.items.length === 0) return items;
      }
    },
  });
}
