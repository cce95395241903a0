/** One organisation as its settings page reads, changes and deletes it, and its logo. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
import { HttpError, request } from '../../lib/http.js';
import { orgKeys } from '../../shell/org-queries.js';
import type { OrgFormValues } from '../orgs/org-form.js';
import { orgBody } from '../orgs/org-form.js';

export function useOrg(orgId: string) {
  return useQuery({
    queryKey: orgKeys.detail(orgId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/orgs/{orgId}', { params: { path: { orgId } }, signal }), signal),
  });
}

export function useUpdateOrg(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: OrgFormValues) => dataOf(api.PUT('/api/orgs/{orgId}', { params: { path: { orgId } }, body: orgBody(values) })),
    onSuccess: async (org) => {
      client.setQueryData(orgKeys.detail(orgId), org);
      // The switcher and breadcrumbs show the name too.
      await client.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export function useDeleteOrg(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/orgs/{orgId}', { params: { path: { orgId } } })),
    onSuccess: async () => {
      client.removeQueries({ queryKey: orgKeys.detail(orgId) });
      await client.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export const logoKey = (orgId: string) => [...orgKeys.detail(orgId), 'logo'] as const;

/** The logo as an image, or null when the organisation has none (the API answers 404). */
export function useOrgLogo(orgId: string) {
  return useQuery({
    queryKey: logoKey(orgId),
    queryFn: async ({ signal }) => {
      // The typed client reads JSON; an image is read as it comes.
      const response = await fetch(`/api/orgs/${encodeURIComponent(orgId)}/logo`, { credentials: 'same-origin', signal });
      if (response.status === 404) return null;
      if (!response.ok)
        throw new HttpError(`Request failed with status code ${response.status}`, 'ERR_BAD_RESPONSE', { status: response.status, data: undefined, headers: response.headers });
      return response.blob();
    },
  });
}

export function useRemoveOrgLogo(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request(`/api/orgs/${encodeURIComponent(orgId)}/logo`, { method: 'DELETE' }),
    onSuccess: () => client.setQueryData(logoKey(orgId), null),
  });
}
