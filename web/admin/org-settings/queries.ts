/** One organisation as its settings page reads, changes and deletes it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client.js';
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
