/**
 * A floor as its page needs it: the floor, its plans, its tracks (polled while one is being
 * processed), and per track the decoded layers and measured places. Layers are fetched once per
 * processing run and kept: switching views and filters is computed in the browser.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { DatasetPage, Track } from '../../lib/api-types.js';
import type { PlanPoint } from '../heatmap/PlanViewport.js';
import { useSurveySource, type SurveySource } from '../survey-source.js';
import { trackLayers } from '../../../shared/heatmap/track-layers.js';
import type { Wall } from '../../../shared/heatmap/walls.js';
import type { ControlPoint } from '../../../shared/geo/georeference.js';

/** Floors hold a handful of plans and a few dozen walks; one page shows them all. */
const ALL = 100;
const POLL_MS = 1500;

export const floorKeys = {
  all: ['floors'] as const,
  detail: (floorId: string) => [...floorKeys.all, floorId] as const,
  floorplans: (floorId: string) => [...floorKeys.detail(floorId), 'floorplans'] as const,
  tracks: (floorId: string) => [...floorKeys.detail(floorId), 'tracks'] as const,
  layers: (trackId: string, processedAt: string | null) => ['tracks', trackId, 'layers', processedAt] as const,
  points: (trackId: string) => ['tracks', trackId, 'points'] as const,
  walls: (floorId: string, floorplanId: string) => [...floorKeys.detail(floorId), 'floorplans', floorplanId, 'walls'] as const,
  georeference: (floorId: string, floorplanId: string) => [...floorKeys.detail(floorId), 'floorplans', floorplanId, 'georeference'] as const,
  reporting: (projectId: string) => ['projects', 'detail', projectId, 'reporting'] as const,
};

export function useFloor(floorId: string) {
  return useQuery({
    queryKey: floorKeys.detail(floorId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/floors/{floorId}', { params: { path: { floorId } }, signal }), signal),
  });
}

export function useFloorplans(floorId: string) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...floorKeys.floorplans(floorId)],
    queryFn: ({ signal }) => source.floorplans(floorId, ALL, signal),
  });
}

const busy = (t: Track) => t.status === 'queued' || t.status === 'processing';

export function useTracks(floorId: string) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...floorKeys.tracks(floorId)],
    queryFn: ({ signal }) => source.tracks(floorId, ALL, signal),
    // Processing status is live: ask again while a track waits or runs, stop once none does.
    refetchInterval: (query) => (query.state.data?.items.some(busy) ? POLL_MS : false),
  });
}

async function allDatasets(source: SurveySource, trackId: string, signal: AbortSignal): Promise<DatasetPage[]> {
  const pages: DatasetPage[] = [];
  for (let page = 1; ; page++) {
    const answer = await source.datasets(trackId, page, ALL, signal);
    pages.push(answer);
    if (page * answer.perPage >= answer.total) return pages;
  }
}

export function useTrackLayers(track: Track | undefined) {
  const ready = track?.status === 'processed';
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...floorKeys.layers(track?.id ?? '', track?.finishedAt ?? null)],
    queryFn: async ({ signal }) => trackLayers(await allDatasets(source, track!.id, signal)),
    enabled: ready,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTrackPoints(trackId: string | undefined) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...floorKeys.points(trackId ?? '')],
    queryFn: ({ signal }) => source.points(trackId!, signal),
    enabled: Boolean(trackId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReportingSettings(projectId: string | undefined) {
  return useQuery({
    queryKey: floorKeys.reporting(projectId ?? ''),
    queryFn: ({ signal }) => dataOf(api.GET('/api/projects/{projectId}/reporting/settings', { params: { path: { projectId: projectId! } }, signal }), signal),
    enabled: Boolean(projectId),
  });
}

export function useCalibrate(floorId: string, floorplanId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { points: [PlanPoint, PlanPoint]; distanceM: number; origin: PlanPoint; rotationDeg: number }) =>
      dataOf(api.PUT('/api/floorplans/{floorplanId}', { params: { path: { floorplanId } }, body })),
    // The plan's walks are queued again at the new scale: refresh both.
    onSuccess: () => client.invalidateQueries({ queryKey: floorKeys.detail(floorId) }),
  });
}

/** A plan's walls, from the signed-in API or a share link's mirror. */
export function useWalls(floorId: string, floorplanId: string | undefined) {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, ...floorKeys.walls(floorId, floorplanId ?? '')],
    queryFn: ({ signal }): Promise<Wall[]> => source.walls(floorplanId!, signal),
    enabled: Boolean(floorplanId),
  });
}

export function useSaveWalls(floorId: string, floorplanId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (walls: Wall[]) => (await dataOf(api.PUT('/api/floorplans/{floorplanId}/walls', { params: { path: { floorplanId } }, body: { walls } }))).walls,
    onSuccess: (walls) => {
      client.setQueryData(floorKeys.walls(floorId, floorplanId), walls);
      // A change queues the plan's walks again: show them waiting.
      return client.invalidateQueries({ queryKey: floorKeys.tracks(floorId) });
    },
  });
}

/** A plan's control points (pixel ↔ latitude/longitude), each with its residual. */
export function useGeoreference(floorId: string, floorplanId: string | undefined) {
  return useQuery({
    queryKey: floorKeys.georeference(floorId, floorplanId ?? ''),
    queryFn: ({ signal }) => dataOf(api.GET('/api/floorplans/{floorplanId}/georeference', { params: { path: { floorplanId: floorplanId! } }, signal }), signal),
    enabled: Boolean(floorplanId),
  });
}

export function useSaveGeoreference(floorId: string, floorplanId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (controlPoints: ControlPoint[]) => dataOf(api.PUT('/api/floorplans/{floorplanId}/georeference', { params: { path: { floorplanId } }, body: { controlPoints } })),
    onSuccess: (stored) => client.setQueryData(floorKeys.georeference(floorId, floorplanId), stored),
  });
}

/** Saves a walk's positions (placing it, or correcting it); the API queues it for processing. */
export function usePlaceTrack(floorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, points }: { trackId: string; points: { time: number; x: number; y: number }[] }) =>
      dataOf(api.PUT('/api/tracks/{trackId}/positions', { params: { path: { trackId } }, body: { points } })),
    onSuccess: (_track, { trackId }) =>
      Promise.all([client.invalidateQueries({ queryKey: floorKeys.tracks(floorId) }), client.invalidateQueries({ queryKey: floorKeys.points(trackId) })]),
  });
}

export function useProcessTrack(floorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) => dataOf(api.POST('/api/tracks/{trackId}/process', { params: { path: { trackId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: floorKeys.tracks(floorId) }),
  });
}

export function useNetworkTechnologies() {
  const source = useSurveySource();
  return useQuery({
    queryKey: [...source.scope, 'networktechnologies'],
    queryFn: ({ signal }) => source.technologies(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
