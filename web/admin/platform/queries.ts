/**
 * The identity platform's project as global administrators manage it through the project API
 * under `/.ory` (the installation is its one project): the configuration and its revisions, the
 * API keys and the members. Calls go through the one HTTP client, which sends the XSRF pair the
 * gateway asks of unsafe methods.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/http.js';
import { permissionKeys } from '../../shell/use-permissions.js';
import type { PatchOperation } from './config-patch.js';
import type { ApiKey, PlatformMember, PlatformProject, ProjectMetadata, ProjectRevision, ProjectUpdate } from './platform-types.js';

const PROJECTS = '/.ory/projects';
const projectUrl = (projectId: string) => `${PROJECTS}/${encodeURIComponent(projectId)}`;

export const platformKeys = {
  all: ['platform'] as const,
  projects: () => [...platformKeys.all, 'projects'] as const,
  project: (projectId: string) => [...platformKeys.all, 'project', projectId] as const,
  revisions: (projectId: string) => [...platformKeys.all, 'revisions', projectId] as const,
  apiKeys: (projectId: string) => [...platformKeys.all, 'api-keys', projectId] as const,
  members: (projectId: string) => [...platformKeys.all, 'members', projectId] as const,
};

/** The installation's project (the list holds exactly one). */
export function useProjectList() {
  return useQuery({
    queryKey: platformKeys.projects(),
    queryFn: async ({ signal }) => (await request<ProjectMetadata[]>(PROJECTS, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useProject(projectId: string) {
  return useQuery({
    queryKey: platformKeys.project(projectId),
    queryFn: async ({ signal }) => (await request<PlatformProject>(projectUrl(projectId), { signal })).data,
  });
}

export interface RevisionPatch {
  /** The revision the change was made against: the API refuses it (409) once the project moved on. */
  revisionId: string;
  operations: PatchOperation[];
}

/** The answer is the changed project: shown at once, without asking again. */
export function usePatchProject(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ revisionId, operations }: RevisionPatch) =>
      (await request<ProjectUpdate>(`${projectUrl(projectId)}/revision/${encodeURIComponent(revisionId)}`, { method: 'PATCH', body: operations })).data,
    onSuccess: (update) => {
      client.setQueryData(platformKeys.project(projectId), update.project);
      return client.invalidateQueries({ queryKey: platformKeys.revisions(projectId) });
    },
  });
}

export function useRevisions(projectId: string) {
  return useQuery({
    queryKey: platformKeys.revisions(projectId),
    queryFn: async ({ signal }) => (await request<ProjectRevision[]>(`${projectUrl(projectId)}/revisions`, { signal })).data,
  });
}

export function useApiKeys(projectId: string) {
  return useQuery({
    queryKey: platformKeys.apiKeys(projectId),
    queryFn: async ({ signal }) => (await request<ApiKey[]>(`${projectUrl(projectId)}/tokens`, { signal })).data,
  });
}

export interface NewApiKey {
  name: string;
  expires_at?: string;
}

/**
 * The answer carries the key's value, the only time it is ever sent: the list is read again
 * rather than given this answer, so the value lives only in the dialog that shows it.
 */
export function useCreateApiKey(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (key: NewApiKey) => (await request<ApiKey>(`${projectUrl(projectId)}/tokens`, { method: 'POST', body: key })).data,
    // Nor is the answer kept in the mutation cache once its dialog is gone.
    gcTime: 0,
    onSuccess: () => client.invalidateQueries({ queryKey: platformKeys.apiKeys(projectId) }),
  });
}

export function useRevokeApiKey(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => request(`${projectUrl(projectId)}/tokens/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: platformKeys.apiKeys(projectId) }),
  });
}

export function useMembers(projectId: string) {
  return useQuery({
    queryKey: platformKeys.members(projectId),
    queryFn: async ({ signal }) => (await request<PlatformMember[]>(`${projectUrl(projectId)}/members`, { signal })).data,
  });
}

/** A member removed is a global administrator no more: the caller's own rights may have changed too. */
export function useRemoveMember(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => request(`${projectUrl(projectId)}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: platformKeys.members(projectId) }), client.invalidateQueries({ queryKey: permissionKeys.all })]),
  });
}
