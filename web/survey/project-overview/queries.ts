/** One project, its figures and its floors, as the overview shows them. */
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { projectKeys } from '../projects/queries.js';

/** Floors of one building: a project rarely has more, and the overview lists them all. */
const FLOORS_SHOWN = 100;

export function useProject(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/projects/{projectId}', { params: { path: { projectId } }, signal }), signal),
  });
}

export function useProjectStats(projectId: string) {
  return useQuery({
    queryKey: projectKeys.stats(projectId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/projects/{projectId}/stats', { params: { path: { projectId } }, signal }), signal),
  });
}

export function useProjectFloors(projectId: string) {
  return useQuery({
    queryKey: projectKeys.floors(projectId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/projects/{projectId}/floors', { params: { path: { projectId }, query: { per_page: FLOORS_SHOWN } }, signal }), signal),
  });
}
