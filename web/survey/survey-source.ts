/**
 * Where the survey's read-only pieces (the heatmap viewer's data, photos, statistics) read from:
 * the signed-in API by default, or a share link's mirrors (`/api/share/{token}/…`) on the public
 * share page. The components and their hooks are the same; only this object differs, so a link's
 * page shows exactly what a project's members see, with nothing of the session involved.
 */
import { createContext, useContext } from 'react';
import { api, dataOf } from '../lib/api-client.js';
import type {
  ApiPage,
  ChannelStatisticsPage,
  DatasetPage,
  Floorplan,
  NamedNetworkPage,
  NetworkStatisticsPage,
  NetworkTechnologies,
  Photo,
  SurveyStats,
  Track,
  TrackPoints,
} from '../lib/api-types.js';
import type { Wall } from '../../shared/heatmap/walls.js';

/** A page of the per-network statistics. */
export interface NetworkStatisticsArgs {
  q?: string;
  sort?: 'signal' | 'samples' | 'coverage' | 'name' | 'channel';
  band?: string;
  page: number;
  per_page: number;
}

export interface SurveySource {
  /** Prefixes every query key, so a link's answers never mix with a session's in one cache. */
  scope: readonly string[];
  floorplans(floorId: string, perPage: number, signal: AbortSignal): Promise<ApiPage<Floorplan>>;
  tracks(floorId: string, perPage: number, signal: AbortSignal): Promise<ApiPage<Track>>;
  datasets(trackId: string, page: number, perPage: number, signal: AbortSignal): Promise<DatasetPage>;
  points(trackId: string, signal: AbortSignal): Promise<TrackPoints>;
  walls(floorplanId: string, signal: AbortSignal): Promise<Wall[]>;
  photos(floorId: string, perPage: number, signal: AbortSignal): Promise<ApiPage<Photo>>;
  technologies(signal: AbortSignal): Promise<NetworkTechnologies>;
  /** The `projectId` is the signed-in API's; a link knows its project. */
  stats(projectId: string, signal: AbortSignal): Promise<SurveyStats>;
  networkStatistics(projectId: string, query: NetworkStatisticsArgs, signal: AbortSignal): Promise<NetworkStatisticsPage>;
  channels(projectId: string, perPage: number, signal: AbortSignal): Promise<ChannelStatisticsPage>;
  namedNetworks(projectId: string, page: number, perPage: number, signal: AbortSignal): Promise<NamedNetworkPage>;
}

export const sessionSource: SurveySource = {
  scope: [],
  floorplans: (floorId, perPage, signal) => dataOf(api.GET('/api/floors/{floorId}/floorplans', { params: { path: { floorId }, query: { per_page: perPage } }, signal }), signal),
  tracks: (floorId, perPage, signal) => dataOf(api.GET('/api/floors/{floorId}/tracks', { params: { path: { floorId }, query: { per_page: perPage } }, signal }), signal),
  datasets: (trackId, page, perPage, signal) =>
    dataOf(api.GET('/api/tracks/{trackId}/datasets', { params: { path: { trackId }, query: { include: 'values', page, per_page: perPage } }, signal }), signal),
  points: (trackId, signal) => dataOf(api.GET('/api/tracks/{trackId}/points', { params: { path: { trackId } }, signal }), signal),
  walls: async (floorplanId, signal) => (await dataOf(api.GET('/api/floorplans/{floorplanId}/walls', { params: { path: { floorplanId } }, signal }), signal)).walls,
  photos: (floorId, perPage, signal) => dataOf(api.GET('/api/floors/{floorId}/photos', { params: { path: { floorId }, query: { per_page: perPage } }, signal }), signal),
  technologies: (signal) => dataOf(api.GET('/api/networktechnologies', { signal }), signal),
  stats: (projectId, signal) => dataOf(api.GET('/api/projects/{projectId}/stats', { params: { path: { projectId } }, signal }), signal),
  networkStatistics: (projectId, query, signal) =>
    dataOf(api.GET('/api/projects/{projectId}/statistics/networkstatistics', { params: { path: { projectId }, query }, signal }), signal),
  channels: (projectId, perPage, signal) =>
    dataOf(api.GET('/api/projects/{projectId}/statistics/channels', { params: { path: { projectId }, query: { per_page: perPage } }, signal }), signal),
  namedNetworks: (projectId, page, perPage, signal) =>
    dataOf(api.GET('/api/projects/{projectId}/statistics/networks', { params: { path: { projectId }, query: { page, per_page: perPage } }, signal }), signal),
};

/** The read-only mirrors a share link opens; the token is the link's secret. */
export function shareSource(shareToken: string): SurveySource {
  return {
    scope: ['share', shareToken],
    floorplans: (floorId, perPage, signal) =>
      dataOf(api.GET('/api/share/{shareToken}/floors/{floorId}/floorplans', { params: { path: { shareToken, floorId }, query: { per_page: perPage } }, signal }), signal),
    tracks: (floorId, perPage, signal) =>
      dataOf(api.GET('/api/share/{shareToken}/floors/{floorId}/tracks', { params: { path: { shareToken, floorId }, query: { per_page: perPage } }, signal }), signal),
    datasets: (trackId, page, perPage, signal) =>
      dataOf(
        api.GET('/api/share/{shareToken}/tracks/{trackId}/datasets', { params: { path: { shareToken, trackId }, query: { include: 'values', page, per_page: perPage } }, signal }),
        signal,
      ),
    points: (trackId, signal) => dataOf(api.GET('/api/share/{shareToken}/tracks/{trackId}/points', { params: { path: { shareToken, trackId } }, signal }), signal),
    walls: async (floorplanId, signal) =>
      (await dataOf(api.GET('/api/share/{shareToken}/floorplans/{floorplanId}/walls', { params: { path: { shareToken, floorplanId } }, signal }), signal)).walls,
    photos: (floorId, perPage, signal) =>
      dataOf(api.GET('/api/share/{shareToken}/floors/{floorId}/photos', { params: { path: { shareToken, floorId }, query: { per_page: perPage } }, signal }), signal),
    technologies: (signal) => dataOf(api.GET('/api/share/{shareToken}/networktechnologies', { params: { path: { shareToken } }, signal }), signal),
    stats: (_projectId, signal) => dataOf(api.GET('/api/share/{shareToken}/stats', { params: { path: { shareToken } }, signal }), signal),
    networkStatistics: (_projectId, query, signal) =>
      dataOf(api.GET('/api/share/{shareToken}/statistics/networkstatistics', { params: { path: { shareToken }, query }, signal }), signal),
    channels: (_projectId, perPage, signal) =>
      dataOf(api.GET('/api/share/{shareToken}/statistics/channels', { params: { path: { shareToken }, query: { per_page: perPage } }, signal }), signal),
    namedNetworks: (_projectId, page, perPage, signal) =>
      dataOf(api.GET('/api/share/{shareToken}/statistics/networks', { params: { path: { shareToken }, query: { page, per_page: perPage } }, signal }), signal),
  };
}

const SourceContext = createContext<SurveySource>(sessionSource);

/** The share page wraps its pieces in this with `shareSource(token)`; without it they read the signed-in API. */
export const SurveySourceProvider = SourceContext.Provider;

export function useSurveySource(): SurveySource {
  return useContext(SourceContext);
}
