/** Creating, changing and deleting projects and floors; each refreshes the lists that show them. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { Write } from '../../lib/api-types.js';
import { floorKeys } from '../floor/queries.js';
import { projectKeys } from '../projects/queries.js';

export type ProjectValues = Write<'/api/orgs/{orgId}/projects', 'post'>;
export type ProjectChange = Write<'/api/projects/{projectId}', 'put'>;
export type FloorValues = Write<'/api/projects/{projectId}/floors', 'post'>;

export function useCreateProject(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectValues) => dataOf(api.POST('/api/orgs/{orgId}/projects', { params: { path: { orgId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.lists(orgId) }),
  });
}

export function useUpdateProject(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectChange) => dataOf(api.PUT('/api/projects/{projectId}', { params: { path: { projectId } }, body })),
    onSuccess: (project) => {
      client.setQueryData(projectKeys.detail(projectId), project);
      return client.invalidateQueries({ queryKey: projectKeys.lists(project.orgId) });
    },
  });
}

export function useDeleteProject(projectId: string, orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/projects/{projectId}', { params: { path: { projectId } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: projectKeys.detail(projectId) });
      return client.invalidateQueries({ queryKey: projectKeys.lists(orgId) });
    },
  });
}

export function useCreateFloor(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FloorValues) => dataOf(api.POST('/api/projects/{projectId}/floors', { params: { path: { projectId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

export function useUpdateFloor(projectId: string, floorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FloorValues) => dataOf(api.PUT('/api/floors/{floorId}', { params: { path: { floorId } }, body })),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }), client.invalidateQueries({ queryKey: floorKeys.detail(floorId) })]),
  });
}

export function useDeleteFloor(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (floorId: string) => dataOf(api.DELETE('/api/floors/{floorId}', { params: { path: { floorId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
