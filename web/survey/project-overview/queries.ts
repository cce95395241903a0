/** One project, its figures and its floors, as the overview shows them. */
import { useQuery } from '@tanstack/react-query';
import type { ApiPage, Floor, Project, ProjectStats } from '../../lib/api-types.js';
import { request } from '../../lib/http.js';
import { projectKeys } from '../projects/queries.js';

/** Floors of one building: a project rarely has more, and the overview lists them all. */
const FLOORS_SHOWN = 100;

const projectPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export function useProject(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: async ({ signal }) => (await request<Project>(projectPath(projectId), { signal })).data,
  });
}

export function useProjectStats(projectId: string) {
  return useQuery({
    queryKey: projectKeys.stats(projectId),
    queryFn: async ({ signal }) => (await request<ProjectStats>(`${projectPath(projectId)}/stats`, { signal })).data,
  });
}

export function useProjectFloors(projectId: string) {
  return useQuery({
    queryKey: projectKeys.floors(projectId),
    queryFn: async ({ signal }) =>
      (await request<ApiPage<Floor>>(`${projectPath(projectId)}/floors`, { params: { per_page: FLOORS_SHOWN }, signal })).data,
  });
}
