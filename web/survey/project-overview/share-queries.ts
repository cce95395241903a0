/** A project's share links: the list, making one (its URL is in that answer only), revoking one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import type { NewShareLink } from '../../lib/api-types.js';
import { projectKeys } from '../projects/queries.js';

/** The API's largest page: a project rarely has more links than this, revoked ones included. */
const ALL = 100;

export const shareLinkKeys = {
  list: (projectId: string) => [...projectKeys.detail(projectId), 'shares'] as const,
};

export function useShareLinks(projectId: string) {
  return useQuery({
    queryKey: shareLinkKeys.list(projectId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/projects/{projectId}/shares', { params: { path: { projectId }, query: { per_page: ALL } }, signal }), signal),
  });
}

export function useCreateShareLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewShareLink) => dataOf(api.POST('/api/projects/{projectId}/shares', { params: { path: { projectId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.list(projectId) }),
  });
}

export function useRevokeShareLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => dataOf(api.DELETE('/api/projects/{projectId}/shares/{shareId}', { params: { path: { projectId, shareId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.list(projectId) }),
  });
}
